import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{dirname as s}from"node:path";import{fileURLToPath as e}from"node:url";function n(t){let r=e(t);return r.startsWith("/$bunfs/")||/^[A-Z]:[\\/]~BUN[\\/]/i.test(r)}function c(t){return n(t)?s(process.execPath):s(e(t))}function a(t,r){return n(t)?{cmd:process.execPath,args:r}:{cmd:process.execPath,args:[process.argv[1],...r]}}export{n as a,c as b,a as c};
