import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDatabase } from './driver.js';
import { appendEvent, lastEventId, storedDecision, storedInput } from './events.js';
import { redactionKeyOf } from './redaction-key.js';
import { insertViolation } from './sessions.js';
import { insertNotice } from './notices.js';
import { applyStopEffects, isSpooledStopEffects } from './stop-effects.js';
import { spooledEventProblem } from './spool-record.js';
import { SPOOL_DIR, STOP_SUFFIX, spooledNames, type SpooledEvent } from './spool-write.js';

/**
 * Taking the spool in (src/ledger/spool-write.ts writes it): the opening of
 * the ledger moves the spooled events into the events table, with what they
 * carry. Kept apart from the writing, which every hook call that decides
 * nothing loads, while only an opening of the ledger reads the spool.
 */
export { countSpooled, SPOOL_BACKLOG_MAX, SPOOL_DIR, spoolBacklogFull, spoolEvent, STOP_SUFFIX, type SpooledViolation } from './spool-write.js';


/** The spool files that carry a Stop's effects, by name (one read of the spool folder). */
export function spooledStopNames(ledgerDir: string): string[] {
  try {
    return readdirSync(join(ledgerDir, SPOOL_DIR)).filter((n) => n.endsWith(STOP_SUFFIX) && !n.startsWith('.'));
  } catch {
    return [];
  }
}

function readSpooled(dir: string, name: string): SpooledEvent {
  const e = JSON.parse(readFileSync(join(dir, name), 'utf8')) as SpooledEvent;
  const problem = spooledEventProblem(e);
  if (problem) throw new Error(problem);
  // A Stop's effects are checked before anything is taken in: malformed, the file is set aside whole, its event with it.
  if (name.endsWith(STOP_SUFFIX) && !(typeof e?.sessionId === 'string' && isSpooledStopEffects(e.stop))) throw new Error('its Stop effects are malformed or more than a held Stop records');
  if (!name.endsWith(STOP_SUFFIX)) delete e.stop;
  return e;
}

/**
 * The violations of spooled events, read without moving anything (a watch
 * shows a denial at once; the next command moves it into the ledger).
 * Unreadable or vanishing files are skipped: they are another reader's.
 */
export function spooledViolations(ledgerDir: string): { at: string; sessionId: string | null; kind: string; summary: string }[] {
  const dir = join(ledgerDir, SPOOL_DIR);
  let names: string[];
  try {
    names = spooledNames(dir);
  } catch {
    return [];
  }
  const out: { at: string; sessionId: string | null; kind: string; summary: string }[] = [];
  for (const name of names) {
    try {
      const e = readSpooled(dir, name);
      for (const v of e.violations ?? []) out.push({ at: e.at, sessionId: e.sessionId ?? null, kind: v.kind, summary: v.summary });
    } catch {
      // taken in, or not ours to read
    }
  }
  return out;
}

/**
 * Moves spooled events into the events table, oldest first. Returns how many
 * were taken in. With `keep` (a private copy of the ledger) the files stay.
 */
/**
 * At most this many spooled events are taken in per opening, oldest first:
 * a flood of spool files (thousands written by something other than
 * continuity) must not hold up the hook that opened the ledger past the
 * client's timeout; the rest follow at the next openings.
 */
export const SPOOL_BATCH = 500;

/** How long one opening spends reading spool files at most; the rest wait for the next. */
export const SPOOL_INGEST_BUDGET_MS = 250;

/**
 * So many files are always read, whatever the clock says: a few small files
 * take a millisecond or two, and a process the machine left waiting for a
 * moment (a busy machine stops any process for longer than the budget) must
 * not leave its last events in the spool for a reason that is not their
 * number.
 */
export const SPOOL_READ_UNTIMED = 50;

/**
 * `afterCommit`: where the taken files are removed, once their events are
 * committed (a hook call's one transaction commits after its own event:
 * Ledger.afterCommit); default at once, after `write` returns.
 */
