import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d,e,f,g,h,i}from"./chunk-O566FWMN.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as RUNS_LATER_DIRS,a as RUNS_LATER_FILES,g as changedParts,i as describeRunsLater,f as fingerprintOf,e as keyOf,h as partName,d as partsOf,c as runsLater};
