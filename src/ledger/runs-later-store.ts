import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunsLaterPrint } from '../domain/runs-later.js';

/**
 * Per session, the fingerprint of what runs later (src/domain/runs-later.ts)
 * as it was when the session started, and the digests of the changes already
 * named to the person. Kept beside the hot state, in `.continuity/`, which
 * the agent may not write: read and written only at SessionStart, Stop and
 * by `status`, never on a tool call. A missing or unreadable file is an empty
 * one: the next session start takes a new fingerprint.
 */
export interface RunsLaterSession {
  id: string;
  /** When the fingerprint was taken. */
  at: string;
  base: RunsLaterPrint;
  /** Each file's stamp when `base` was read (src/app/runs-later.ts): a file with the same stamp is not read again. Absent in older files: every file is read. */
  stamps?: Record<string, string>;
  /** Digests of the parts already named to the person, by key: said once for each content. */
  said: Record<string, string>;
}

export interface RunsLaterState {
  v: 1;
  /** Oldest first, at most RUNS_LATER_SESSIONS. */
  sessions: RunsLaterSession[];
}

export const RUNS_LATER_FILE = 'runs-later.json';
/** Sessions kept: enough for the parallel and recent sessions `status` names, and a file that stays a few kilobytes. */
export const RUNS_LATER_SESSIONS = 16;

export function readRunsLaterState(ledgerDir: string): RunsLaterState {
  try {
    const parsed = JSON.parse(readFileSync(join(ledgerDir, RUNS_LATER_FILE), 'utf8')) as RunsLaterState;
    if (parsed && parsed.v === 1 && Array.isArray(parsed.sessions)) return parsed;
  } catch {
    // absent or unreadable: as if empty
  }
  return { v: 1, sessions: [] };
}

/** Writes the state aside, then renames it into place: a reader sees the old file or the new one, never half of one. */
export function writeRunsLaterState(ledgerDir: string, state: RunsLaterState): void {
  const kept: RunsLaterState = { v: 1, sessions: state.sessions.slice(-RUNS_LATER_SESSIONS) };
  const tmp = join(ledgerDir, `.${RUNS_LATER_FILE}.${process.pid}`);
  writeFileSync(tmp, JSON.stringify(kept));
  renameSync(tmp, join(ledgerDir, RUNS_LATER_FILE));
}
