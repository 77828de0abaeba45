import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE } from './ledger-dir.js';

/**
 * A small summary of what the hooks need to know before deciding whether to
 * open the ledger at all: which files are guarded right now (with the hash
 * of the content continuity last saw), and whether any subagent run is
 * unfinished. Written after every command that opened the ledger; read by
 * every hook call. It lives under `.continuity/`, which the agent may not
 * write, and when it is missing or unreadable the hooks open the ledger, so
 * it can only ever save work, never skip a check.
 */
export interface HotState {
  v: 1;
  /**
   * Files guarded now, relative to the project root, with the sha256 of their content (null: must not exist), and the
   * stamp of the file under which a hook read that content (src/util/stamped-hash.ts): unchanged, the file is not read again.
   */
  guarded: { path: string; hash: string | null; stamp?: string }[];
  /** Names a command must mention to possibly touch a guarded path (cheap pre-check for Bash). */
  guardedNames: string[];
  /**
   * nameFragments(guardedNames) (src/shell/mentions.ts), written with them: the pre-check of every Bash call compares a
   * command with these, and computing them was most of its time. Absent in older files: computed from guardedNames.
   */
  guardedFragments?: { names: string[]; dirSegments: string[] };
  /** Guarded path patterns relative to the root: `.continuity/**`, the unapproved plan's tracker, the config's `protect` list. */
  protectGlobs: string[];
  /** The active plan's file and the `Approved:` line continuity wrote in it (null: none may exist). */
  plan: { path: string; approvedLine: string | null } | null;
  /** The active plan's approval as continuity last recorded it, to notice an approval written into the ledger by anything else. */
  approval?: { planId: string; state: string; approvedHash: string | null } | null;
  /** The ledger files' modification times when this state was written: a change since means someone else wrote the ledger. */
  ledgerStamp?: number;
  /** Subagent runs not yet completed, recovered or blocked. */
  openRuns: number;
  /** Subagent runs dispatched within the last day, in any state (absent in older files: taken as some). */
  recentRuns?: number;
  /** Notices owed to the person (an approval made at a terminal): the next hook call opens the ledger to say them. */
  notices?: number;
  /**
   * The person's exec files outside the project as the last hook read them from git's global configs, with the stamps of
   * those configs (src/app/git-global-facts.ts): while every stamp holds, the next call reads none of them.
   */
  globalExec?: { key: string; stamps: string; value: { files: string[]; dirs: string[]; configs: string[]; system: string[] } };
  /** The text of .continuity/config.json a hook last read and the config it parsed to: the same text is not parsed again (src/config/load.ts readConfig). */
  config?: { text: string; value: unknown };
  /** What a Stop at the active plan's boundary is decided on, when it can be decided without the ledger (src/app/stop-facts.ts, src/hooks/rules/stop-hot.ts). */
  stop?: StopFacts;
}

/** A closure as latestClosure returns it. */
export interface ClosureFact {
  state: string;
  reason: string;
  source: string;
  declaredAt: string;
}

/** One session's Stop facts at the boundary: those the Stop handler reads from the ledger for it. */
export interface SessionStopFacts {
  lastPromptAt: string | null;
  suspended: boolean;
  /** The boundary it last blocked at, and how many times in a row. */
  boundary: string | null;
  blocks: number;
  /** Its newest closure since the boundary (or its last prompt). */
  closure: ClosureFact | null;
  /** Its receipts for the boundary, newest first, as receiptsForBoundary returns them; none when none of them is from another channel than the Stop gate (the rule then finds no proof either way). */
  receipts: { id: number; planId: string; fromTaskId: string; nextTaskId: string; dispatchedAt: string; channel: string; evidence: string; sessionId: string | null }[];
}

/**
 * The facts of a Stop at the active approved plan's task boundary, as the
 * Stop handler would read them, with what tells whether they still hold:
 * the stamps of the files loadPlanState reads (unchanged, it would change
 * nothing), and the spool files of Stops already counted in `sessions`.
 */
