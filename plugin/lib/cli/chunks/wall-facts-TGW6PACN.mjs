import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-RA5MW2LI.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as gatherWallFacts,a as platformOf};
