import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
function n(e){if(!e.startsWith("file:"))return!1;let t;try{t=decodeURIComponent(new URL(e).pathname)}catch{return!1}return t.startsWith("/$bunfs/")||/^\/?[A-Z]:[\\/]~BUN[\\/]/i.test(t)}export{n as a};
