/**
 * The deciding code a Stop needs, behind one lazy import (see
 * load-deciders.ts; in the Node hook dist/hook-lazy/deciders-stop.cjs): less than
 * half of deciders.ts, whose rest (the tool rules, the session start's and
 * the prompt's words, the watchdog's tool receipts) a Stop never runs, and
 * without what only some Stops need (the inbox's requests, the wiring put
 * back: deciders-inbox.ts, deciders-wiring.ts). On Node 20, which has no
 * compile cache, every byte of a lazy file is parsed again at each call;
 * the compiled executable evaluates every module a chunk holds.
 */
export { handleStop } from './handlers/stop.js';
export { hotStateOf } from '../app/hot-state.js';
export { hookConfig } from '../app/hook-config.js';
export { Ledger } from '../ledger/ledger.js';
export { owedNotices } from '../ledger/notices.js';
export { withNotices } from './render/notices.js';
