import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b}from"./chunk-7R7CGAB3.mjs";import"./chunk-6BT37NYZ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as copilotSpeaksForIt,b as copilotWithoutItsWiring};
