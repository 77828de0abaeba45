import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-FRHZTKXB.mjs";import"./chunk-YKXS5MPF.mjs";import"./chunk-AU7VWRMZ.mjs";import"./chunk-WBSFIQHO.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
