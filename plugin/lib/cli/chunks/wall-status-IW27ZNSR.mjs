import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-U6VZMELK.mjs";import"./chunk-K5TBJGSX.mjs";import"./chunk-AU7VWRMZ.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as describeHooksOnlyForAgent,c as describeWallForAgent,a as wallStatus};
