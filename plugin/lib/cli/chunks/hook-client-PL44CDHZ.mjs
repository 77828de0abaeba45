import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b}from"./chunk-ORCRZ5PX.mjs";import"./chunk-HLGOP5CK.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as hookClient,b as startedInsideToolCall};
