import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b}from"./chunk-CNJRSVJ6.mjs";import"./chunk-TOGJSTX2.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as hookClient,b as startedInsideToolCall};
