import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d,e,f}from"./chunk-J6BTMK6C.mjs";import"./chunk-O566FWMN.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";export{d as noteRunsLaterWrite,a as readRunsLater,b as readRunsLaterPrint,e as runsLaterAtStop,f as runsLaterForStatus,c as takeRunsLaterBaseline};
