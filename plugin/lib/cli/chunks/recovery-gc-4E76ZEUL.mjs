import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-5A7WY7XJ.mjs";import"./chunk-PS6UKSZ2.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-3C2GUYKR.mjs";import"./chunk-T5KWVPFB.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as collectGarbage,a as surveyState,c as sweepIfDue};
