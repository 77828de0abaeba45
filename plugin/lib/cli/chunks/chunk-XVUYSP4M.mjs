import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{createRequire as a}from"node:module";var t,n=globalThis.Bun?.CryptoHasher;function i(r){let e;if(n?e=new n("sha256"):(t??=a(import.meta.url)("node:crypto"),e=t.createHash("sha256")),typeof r=="string")e.update(r);else for(let s of r)e.update(s);return e.digest("hex")}export{i as a};
