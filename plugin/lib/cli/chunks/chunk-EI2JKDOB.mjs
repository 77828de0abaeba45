import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
function s(t){if(!t.startsWith("file:"))return!1;if(t.startsWith("file:///$bunfs/")&&!t.includes("%")&&!t.includes("\\")&&!t.includes("?")&&!t.includes("#")&&!t.includes("/."))return!0;let n;try{n=decodeURIComponent(new URL(t).pathname)}catch{return!1}return n.startsWith("/$bunfs/")||/^\/?[A-Z]:[\\/]~BUN[\\/]/i.test(n)}export{s as a};