export interface StopFacts {
  plan: { id: string; path: string; fileSize: number; fileMtimeMs: number };
  /** deriveNextStep's answer (src/domain/next-step.ts NextStep): a task boundary. */
  step: unknown;
  openActions: { id: string; taskId: string; text: string }[];
  /** The plan file's line of the boundary's next task. */
  nextTaskLine: { taskId: string; line: number | null } | null;
  maxConsecutiveBlocks: number;
  /** The SDD ledger's path and its size and mtime as the ledger last read it (null: never read). */
  sdd: { path: string; seen: { size: number; mtimeMs: number } | null };
  /** Per completed task: its summary's candidate paths in order, the hashes the ledger took in, and the files' stamps. */
  summaries: { taskId: string; paths: string[]; seen: Record<string, string>; stamps: Record<string, string> }[];
  /** The newest closure declared for no session since the boundary: what a session not listed sees. */
  closure: ClosureFact | null;
  /** Every session whose Stop facts differ from a new session's; a session not listed has no prompt since the boundary, no pause, no block here, no closure or receipt of its own. */
  sessions: Record<string, SessionStopFacts>;
  /** Spool files of Stops whose effects `sessions` already holds. */
  spooled: string[];
}

export const HOT_STATE_FILE = 'state.json';

/** More sessions than this differ from a new one at the boundary: no Stop facts, every Stop opens the ledger. */
export const STOP_FACTS_MAX_SESSIONS = 256;

/**
 * The state says what the ledger and the config say now: written after the
 * ledger's last change (its stamp matches) and after the config's.
 */
export function hotStateCurrent(hot: HotState, ledgerDir: string): boolean {
  if (hot.ledgerStamp === undefined || ledgerStamp(ledgerDir) !== hot.ledgerStamp) return false;
  const written = mtimeOf(join(ledgerDir, HOT_STATE_FILE));
  const config = mtimeOf(join(ledgerDir, CONFIG_FILE));
  return written !== null && (config === null || config < written);
}

function mtimeOf(path: string): number | null {
  // An absent file (config.json often is) answers without an error built and thrown: this runs at every held Stop.
  try {
    return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;
  } catch {
    return null;
  }
}

export function readHotState(ledgerDir: string): HotState | null {
  try {
    const parsed = JSON.parse(readFileSync(join(ledgerDir, HOT_STATE_FILE), 'utf8')) as HotState;
    return parsed && parsed.v === 1 && Array.isArray(parsed.guarded) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Writes the state (aside, then renamed into place), unless the file already says exactly this.
 * `changed`: the caller knows it differs from the file (a held Stop's count), so the file is not read to compare.
 */
export function writeHotState(ledgerDir: string, state: HotState, opts: { changed?: true } = {}): void {
  const text = JSON.stringify(state);
  const path = join(ledgerDir, HOT_STATE_FILE);
  try {
    if (!opts.changed && readFileSync(path, 'utf8') === text) return;
  } catch {
    // absent: written below
  }
  const tmp = join(ledgerDir, `.${HOT_STATE_FILE}.${process.pid}`);
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** The ledger files' latest modification time (ms), 0 when absent. */
export function ledgerStamp(ledgerDir: string): number {
  let stamp = 0;
  for (const name of ['ledger.db', 'ledger.db-wal']) {
    try {
      // The log is absent between connections: no error built for it.
      stamp = Math.max(stamp, statSync(join(ledgerDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0);
    } catch {
      // absent
    }
  }
  return stamp;
}

/**
 * Closing the ledger checkpoints its WAL into ledger.db, which changes the
 * ledger files' times after the state was written: continuity's own change,
 * not someone else's. When nothing else wrote the ledger between the state's
 * writing and the close (`stampBeforeClose` still matches the state), the
 * state takes the new stamp.
 */
export function restampHotState(ledgerDir: string, stampBeforeClose: number): void {
  const state = readHotState(ledgerDir);
  if (!state || state.ledgerStamp !== stampBeforeClose) return;
  const stamp = ledgerStamp(ledgerDir);
  if (stamp !== stampBeforeClose) writeHotState(ledgerDir, { ...state, ledgerStamp: stamp });
}
