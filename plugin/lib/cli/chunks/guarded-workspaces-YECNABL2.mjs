import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d}from"./chunk-XBBH6NRH.mjs";import"./chunk-3C2GUYKR.mjs";import"./chunk-T5KWVPFB.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{d as forgetWorkspace,a as guardedRecordOf,b as isRemembered,c as rememberWorkspace};
