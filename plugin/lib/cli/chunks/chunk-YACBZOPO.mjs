import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as t}from"./chunk-EI2JKDOB.mjs";import{dirname as o}from"node:path";import{fileURLToPath as s}from"node:url";function m(r){return t(r)?o(process.execPath):o(s(r))}function p(r,e){return t(r)?{cmd:process.execPath,args:e}:{cmd:process.execPath,args:[process.argv[1],...e]}}export{m as a,p as b};