export function ingestSpool(ledgerDir: string, write: <T>(fn: (db: SqlDatabase) => T) => T, opts: { keep?: boolean; limit?: number; afterCommit?: (then: () => void) => void; clock?: () => number } = {}): number {
  const dir = join(ledgerDir, SPOOL_DIR);
  let names: string[];
  try {
    names = spooledNames(dir).sort().slice(0, opts.limit ?? SPOOL_BATCH);
  } catch {
    return 0;
  }
  if (!names.length) return 0;
  const records: { name: string; event: SpooledEvent }[] = [];
  const clock = opts.clock ?? Date.now;
  const started = clock();
  // Files set aside by this opening, said in the ledger with why (their content is kept, renamed, for inspection).
  const setAside: { name: string; why: string }[] = [];
  for (const name of names) {
    if (records.length >= SPOOL_READ_UNTIMED && clock() - started > SPOOL_INGEST_BUDGET_MS) break;
    try {
      records.push({ name, event: readSpooled(dir, name) });
    } catch (err) {
      if (opts.keep) continue;
      // Unreadable: set aside (kept for inspection, never read again).
      try {
        renameSync(join(dir, name), join(dir, `${UNREADABLE_PREFIX}${name}`));
        setAside.push({ name, why: firstLine(err) });
      } catch {
        // Another process already took it.
      }
    }
  }
  if (!records.length && !setAside.length) return 0;
  const refused = new Set<string>();
  const taken = write((db) => {
    let n = 0;
    const key = redactionKeyOf(db);
    // A name is remembered as taken while its file stands (between the commit and the unlink below); once the file is gone,
    // a process that read it earlier finds it gone (checked under the same lock) and the name can go.
    for (const { name } of db.all<{ name: string }>('SELECT name FROM spool_taken')) {
      if (!existsSync(join(dir, name))) db.run('DELETE FROM spool_taken WHERE name = ?', name);
    }
    for (const { name, event: e } of records) {
      if (!existsSync(join(dir, name))) continue;
      if (db.run('INSERT OR IGNORE INTO spool_taken (name) VALUES (?)', name).changes !== 1) continue;
      // Each file's records in a savepoint of their own: one the ledger refuses is set aside after the commit, and the others are taken in.
      db.exec('SAVEPOINT spool_file');
      try {
        takeIn(db, e, name, key);
        db.exec('RELEASE spool_file');
        n++;
      } catch (err) {
        if (!refusedByItsContent(err)) throw err;
        db.exec('ROLLBACK TO spool_file');
        db.exec('RELEASE spool_file');
        refused.add(name);
        setAside.push({ name, why: firstLine(err) });
      }
    }
    const at = new Date(clock()).toISOString();
    for (const { name, why } of setAside) {
      const eventId = appendEvent(db, { at, source: 'continuity', kind: 'spool-file-set-aside', sessionId: null, input: { file: `${SPOOL_DIR}/${name}`, why }, decision: { action: 'set-aside', keptAs: `${SPOOL_DIR}/${UNREADABLE_PREFIX}${name}` } });
      insertViolation(db, { at, sessionId: null, kind: 'spool_file_set_aside', summary: `a spool file was not taken in (${why}); kept as .continuity/${SPOOL_DIR}/${UNREADABLE_PREFIX}${name}`, eventId });
    }
    // Said at the next hook call too, once per opening however many there were (a flood of files must not become a flood of words).
    const first = setAside[0];
    if (first) {
      const more = setAside.length > 1 ? ` (and ${setAside.length - 1} more spool files, each recorded as a violation)` : '';
      insertNotice(db, { at, kind: 'spool_file_set_aside', text: `.continuity/${SPOOL_DIR}/${first.name} was not a record continuity can take in (${first.why}); it was set aside as .continuity/${SPOOL_DIR}/${UNREADABLE_PREFIX}${first.name}${more}.`, eventId: null });
    }
    return n;
  });
  if (opts.keep) return taken;
  const remove = (): void => {
    for (const { name } of records) {
      try {
        if (refused.has(name)) renameSync(join(dir, name), join(dir, `${UNREADABLE_PREFIX}${name}`));
        else unlinkSync(join(dir, name));
      } catch {
        // Already removed by a concurrent ingest.
      }
    }
  };
  if (opts.afterCommit) opts.afterCommit(remove);
  else remove();
  return taken;
}

/** One spooled event with what it carries, inside the caller's savepoint. */
function takeIn(db: SqlDatabase, e: SpooledEvent, name: string, key: string): void {
  db.run(
    'INSERT INTO events (at, source, kind, session_id, input, decision, spool_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    e.at,
    e.source,
    e.kind,
    e.sessionId ?? null,
    // Bounded again: a file spooled by an older continuity holds the whole input.
    storedInput(e, key),
    storedDecision(e.decision, key),
    name,
  );
  // Taken in the same transaction as its event, and only with it (never twice).
  const eventId = e.violations?.length || e.stop ? lastEventId(db) : 0;
  for (const v of e.violations ?? []) {
    insertViolation(db, { at: e.at, sessionId: e.sessionId ?? null, kind: v.kind, summary: v.summary, eventId });
  }
  if (e.stop) applyStopEffects(db, e.stop, { sessionId: e.sessionId!, at: e.at, eventId });
}

/** The prefix of a spool file set aside: its content kept for inspection, never read again. */
export const UNREADABLE_PREFIX = '.unreadable-';

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
}

/**
 * An error caused by what the file holds (a constraint the events table
 * sets, a value of the wrong type, an error of continuity's own code on
 * it), as opposed to the ledger's own state (disk full, I/O, a lock):
 * those still fail the whole taking-in, and the files wait for the next.
 */
function refusedByItsContent(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown; errcode?: unknown };
  const numeric = [e.errcode, e.errno].find((c): c is number => typeof c === 'number' && c > 0);
  // SQLite's primary result codes: TOOBIG 18, CONSTRAINT 19, MISMATCH 20, RANGE 25.
  if (numeric !== undefined) return [18, 19, 20, 25].includes(numeric & 0xff);
  if (typeof e.code === 'string' && e.code.startsWith('SQLITE_')) return /^SQLITE_(TOOBIG|CONSTRAINT|MISMATCH|RANGE)/.test(e.code);
  return !(err instanceof Error && /\bSQLITE_|database|disk/i.test(err.message));
}
