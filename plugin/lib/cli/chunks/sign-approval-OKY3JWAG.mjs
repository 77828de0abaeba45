import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-QLT3TZH5.mjs";import"./chunk-MG2OH444.mjs";import"./chunk-FKEJLFHR.mjs";import"./chunk-IQICRNJK.mjs";import"./chunk-A5HBJMMP.mjs";import"./chunk-EAB74SYL.mjs";import"./chunk-CXS6YJ7R.mjs";export{c as recordSigned,a as sharingOn,b as signForTeam};
