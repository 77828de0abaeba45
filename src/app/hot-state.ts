import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import type { Ledger } from '../ledger/ledger.js';
import { LEDGER_DIR } from '../ledger/ledger.js';
import { ledgerStamp, readHotState, writeHotState, type HotState } from '../ledger/hot-state.js';
import { activePlan, type PlanRecord } from '../ledger/plans.js';
import { countOpenRuns, countRecentRuns } from '../ledger/runs.js';
import { countOwedNotices } from '../ledger/notices.js';
import { sha256 } from '../util/sha256.js';
import { protectedNamesFor } from '../shell/protected-model.js';
import { nameFragments, type NameFragments } from '../shell/mentions.js';
import { gitExecPatterns } from './git-exec-facts.js';
import { globalExecMemo } from './git-global-facts.js';
import { guardedPatterns, newcomerTest, pathIn, snapshotPaths, syncSnapshots } from './guard.js';
import { stampFor } from '../util/stamped-hash.js';
import { computeStopFacts } from './stop-facts.js';

/**
 * The hot state after a command: the guarded files with the hash of their
 * last authorised content (snapshots are synced here), the names a command
 * must mention to reach them, and the active plan's Approved line.
 * `adopt` takes a person's own edits of guarded files as authorised; it is
 * only ever set for commands run outside an agent.
 */
export function computeHotState(ledger: Ledger, config: Config, opts: { now: string; adopt: boolean | ReadonlySet<string>; openRuns: number; /** The hot state on disk, when the caller has just read it. */ before?: HotState | null }): HotState {
  const plan = activePlan(ledger.db);
  const before = opts.before !== undefined ? opts.before : readHotState(join(ledger.root, LEDGER_DIR));
  // git's exec paths read once for the whole state (each reading is a handful of file reads and stats): nothing in between writes
  // a file, only the ledger's snapshots, so every part sees the same .git as before.
  const gitPatterns = gitExecPatterns(ledger.root);
  const newcomer = newcomerTest(ledger.root, config, before?.protectGlobs, gitPatterns);
  const snapshots = syncSnapshots(ledger, ledger.root, snapshotPaths(plan, config, ledger.root, process.env, ledger.db, gitPatterns), { now: opts.now, adopt: opts.adopt, newcomer });
  const patterns = guardedPatterns(plan, config, process.env, [], gitPatterns);
  const global = globalExecMemo();
  const known = new Map((before?.guarded ?? []).map((g) => [g.path, g]));
  const { guardedNames, guardedFragments } = namesOfPatterns(patterns);
  return {
    v: 1,
    // Each existing file's stamp, when it still holds the authorised content: the next calls compare a stat instead of reading it.
    guarded: snapshots.map((s) => {
      const stamp = stampFor(pathIn(ledger.root, s.path), s.hash, known.get(s.path) ?? null);
      return stamp === undefined ? { path: s.path, hash: s.hash } : { path: s.path, hash: s.hash, stamp };
    }),
    guardedNames,
    guardedFragments,
    protectGlobs: patterns,
    openRuns: opts.openRuns,
    recentRuns: countRecentRuns(ledger.db, Date.parse(opts.now)),
    notices: countOwedNotices(ledger.db),
    plan: plan ? { path: plan.path, approvedLine: plan.approvedLine ?? null } : null,
    approval: plan ? { planId: plan.id, state: plan.state, approvedHash: plan.approvedHash } : null,
    // Taken after the snapshot transaction above: continuity's own writes are never "someone else's".
    ledgerStamp: ledgerStamp(join(ledger.root, LEDGER_DIR)),
    ...(global ? { globalExec: global } : {}),
  };
}

/** The hot state a hook call leaves, computed inside its transaction and written at the ledger's close (Ledger.close). */
export function hotStateOf(ledger: Ledger, config: Config, configText: string | null): HotState {
  const before = readHotState(join(ledger.root, LEDGER_DIR));
  const state = computeHotState(ledger, config, { now: new Date().toISOString(), adopt: false, openRuns: countOpenRuns(ledger.db), before });
  // The facts of a Stop at the plan's boundary, read after everything this call wrote: the next Stop may be decided from them.
  const stop = computeStopFacts(ledger, config, configText, before);
  return { ...state, ...(configText === null ? {} : { config: { text: configText, value: config } }), ...(stop ? { stop } : {}) };
}

/** The names and fragments of the last guard patterns this process computed them for (see namesOfPatterns). */
let lastNames: { key: string; names: string[]; fragments: NameFragments } | null = null;

/**
 * The names a command must mention to reach the guarded patterns, and their
 * fragments: pure functions of the patterns alone, which a long-lived
 * process (a client's gateway running continuity in its own process) sees
 * unchanged call after call. The last answer is kept, keyed by the whole
 * list; each caller gets its own copies.
 */
export function namesOfPatterns(patterns: readonly string[]): { guardedNames: string[]; guardedFragments: NameFragments } {
  const key = JSON.stringify(patterns);
  if (lastNames?.key !== key) {
    const names = protectedNamesFor(patterns);
    lastNames = { key, names, fragments: nameFragments(names) };
  }
  return { guardedNames: [...lastNames.names], guardedFragments: { names: [...lastNames.fragments.names], dirSegments: [...lastNames.fragments.dirSegments] } };
}

/** `openRuns` is the ledger's count of subagent runs not yet completed, recovered or blocked, unless given. */
export function saveHotState(ledger: Ledger, config: Config, opts: { adopt?: boolean | ReadonlySet<string>; openRuns?: number } = {}): void {
  const state = computeHotState(ledger, config, { now: new Date().toISOString(), adopt: opts.adopt ?? false, openRuns: opts.openRuns ?? countOpenRuns(ledger.db) });
  writeHotState(join(ledger.root, LEDGER_DIR), state);
}

export function hashOf(absPath: string): string | null {
  try {
    return sha256(readFileSync(absPath, 'utf8'));
  } catch {
    return null;
  }
}

