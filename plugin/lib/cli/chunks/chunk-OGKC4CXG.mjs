import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
function e(o){return o.COPILOT_CLI==="1"&&!!o.COPILOT_PROJECT_DIR}export{e as a};
