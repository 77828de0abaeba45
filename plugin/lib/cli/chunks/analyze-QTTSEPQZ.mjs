import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{h as a,i as b,j as c,k as d}from"./chunk-WJICYMGS.mjs";import"./chunk-PL3QSN7W.mjs";import"./chunk-WNZ5SBX2.mjs";import"./chunk-LIMZ3EL4.mjs";import"./chunk-KCRYIMVK.mjs";import"./chunk-IGGYH26S.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as ANALYSIS_BUDGET_MS,a as MAX_COMMAND_CHARS,c as analyzeCommand,d as analyzeParsed};
