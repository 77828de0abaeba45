import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-NMJOGRO7.mjs";import"./chunk-K5TBJGSX.mjs";import"./chunk-7OYDI7PU.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as describeHooksOnlyForAgent,c as describeWallForAgent,a as wallStatus};
