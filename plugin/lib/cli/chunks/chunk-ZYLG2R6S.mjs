import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{accessSync as r,constants as t}from"node:fs";import{delimiter as s,join as c}from"node:path";function i(e){if(typeof e!="string"||!e)return!1;try{return r(e,t.X_OK),!0}catch{return!1}}function a(e,o=process.env){return(o.PATH??"").split(s).some(n=>!!n&&i(c(n,e)))}export{i as a,a as b};
