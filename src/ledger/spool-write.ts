import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundedInput, storedDecisionValue, type NewEvent } from './events.js';
import { redactText } from './redact.js';
import { redactionKey } from './redaction-key.js';
import type { SpooledStopEffects } from './stop-effects.js';

/**
 * The audit trail's fast lane. A hook call that decides nothing (no handler
 * for its event) still has to be recorded, but opening SQLite for it would
 * cost more than the rest of the call. It writes its event as one small file
 * instead (written aside, then renamed into place, so a file is whole or
 * absent), and the next process that opens the ledger moves the files into
 * the events table. The file name is the event's spool id, unique in the
 * table, so a crash between commit and delete can never duplicate an event.
 */
export const SPOOL_DIR = 'spool';

/** A violation recorded with a spooled event (a write denied from the hot state); it gets the event's id, time and session when taken in. */
export interface SpooledViolation {
  kind: string;
  summary: string;
}

/** What a spool file holds. `stop`: a held Stop's effects (src/ledger/stop-effects.ts), only in a STOP_SUFFIX file. */
export type SpooledEvent = NewEvent & { violations?: SpooledViolation[]; stop?: SpooledStopEffects };

/**
 * The ending of a spool file that carries a Stop's effects. A continuity
 * that knows no such effects lists only `.json` files: it leaves these in
 * the spool rather than taking their events in without what they record
 * (the stop-hook receipt, the session's block counter).
 */
export const STOP_SUFFIX = '.stop-json';

/** Writes the event's spool file; returns its name. */
export function spoolEvent(ledgerDir: string, event: SpooledEvent): string {
  const dir = join(ledgerDir, SPOOL_DIR);
  // Short (remembered while its file stands once taken: table spool_taken): the time in base 36, fixed width so names sort oldest first, the process, a random tail.
  const ms = Date.parse(event.at);
  const name = `${(Number.isFinite(ms) ? ms : Date.now()).toString(36).padStart(9, '0')}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 7)}${event.stop ? STOP_SUFFIX : '.json'}`;
  // Bounded and redacted as the events table keeps it: a spool file holds no more of the agent's content than the ledger will.
  const key = redactionKey(ledgerDir);
  const violations = event.violations?.map((v) => ({ ...v, summary: redactText(v.summary, key) }));
  // A held Stop's effects are its plan's and tasks' ids and a counter: nothing of the agent's to redact.
  // The decision as the events table stores it, embedded as it is: its text in the file is the one the table would hold.
  const record = JSON.stringify({ ...event, input: boundedInput(event, key), decision: storedDecisionValue(event.decision, key), violations });
  try {
    writeFileSync(join(dir, `.${name}`), record);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `.${name}`), record);
  }
  renameSync(join(dir, `.${name}`), join(dir, name));
  return name;
}

export function spooledNames(dir: string): string[] {
  return readdirSync(dir).filter((n) => (n.endsWith('.json') || n.endsWith(STOP_SUFFIX)) && !n.startsWith('.'));
}

/** How many events wait in the spool (recorded, not yet moved into the events table). */
export function countSpooled(ledgerDir: string): number {
  try {
    return spooledNames(join(ledgerDir, SPOOL_DIR)).length;
  } catch {
    return 0;
  }
}

/**
 * A hook call that finds this many events waiting in the spool takes them in
 * itself (src/hooks/handle.ts), so a long session of calls that decide
 * nothing never leaves more than this backlog behind.
 */
export const SPOOL_BACKLOG_MAX = 200;

/** Is the backlog at its bound? One read of the spool folder (a few hundred names at most). */
export function spoolBacklogFull(ledgerDir: string): boolean {
  return countSpooled(ledgerDir) >= SPOOL_BACKLOG_MAX;
}
