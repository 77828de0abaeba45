import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-D33IAVJW.mjs";import"./chunk-AU7VWRMZ.mjs";import"./chunk-Q6POLIRL.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as describeHooksOnlyForAgent,c as describeWallForAgent,a as wallStatus};
