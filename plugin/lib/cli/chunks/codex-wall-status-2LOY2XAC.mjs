import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunk-F26TTTMD.mjs";import"./chunk-HGLRU6R3.mjs";import"./chunk-7OYDI7PU.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as codexWallStatus};
