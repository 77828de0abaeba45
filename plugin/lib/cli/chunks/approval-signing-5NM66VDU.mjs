import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-FKEJLFHR.mjs";import"./chunk-EAB74SYL.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as publicKeyOf,c as signStatement,a as signingKeyOf};
