import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{f as r,g as n}from"./chunk-7KSADJ37.mjs";import{join as i}from"node:path";function m(t){return[...r,...n()].map(e=>i(t,e))}export{m as a};
