import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-UJ4PT35M.mjs";import"./chunk-DTS23OFR.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as hookClient};
