/** The hook wiring put back, for a Stop that finds it changed (see load-deciders.ts). */
export { repairWiring } from './wiring-repair.js';
export { snapshotPaths } from '../app/guard.js';
export { withWiringRepair } from './render/wiring-words.js';
export { adoptGitExecDrift } from './git-exec-adopt.js';
