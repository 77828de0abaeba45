import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as e,b as o}from"./chunk-USVDUJRG.mjs";import"./chunk-UHNEAFFF.mjs";import"./chunk-I4KP2VAS.mjs";import"./chunk-AOG7PZAB.mjs";import"./chunk-CXS6YJ7R.mjs";var m=["SessionStart","BeforeAgent","BeforeTool","AfterTool","AfterAgent","PreCompress"],s=e({agent:"gemini",file:".gemini/settings.json",entries:t=>m.map(n=>({event:n,entry:{hooks:[{name:"continuity",type:"command",command:t,timeout:3e4}]}})),commandsOf:o});export{m as GEMINI_EVENTS,s as target};
