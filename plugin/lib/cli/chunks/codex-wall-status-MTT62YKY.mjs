import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-SJLLOTMJ.mjs";import"./chunk-JO24Z3WH.mjs";import"./chunk-F7MIMO3X.mjs";import"./chunk-WBSFIQHO.mjs";import"./chunk-WCLK6I2I.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
