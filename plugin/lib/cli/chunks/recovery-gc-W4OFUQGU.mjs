import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-NJMIH3F5.mjs";import"./chunk-P5KW5UCA.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-CSK2M6KW.mjs";import"./chunk-BYWMAM4N.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as collectGarbage,a as surveyState,c as sweepIfDue};
