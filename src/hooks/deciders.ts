/**
 * Every handler and tool rule that decides something, behind one lazy import.
 * Loading them through this single module (rather than one import each) lets
 * the bundler put the code they share with the hook's start-up path into one
 * chunk instead of one per combination, which would cost a module load each
 * on every hook call. Nothing this module reaches imports it back (the tool
 * rules' code comes with handleToolUse, tool-rule-code.ts): a cycle through
 * it would make the bundler's chunks depend on the order modules load in
 * (test/unit/import-cycles.test.ts). A Stop loads its own part through
 * deciders-stop.ts instead (load-deciders.ts).
 */
export { handleStop } from './handlers/stop.js';
export { handleUserPrompt } from './handlers/user-prompt.js';
export { handleSessionStart } from './handlers/session-start.js';
export { handlePreCompact } from './handlers/pre-compact.js';
export { handleToolUse } from './handlers/tool-use.js';
export { handleSubagentStart, handleSubagentStop, handleToolFailure } from './watchdog/handlers.js';
export { hotStateOf } from '../app/hot-state.js';
export { hookConfig } from '../app/hook-config.js';
export { Ledger } from '../ledger/ledger.js';
export { takeInbox } from '../app/take-inbox.js';
export { withInboxWords } from './render/inbox-words.js';
export { owedNotices } from '../ledger/notices.js';
export { withNotices } from './render/notices.js';
export { repairWiring } from './wiring-repair.js';
export { snapshotPaths } from '../app/guard.js';
export { withWiringRepair } from './render/wiring-words.js';
export { adoptGitExecDrift } from './git-exec-adopt.js';
