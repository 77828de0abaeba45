import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{g as r}from"./chunk-6BT37NYZ.mjs";import{readFileSync as e}from"node:fs";import{join as i}from"node:path";function l(o,n=r){if(o.COPILOT_CLI!=="1"||!o.COPILOT_PROJECT_DIR)return!1;try{if(!/\bhook copilot\b/.test(e(i(o.COPILOT_PROJECT_DIR,".github","hooks","continuity.json"),"utf8")))return!1}catch{return!1}let t=n();return t==="copilot"||t==="unknown"}export{l as a};
