import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-2O4UMQRA.mjs";import"./chunk-62PTOIYO.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-4P7LME2S.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-XVUYSP4M.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as collectGarbage,a as surveyState,c as sweepIfDue};
