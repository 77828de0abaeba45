import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{existsSync as n}from"node:fs";import{dirname as i,join as e,resolve as s}from"node:path";function d(f,c=process.env){let t=c.CLAUDE_PROJECT_DIR;if(t)return s(t);let o=s(f);for(let r=o;;r=i(r)){if(n(e(r,".continuity"))||n(e(r,".git")))return r;if(i(r)===r)return o}}export{d as a};
