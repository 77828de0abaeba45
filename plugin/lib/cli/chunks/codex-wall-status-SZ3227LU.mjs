import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-TBUXT4X4.mjs";import"./chunk-IJUUVHYB.mjs";import"./chunk-WBSFIQHO.mjs";import"./chunk-44YSEB45.mjs";import"./chunk-DE6CIABK.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
