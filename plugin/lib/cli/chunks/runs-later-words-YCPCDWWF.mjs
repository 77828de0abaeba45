import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import"./chunk-CXS6YJ7R.mjs";function o(e,s){let n={...e.output??{}};n.systemMessage=[n.systemMessage,`continuity: ${s.words}.`].filter(t=>typeof t=="string"&&t.length>0).join(" ");let r=s.changes.map(t=>({path:t.path,part:t.part,when:t.when,new:t.new}));return{...e,output:n,decision:{...e.decision,runsLater:r}}}export{o as withRunsLater};
