import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-ZHWU5FZT.mjs";import"./chunk-3AFDCJ42.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as hookClient};
