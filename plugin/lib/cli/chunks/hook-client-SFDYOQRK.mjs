import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b}from"./chunk-H2ZQS5BQ.mjs";import"./chunk-Z53F5TIG.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as hookClient,b as startedInsideToolCall};
