import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b}from"./chunk-67DDPBXG.mjs";import"./chunk-6BT37NYZ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as hookClient,b as startedInsideToolCall};
