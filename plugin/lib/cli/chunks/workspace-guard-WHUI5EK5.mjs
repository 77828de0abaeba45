import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import"./chunk-CXS6YJ7R.mjs";function r(e){return e.folder&&e.ledger?"ledger":e.recoveryCopy?"restore":e.remembered?"lost":e.folder?"start":"not-enabled"}export{r as workspaceGuard};
