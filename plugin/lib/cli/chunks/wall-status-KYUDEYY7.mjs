import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-MDVXFUYO.mjs";import"./chunk-Q6POLIRL.mjs";import"./chunk-P3OMH57W.mjs";import"./chunk-3HO6XTHY.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as describeHooksOnlyForAgent,c as describeWallForAgent,a as wallStatus};
