import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var t=class extends Error{constructor(n,e){super(`${n} is not valid settings (${e}); it was left untouched`);this.file=n;this.name="InvalidSettingsError"}file};export{t as a};
