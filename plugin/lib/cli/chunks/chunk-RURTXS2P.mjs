import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{lstatSync as l,readlinkSync as u,realpathSync as s}from"node:fs";import{basename as m,dirname as o,isAbsolute as f,join as y,normalize as c,resolve as g}from"node:path";function a(n,t=0){let r=c(n);if(t>40)return r;try{if(l(r).isSymbolicLink()){let e=u(r);return a(f(e)?e:g(o(r),e),t+1)}return s(r)}catch{}let i=o(r);return i===r?r:y(a(i,t+1),m(r))}function S(n){try{return s(n)}catch{return c(n)}}export{a,S as b};
