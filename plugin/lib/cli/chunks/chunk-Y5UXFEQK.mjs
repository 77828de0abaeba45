import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as t}from"./chunk-A5HBJMMP.mjs";function n(r){return process.stderr.write(JSON.stringify({ok:!1,error:"invalid_input",message:r})+`
`),t.invalidInput}function s(r,i){if(r.trim()==="")return{ok:!1,exitCode:n(`stdin is empty: expected ${i}`)};try{return{ok:!0,json:JSON.parse(r)}}catch(e){return{ok:!1,exitCode:n(`stdin is not valid JSON: ${(e instanceof Error?e.message:String(e)).split(`
`)[0]??""}`)}}}export{n as a,s as b};
