import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-3HENPAAH.mjs";import"./chunk-LK2RVVTE.mjs";import"./chunk-WBSFIQHO.mjs";import"./chunk-P3OMH57W.mjs";import"./chunk-3HO6XTHY.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
