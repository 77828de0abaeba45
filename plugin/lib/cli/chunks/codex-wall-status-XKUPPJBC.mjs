import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-BFWBASS7.mjs";import"./chunk-A6QFKHTG.mjs";import"./chunk-AU7VWRMZ.mjs";import"./chunk-7ENZX3DL.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
