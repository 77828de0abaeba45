import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-775QSH2E.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as describeAddress,a as parseSharedUrl,c as sameAddress};
