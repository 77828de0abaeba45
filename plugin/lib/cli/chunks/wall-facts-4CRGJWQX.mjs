import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-7NXLAE54.mjs";import"./chunk-ZYLG2R6S.mjs";import"./chunk-Q6POLIRL.mjs";import"./chunk-CXS6YJ7R.mjs";export{c as gatherCodexWallFacts,b as gatherWallFacts,a as platformOf};
