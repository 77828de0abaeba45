import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var o="hook:claude-code";function n(t){return t.startsWith("hook:")?t.slice(5):t}export{o as a,n as b};
