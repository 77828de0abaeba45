import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{h as a,i as b,j as c,k as d}from"./chunk-PEMRYXXY.mjs";import"./chunk-IBJV6GOW.mjs";import"./chunk-PNVNUOJX.mjs";import"./chunk-QKX3RGL3.mjs";import"./chunk-DQIQK5LX.mjs";import"./chunk-QF7G4OEN.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as ANALYSIS_BUDGET_MS,a as MAX_COMMAND_CHARS,c as analyzeCommand,d as analyzeParsed};
