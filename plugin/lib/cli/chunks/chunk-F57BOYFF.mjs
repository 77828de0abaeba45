import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var i={"hook:gemini":"gemini","hook:openclaw":"openclaw"},r={gemini:"Gemini CLI",openclaw:"OpenClaw"};function l(n){return i[n]??null}function t(n,e){if(!e?.output)return n;let o=n?.hookSpecificOutput??{};return o.permissionDecision==="deny"?n:{...n??{},hookSpecificOutput:{...o,...e.output.hookSpecificOutput}}}function c(n,e){return e?(n?.hookSpecificOutput??{}).permissionDecision==="deny"?{wall:"not-needed"}:e.decision:{}}export{r as a,l as b,t as c,c as d};
