import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-O3DIY4PX.mjs";import"./chunk-V72IXPVY.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-YX7UCPC7.mjs";import"./chunk-J3HDSRFP.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as collectGarbage,a as surveyState,c as sweepIfDue};
