import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{b as n}from"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";async function l(){let{Database:e}=await import("bun:sqlite");return(a,t)=>{let r=t.readonly?new e(a,{readonly:!0}):new e(a,{create:!t.mustExist,readwrite:!0,strict:!0});return n("bun:sqlite",r)}}export{l as loadBunSqlite};
