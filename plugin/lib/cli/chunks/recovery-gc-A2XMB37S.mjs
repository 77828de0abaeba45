import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-XMBRG6E7.mjs";import"./chunk-LJUNWF3N.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-VKDI2Z4O.mjs";import"./chunk-B4F3WJGK.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as collectGarbage,a as surveyState,c as sweepIfDue};
