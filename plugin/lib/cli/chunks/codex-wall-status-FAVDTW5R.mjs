import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-TOH6JKD4.mjs";import"./chunk-JV6UBNR3.mjs";import"./chunk-I4UA2LCL.mjs";import"./chunk-WBSFIQHO.mjs";import"./chunk-WCLK6I2I.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
