import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{M as c,X as d}from"./chunk-XO67OR7L.mjs";import{g as s}from"./chunk-FZNAQFRX.mjs";import{a}from"./chunk-LFWNAGAV.mjs";import{f as i}from"./chunk-GZFVOT7J.mjs";function g(){return a(process.cwd(),process.env)}async function C(r,f){let o=g(),n=await c(o),e=i(o)==="read-only",t=await s.open(o,{create:r.create,copy:e});try{let l=await f(t,{root:o,config:n,walled:e});return e||d(t,n,{adopt:r.adopt??!1}),l}finally{t.close()}}export{g as a,C as b};
