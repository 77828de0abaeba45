import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-O5WPI4GR.mjs";import"./chunk-VRQPT3LP.mjs";import"./chunk-3XLOZEKD.mjs";import"./chunk-UHNEAFFF.mjs";import"./chunk-Q6POLIRL.mjs";import"./chunk-PKEOEG5G.mjs";import"./chunk-PQPAOMUR.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as CLAUDE_CODE_WIRING,a as HOOK_TIMEOUT_SECONDS,d as claudeCodeHooks,c as hookEntry,e as target};
