import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as i,c as d}from"./chunk-3C2GUYKR.mjs";import{existsSync as p,mkdirSync as m,readFileSync as u,renameSync as f,rmSync as g,writeFileSync as v}from"node:fs";import{join as a,resolve as s}from"node:path";function c(r,o=process.env){return a(i(o),"guarded",`${d(s(r))}.json`)}function $(r,o=process.env){let t=c(r,o);if(!p(t))return!1;try{let e=JSON.parse(u(t,"utf8"));return typeof e.root!="string"||e.root===s(r)}catch{return!0}}function J(r,o,t=process.env){let e=c(r,t);try{if(p(e))return;m(a(e,".."),{recursive:!0});let n=`${e}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;v(n,`${JSON.stringify({v:1,root:s(r),at:o})}
`),f(n,e)}catch(n){process.stderr.write(`continuity: could not remember ${r} as guarded in ${e}: ${n.message.split(`
`)[0]}
`)}}function N(r,o=process.env){g(c(r,o),{force:!0})}export{c as a,$ as b,J as c,N as d};
