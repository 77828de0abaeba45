import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{basename as n,extname as r,join as s}from"node:path";function i(t){let e=n(t.path);return s(".superpowers","sdd",e.slice(0,e.length-r(e).length),"progress.md").split("\\").join("/")}export{i as a};
