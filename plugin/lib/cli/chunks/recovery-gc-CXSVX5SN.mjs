import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-WC5GKIWP.mjs";import"./chunk-EFIG6CQ3.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-DBI4EWIB.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as collectGarbage,a as surveyState,c as sweepIfDue};
