import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{writeSync as i}from"node:fs";function c(n,o){let e=new TextEncoder().encode(o),r;for(;e.length>0;)try{e=e.subarray(i(n,e))}catch(t){if(t.code!=="EAGAIN")throw t;r??=new Int32Array(new SharedArrayBuffer(4)),Atomics.wait(r,0,0,2)}}export{c as a};
