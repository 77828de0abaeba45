import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{e as s}from"./chunk-P6OXW77Q.mjs";import{a as i,b as l,d as a,e as f}from"./chunk-LUPPJPQY.mjs";import{a as e,b as r}from"./chunk-A5HBJMMP.mjs";async function h(c,g,u){try{return{...await a(c,u),fallback:null}}catch(t){if(!(t instanceof r)||t.exitCode!==e.config&&t.exitCode!==e.io)throw t;let o=t.message.split(`
`)[0],n=s(g.db,l.split("\\").join("/"));if(n?.content)try{return{config:await f(n.content),fallback:`${o}; the last authorised config is used`,text:null}}catch{}return{config:i,fallback:`${o}; the defaults are used`,text:null}}}export{h as a};
