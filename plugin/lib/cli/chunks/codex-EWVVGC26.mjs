import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as o,b as t}from"./chunk-X7FVF7SD.mjs";import"./chunk-UHNEAFFF.mjs";import"./chunk-AOG7PZAB.mjs";import"./chunk-CXS6YJ7R.mjs";var m=["SessionStart","UserPromptSubmit","PreToolUse","PostToolUse","PreCompact","Stop"],r=o({agent:"codex",file:".codex/hooks.json",entries:e=>m.map(s=>({event:s,entry:{hooks:[{type:"command",command:e,timeout:30,statusMessage:"continuity"}]}})),commandsOf:t});export{m as CODEX_EVENTS,r as target};
