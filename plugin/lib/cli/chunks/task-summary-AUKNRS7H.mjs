import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-3ADDJ72G.mjs";import"./chunk-77QB7XOZ.mjs";import"./chunk-XVUYSP4M.mjs";import"./chunk-CXS6YJ7R.mjs";export{c as normalizeActionText,a as parseTaskSummary,b as pendingActionId};
