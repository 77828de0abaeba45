import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-BOG3G7Q4.mjs";import"./chunk-Q6POLIRL.mjs";import"./chunk-F7MIMO3X.mjs";import"./chunk-WCLK6I2I.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as describeHooksOnlyForAgent,c as describeWallForAgent,a as wallStatus};
