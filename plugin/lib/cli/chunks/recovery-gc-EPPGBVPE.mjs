import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-AWXPFBPX.mjs";import"./chunk-P5KW5UCA.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-LKLGMCKJ.mjs";import"./chunk-5ZMLCYUB.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as collectGarbage,a as surveyState,c as sweepIfDue};
