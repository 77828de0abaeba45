import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-RVCINNHV.mjs";import"./chunk-Q6POLIRL.mjs";import"./chunk-44YSEB45.mjs";import"./chunk-DE6CIABK.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as describeHooksOnlyForAgent,c as describeWallForAgent,a as wallStatus};
