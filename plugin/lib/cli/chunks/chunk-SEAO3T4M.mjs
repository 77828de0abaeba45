import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var e=new Set(["Agent","Task"]),o=new Set(["TaskOutput","AgentOutputTool"]);function a(n){let t=n.agent_id;return typeof t=="string"&&t!==""}export{e as a,o as b,a as c};
