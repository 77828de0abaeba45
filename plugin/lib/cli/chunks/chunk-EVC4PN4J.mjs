import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{writeSync as i}from"node:fs";function a(n,f){let r=Buffer.from(f,"utf8"),e;for(;r.length>0;)try{r=r.subarray(i(n,r))}catch(t){if(t.code!=="EAGAIN")throw t;e??=new Int32Array(new SharedArrayBuffer(4)),Atomics.wait(e,0,0,2)}}export{a};
