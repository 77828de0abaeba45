import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-YH6JJGZ4.mjs";import"./chunk-6BT37NYZ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as copilotSpeaksForIt};
