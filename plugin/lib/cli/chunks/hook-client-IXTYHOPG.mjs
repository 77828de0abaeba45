import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b}from"./chunk-ZMU4NM2Z.mjs";import"./chunk-TBLF3YNQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as hookClient,b as startedInsideToolCall};
