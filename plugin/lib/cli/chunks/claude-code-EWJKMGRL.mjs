import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-PIK3JXIC.mjs";import"./chunk-AA2MCHP3.mjs";import"./chunk-UHNEAFFF.mjs";import"./chunk-Q6POLIRL.mjs";import"./chunk-3XLOZEKD.mjs";import"./chunk-HTNSWZ2W.mjs";import"./chunk-AOG7PZAB.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as CLAUDE_CODE_WIRING,a as HOOK_TIMEOUT_SECONDS,d as claudeCodeHooks,c as hookEntry,e as target};
