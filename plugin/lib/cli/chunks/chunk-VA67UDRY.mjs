import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var i=["GEMINI_CLI_SYSTEM_SETTINGS_PATH","GEMINI_CLI_SYSTEM_DEFAULTS_PATH","GEMINI_CLI_HOME","GEMINI_CLI_TRUSTED_FOLDERS_PATH"];function l(n){return n.slice(n.lastIndexOf("/")+1)===".env"}function r(n){let t=/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(n);return!!t&&i.includes(t[1])}function _(n){return n.split(/\r?\n/).filter(r).map(t=>`${t}
`).join("")}function I(n,t){let s=[...(n??"").split(/\r?\n/).filter(e=>e!==""&&!r(e)),...(t??"").split(`
`).filter(e=>e!=="")];return!s.length&&t===null?null:s.map(e=>`${e}
`).join("")}export{i as a,l as b,_ as c,I as d};
