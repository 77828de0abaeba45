import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var n=/^file:\/\/\/\$bunfs\/[^%\\?#]*$/;function s(t){if(!t.startsWith("file:"))return!1;if(n.test(t)&&!t.includes("/."))return!0;let e;try{e=decodeURIComponent(new URL(t).pathname)}catch{return!1}return e.startsWith("/$bunfs/")||/^\/?[A-Z]:[\\/]~BUN[\\/]/i.test(e)}export{s as a};
