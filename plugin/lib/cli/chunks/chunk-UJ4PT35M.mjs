import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as r,b as i,c as s,d as t}from"./chunk-DTS23OFR.mjs";function u(){let n=r();if(n===null)return{client:"unknown",nestedUnder:null};let e=n.findIndex(s);if(e<0)return{client:null,nestedUnder:null};let l=i(n.slice(e+1));return{client:t(n[e]),nestedUnder:l.length?t(l[0]):null}}export{u as a};
