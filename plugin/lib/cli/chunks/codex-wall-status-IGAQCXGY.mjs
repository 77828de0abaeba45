import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-DSKKM6LR.mjs";import"./chunk-2OWMVAFZ.mjs";import"./chunk-AU7VWRMZ.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
