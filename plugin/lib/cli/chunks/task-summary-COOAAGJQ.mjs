import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-P7XKD53T.mjs";import"./chunk-R75TNOTS.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{c as normalizeActionText,a as parseTaskSummary,b as pendingActionId};
