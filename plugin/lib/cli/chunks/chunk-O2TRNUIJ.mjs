import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var n=[".claude/settings.json",".claude/settings.local.json",".codex/hooks.json",".gemini/settings.json",".cursor/hooks.json"];function t(s){return s&&s.startsWith("/")?[`${s.replace(/\/+$/,"")}/.claude/settings.json`]:[]}function e(s){return n.includes(s)||s.startsWith("/")&&s.endsWith("/.claude/settings.json")}export{n as a,t as b,e as c};
