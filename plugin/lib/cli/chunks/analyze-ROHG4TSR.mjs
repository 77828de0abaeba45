import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{h as a,i as b,j as c,k as d}from"./chunk-GHZ6B754.mjs";import"./chunk-DNZLWFRJ.mjs";import"./chunk-DM6LB5OF.mjs";import"./chunk-TKFWYERT.mjs";import"./chunk-ZOMBX33Y.mjs";import"./chunk-BTDKKMNR.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as ANALYSIS_BUDGET_MS,a as MAX_COMMAND_CHARS,c as analyzeCommand,d as analyzeParsed};
