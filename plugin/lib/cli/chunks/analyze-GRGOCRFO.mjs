import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{h as a,i as b,j as c,k as d}from"./chunk-UJM3YC7L.mjs";import"./chunk-IBJV6GOW.mjs";import"./chunk-PNVNUOJX.mjs";import"./chunk-MSWMLFCW.mjs";import"./chunk-A2MMAJYD.mjs";import"./chunk-SUERCKUC.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as ANALYSIS_BUDGET_MS,a as MAX_COMMAND_CHARS,c as analyzeCommand,d as analyzeParsed};
