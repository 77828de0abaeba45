import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{appendFileSync as a}from"node:fs";var t=typeof process<"u"?process.env.CONTINUITY_STAGES:void 0,m=Symbol.for("continuity.stage-marks"),e=globalThis[m]??=[];function f(){let n=process.cpuUsage();return(n.user+n.system)/1e3}var g=Symbol.for("continuity.stage-receiver"),l=globalThis;function b(n){t?e.push([n,performance.now(),f()]):l[g]?.(n)}function d(){if(!t||!e.length)return;let n=[],r=0,s=0;for(let[c,o,u]of e)n.push([c,i(o-r),i(u-s)]),r=o,s=u;e.length=0;try{a(t,`${JSON.stringify({stages:n})}
`)}catch{}}function i(n){return Math.round(n*1e3)/1e3}export{g as a,b,d as c};
