import { appendFileSync, closeSync, copyFileSync, existsSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { sha256 } from '../util/sha256.js';
import type { DriverFactory, SqlDatabase, SqlValue } from './driver.js';
import { EVENT_TOTAL_SQL } from './events.js';
import { CONFIG_FILE, LEDGER_DIR, LEDGER_FILE } from './ledger-dir.js';

/**
 * The ledger lives in the work tree, where anything the agent runs can delete
 * or truncate it (`git stash --all`, `git clean -fdX`, an `rm` after a failed
 * `cd`). A copy of it, kept outside the work tree after every change, is what
 * brings it back; its head (how many events, the last id, a hash chain over
 * them) is also the marker that a ledger existed here, so a missing one is
 * restored, never silently created anew, and deleted rows are seen.
 *
 *   <state home>/projects/<sha256 of the project root>/
 *     head.json        RecoveryHead
 *     ledger.db        the ledger as of head.json (its log checkpointed into it: one file)
 *     config.json      .continuity/config.json as of the same moment
 *     init-record.json .continuity/init-record.json, when init wrote one
 *     events-tail.jsonl events recorded since ledger.db was copied (FULL_COPY_INTERVAL_MS)
 */
export interface RecoveryHead {
  v: 1;
  root: string;
  /** Events with id ≤ maxId in the ledger the copy was taken from. */
  events: number;
  maxId: number;
  /** sha256 chain over those events in id order: chain(n) = sha256(chain(n-1) + row n). */
  chain: string;
  /** What of the ledger must never be older in the copy than in the ledger: the plans' states and approvals, the last violation and notice. */
  trustKey?: string;
  /**
   * The chain as it stood after every CHAIN_MARK_EVERY-th event (the last
   * few): `continuity doctor` re-hashes from one of them, so its check of a
   * large ledger costs the recent events, not all of them (`--full`: all).
   */
  marks?: ChainMark[];
  /** The last of the ledger's event names (event_names) the copy holds: the tail spells out those after it. */
  names?: number;
  /**
   * Which folder the project is (inode and birth time): a project folder
   * deleted and made again at the same path is another project, whose
   * missing ledger is new, not lost.
   */
  rootId: string;
  at: string;
}

const HEAD_FILE = 'head.json';
const COPIED = [CONFIG_FILE, 'init-record.json'];

/** Where the copies live: CONTINUITY_STATE_HOME, else $XDG_STATE_HOME/continuity, else ~/.local/state/continuity. */
export function stateHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CONTINUITY_STATE_HOME) return resolve(env.CONTINUITY_STATE_HOME);
  if (env.XDG_STATE_HOME) return join(resolve(env.XDG_STATE_HOME), 'continuity');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'continuity', 'state');
  // $HOME is what os.homedir() reads first on POSIX; node:os is loaded only without it.
  const home = env.HOME || (createRequire(import.meta.url)('node:os') as typeof import('node:os')).homedir();
  return join(home, '.local', 'state', 'continuity');
}

export function recoveryDirOf(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(stateHome(env), 'projects', pathKey(resolve(root)));
}

/**
 * A folder name for a project path: two 32-bit FNV-1a hashes (of the path
 * and of it reversed), 16 hex digits. Not a secret, only a name (the head's
 * rootId tells projects apart); node:crypto would cost every hook that opens
 * the ledger under Node about 3 ms to load.
 */
export function pathKey(path: string): string {
  let a = 0x811c9dc5;
  let b = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    a = Math.imul(a ^ path.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ path.charCodeAt(path.length - 1 - i), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The head of the copy kept for this project folder, or null (none, unreadable, or another folder's at the same path). */
export function readRecoveryHead(dir: string, root: string): RecoveryHead | null {
  try {
    const head = JSON.parse(readFileSync(join(dir, HEAD_FILE), 'utf8')) as RecoveryHead;
    if (head?.v !== 1 || typeof head.maxId !== 'number' || typeof head.events !== 'number') return null;
    return head.rootId === rootIdOf(root) ? head : null;
  } catch {
    return null;
  }
}

export function rootIdOf(root: string): string {
  try {
    const st = statSync(root);
    return `${st.ino}:${Math.round(st.birthtimeMs)}`;
  } catch {
    return 'absent';
  }
}

/** One event as the chain reads it: every column, in a fixed order. */
function chainLink(prev: string, r: { id: number; at: string; source: string; kind: string; session_id: string | null; input: string; decision: string | null; client?: string | null }): string {
  // The client (schema 9) joins the link only where it is set: links of events recorded before it are unchanged.
  const client = r.client == null ? [] : ['\t', r.client];
  return sha256([prev, '\n', String(r.id), '\t', r.at, '\t', r.source, '\t', r.kind, '\t', r.session_id ?? '', '\t', r.input, '\t', r.decision ?? '', ...client]);
}

/** The chain after the `events`-th event, whose id is `id`. */
export interface ChainMark {
  events: number;
  id: number;
  chain: string;
}

export const CHAIN_MARK_EVERY = 100_000;
const MARKS_KEPT = 12;

/** The marks kept: the earlier ones and those just made, the last MARKS_KEPT. */
export function keptMarks(earlier: readonly ChainMark[] | undefined, made: readonly ChainMark[]): ChainMark[] {
  return [...(earlier ?? []), ...made].slice(-MARKS_KEPT);
}

/**
 * Extends a chain over the events after `fromId` (up to `toId`, when given).
 * `fromEvents`: how many events the chain already covers, to mark every
 * CHAIN_MARK_EVERY-th.
 */
export function extendChain(db: SqlDatabase, chain: string, fromId: number, toId = Number.MAX_SAFE_INTEGER, fromEvents = 0): { chain: string; maxId: number; added: number; marks: ChainMark[] } {
  let maxId = fromId;
  let added = 0;
  const marks: ChainMark[] = [];
  const rows = db.all<{ id: number; at: string; source: string; kind: string; session_id: string | null; input: string; decision: string | null; client: string | null }>(
    'SELECT id, at, source, kind, session_id, input, decision, client FROM events WHERE id > ? AND id <= ? ORDER BY id',
    fromId,
    toId,
  );
  for (const r of rows) {
    chain = chainLink(chain, r);
    maxId = Number(r.id);
    added++;
    if ((fromEvents + added) % CHAIN_MARK_EVERY === 0) marks.push({ events: fromEvents + added, id: maxId, chain });
  }
  return { chain, maxId, added, marks };
}

/**
 * What is wrong with the project's ledger, measured against the recovery
 * head, or null when nothing is (or no copy was ever taken). The file checks
 * come first and open nothing; `db`, when given, is the opened ledger, for
 * the row checks.
 */
export function ledgerDamage(root: string, head: RecoveryHead | null, db?: SqlDatabase): string | null {
  if (!head) return null;
  const dir = join(root, LEDGER_DIR);
  const file = join(dir, LEDGER_FILE);
  if (!existsSync(dir)) return `${LEDGER_DIR}/ was removed`;
  let size: number;
  try {
    const st = lstatSync(file);
    // A link in the ledger's place points continuity at a database someone else made.
    if (st.isSymbolicLink()) return `${LEDGER_DIR}/${LEDGER_FILE} was replaced by a symbolic link`;
    size = st.size;
  } catch {
    return `${LEDGER_DIR}/${LEDGER_FILE} was removed`;
  }
  if (size === 0) return `${LEDGER_DIR}/${LEDGER_FILE} was emptied`;
  if (!hasSqliteHeader(file)) return `${LEDGER_DIR}/${LEDGER_FILE} was overwritten (not a SQLite database)`;
  if (!db) return null;
  // All events (the count the triggers keep: src/ledger/events.ts), less the few newer than the
  // head: one statement, so one snapshot (other hooks append meanwhile, and two reads would see a loss that is not there).
  const n = Number(db.get<{ n: number }>(`SELECT ${EVENT_TOTAL_SQL} - (SELECT count(*) FROM event_rows WHERE id > ?) AS n`, head.maxId)?.n ?? 0);
  if (n < head.events) return `${head.events - n} of the ledger's ${head.events} recorded events were deleted`;
  return null;
}

function hasSqliteHeader(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(16);
    return readSync(fd, buf, 0, 16, 0) === 16 && buf.toString('latin1') === 'SQLite format 3\0';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Copies the ledger, its write-ahead log and the files beside it into the
 * recovery folder. The caller holds a read transaction, so the log cannot be
 * reset under the copy and the two open as one state. Each file is written
 * under a name of this process's own and renamed into place, so a copy is
 * whole or absent; head.json goes last, so it never describes a copy that is
 * not there. Returns false when another process is renewing the copy.
 */
export function keepRecoveryCopy(root: string, dir: string, head: Omit<RecoveryHead, 'v' | 'root' | 'at' | 'rootId'>, now: string, open?: DriverFactory): boolean {
  mkdirSync(dir, { recursive: true });
  // One renewal at a time: two interleaved ones could pair one's ledger with the other's head. The other one is copying anyway.
  const lock = join(dir, LOCK_FILE);
  if (!takeLock(lock)) return false;
  try {
    copyInto(root, dir, head, now, open);
  } finally {
    rmSync(lock, { force: true });
  }
  return true;
}

const LOCK_FILE = 'renewing.lock';

/** Takes the renewal lock; false while another process holds it. A lock older than any copy takes was left by a process that died mid-copy, and is taken over. */
function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(lock, 'wx'));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile: try again
      }
      if (age < 30_000) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

function copyInto(root: string, dir: string, head: Omit<RecoveryHead, 'v' | 'root' | 'at' | 'rootId'>, now: string, open?: DriverFactory): void {
  const from = join(root, LEDGER_DIR);
  const place = (name: string, write: (tmp: string) => void): void => {
    const tmp = join(dir, `${name}.${process.pid}.tmp`);
    write(tmp);
    renameSync(tmp, join(dir, name));
  };
  const wal = join(from, `${LEDGER_FILE}-wal`);
  if (open && existsSync(wal)) {
    // The ledger and its log copied aside, and the log checkpointed into the copy there: the copy is one file, no larger
    // than the ledger's pages (a log file keeps its size after a checkpoint, and would be copied whole).
    const tmp = join(dir, `${LEDGER_FILE}.${process.pid}.tmp`);
    copyFileSync(join(from, LEDGER_FILE), tmp);
    copyFileSync(wal, `${tmp}-wal`);
    const db = open(tmp, { mustExist: true });
    try {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      db.exec('PRAGMA journal_mode = DELETE');
    } finally {
      db.close();
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${tmp}${suffix}`, { force: true });
    rmSync(join(dir, `${LEDGER_FILE}-wal`), { force: true });
    renameSync(tmp, join(dir, LEDGER_FILE));
  }
  for (const name of [...(open && existsSync(wal) ? [] : [LEDGER_FILE, `${LEDGER_FILE}-wal`]), ...COPIED]) {
    const src = join(from, name);
    if (existsSync(src)) place(name, (tmp) => copyFileSync(src, tmp));
    // No log beside the ledger: an old one must not be replayed onto the new copy.
    else if (name === `${LEDGER_FILE}-wal`) rmSync(join(dir, name), { force: true });
  }
  rmSync(join(dir, TAIL_FILE), { force: true });
  rmSync(join(dir, TAIL_LAST_FILE), { force: true });
  const record: RecoveryHead = { v: 1, root: resolve(root), rootId: rootIdOf(root), ...head, at: now };
  place(HEAD_FILE, (tmp) => writeFileSync(tmp, `${JSON.stringify(record)}\n`));
}

const TAIL_FILE = 'events-tail.jsonl';
const TAIL_LAST_FILE = 'events-tail.last';

/**
 * How often the whole ledger is copied at most, when nothing that decides
 * trust changed: in between, only the new events are appended to a tail
 * file, so a hook never pays a copy of a large ledger for an audit line.
 * A restore puts the copy back and the tail's events after it; changes to
 * other tables in that window (a dispatch receipt, a task's progress) are
 * what a restore can lose, and are recorded again at the next boundary.
 */
export const FULL_COPY_INTERVAL_MS = 30_000;
/** Below this size the whole ledger is always copied: a copy costs about as much as the tail. */
export const SMALL_LEDGER_BYTES = 1024 * 1024;

/** The trust-deciding state of a ledger, as one string: a change of it forces a full copy. */
export function trustKeyOf(db: SqlDatabase): string {
  const plans = db.all<{ k: string }>("SELECT id || ':' || state || ':' || coalesce(approved_hash, '') || ':' || coalesce(approved_at, '') AS k FROM plans ORDER BY id").map((r) => r.k);
  const v = db.get<{ n: number | null }>('SELECT max(id) AS n FROM violations')?.n ?? 0;
  const n = db.get<{ n: number | null }>('SELECT max(id) AS n FROM notices')?.n ?? 0;
  return `${plans.join(',')}|v${v}|n${n}`;
}

/** Does the copy's head hold this approval, as trustKeyOf wrote it? */
export function approvalInCopy(head: RecoveryHead, plan: { id: string; approvedHash: string | null; approvedAt: string | null }): boolean {
  const plans = (head.trustKey ?? '').split('|')[0]!.split(',');
  return plans.includes(`${plan.id}:approved:${plan.approvedHash ?? ''}:${plan.approvedAt ?? ''}`);
}

/**
 * Does this renewal need the whole ledger copied, or is appending its new
 * events enough? `lag` (a hook call: src/hooks/handle.ts) lets a small
 * ledger's copy lag too, by at most LAG_EVENTS events (more on a large
 * ledger, in proportion, as the interval grows) and one interval: a hook
 * pays no copy, no second database and no fsync for an audit line. Any
 * other command, whose change is the person's (a task done, a plan
 * imported), keeps a small ledger's copy whole at once.
 */
export function needsFullCopy(head: RecoveryHead | null, o: { trustKey: string; ledgerBytes: number; nowMs: number; lag?: { tailEvents: number } }): boolean {
  if (!head) return true;
  // A hook's renewal carries new violations and notices in the tail (appendEventsTail): only the plans' states and approvals force a copy.
  if (o.lag ? plansOfTrustKey(head.trustKey) !== plansOfTrustKey(o.trustKey) : head.trustKey !== o.trustKey) return true;
  if (o.lag ? o.lag.tailEvents >= lagEvents(o.ledgerBytes) : o.ledgerBytes <= SMALL_LEDGER_BYTES) return true;
  const at = Date.parse(head.at);
  return !(o.nowMs - at < fullCopyInterval(o.ledgerBytes) && o.nowMs >= at);
}

function plansOfTrustKey(key: string | undefined): string {
  return (key ?? '').split('|')[0]!;
}

/** The last violation and notice the copy holds, as trustKeyOf wrote them into its head: the tail carries those after them. */
export function rowsInCopy(head: RecoveryHead): { violations: number; notices: number } {
  const m = /\|v(\d+)\|n(\d+)$/.exec(head.trustKey ?? '');
  return { violations: Number(m?.[1] ?? 0), notices: Number(m?.[2] ?? 0) };
}

/** How many events a hook's renewal may leave in the tail before the whole ledger is copied again (on a ledger up to COPY_SCALE_BYTES). */
export const LAG_EVENTS = 256;

export function lagEvents(ledgerBytes: number): number {
  return Math.round(LAG_EVENTS * Math.max(1, ledgerBytes / COPY_SCALE_BYTES));
}

/**
 * Above COPY_SCALE_BYTES the interval grows with the ledger (30 s per 16 MiB:
 * a year's ledger of 600 MB is copied whole about every 20 minutes, not
 * every 30 seconds), so that no hook pays a large copy often for an audit
 * line; the tail carries the events in between, and a change of trust still
 * forces a copy at once.
 */
export const COPY_SCALE_BYTES = 16 * 1024 * 1024;

export function fullCopyInterval(ledgerBytes: number): number {
  return FULL_COPY_INTERVAL_MS * Math.max(1, ledgerBytes / COPY_SCALE_BYTES);
}

/**
 * Appends the events after `fromId` to the tail, one line each: the stored
 * row (src/ledger/event-rows.ts) as TAIL_COLUMNS, a tab, and its input as
 * stored (the input inside the list instead, as an eleventh entry, when it
 * holds a tab or a line break). The event names the copy does not hold
 * (ids after `namesFrom`, or after those the tail already spelled out) come
 * first, each a line `["n", id, name]`. Returns the last id appended.
 */
export function appendEventsTail(db: SqlDatabase, dir: string, fromId: number, namesFrom = 0, rowsFrom: { violations: number; notices: number } = { violations: 0, notices: 0 }): number {
  const rows = db.all<Record<string, SqlValue>>('SELECT id, at, source, kind, session, decision, flags, client, pre, pre_len, input FROM event_rows WHERE id > ? ORDER BY id', fromId);
  if (!rows.length) return fromId;
  const [, namesMax, violationsMax, noticesMax] = tailLast(dir);
  const spelled = Math.max(namesFrom, namesMax);
  const names = db.all<{ id: number; name: string }>('SELECT id, name FROM event_names WHERE id > ? ORDER BY id', spelled);
  const lines = names.map((n) => `${JSON.stringify(['n', Number(n.id), n.name])}\n`);
  for (const r of rows) {
    const meta = TAIL_COLUMNS.map((k) => (typeof r[k] === 'bigint' ? Number(r[k]) : (r[k] ?? null)));
    const input = String(r.input);
    lines.push(/[\t\n\r]/.test(input) ? `${JSON.stringify([...meta, input])}\n` : `${JSON.stringify(meta)}\t${input}\n`);
  }
  // The violations and notices recorded since the copy follow their events: a restore must not lose the record of what an agent was refused.
  const violations = db.all<{ id: number; at: string; session_id: string | null; kind: string; summary: string; event_id: number }>('SELECT id, at, session_id, kind, summary, event_id FROM violations WHERE id > ? ORDER BY id', Math.max(rowsFrom.violations, violationsMax));
  for (const v of violations) lines.push(`${JSON.stringify(['v', Number(v.id), v.at, v.session_id, v.kind, v.summary, Number(v.event_id)])}\n`);
  const notices = db.all<{ id: number; at: string; kind: string; text: string; event_id: number | null; announced_at: string | null; announced_by: number | null }>('SELECT id, at, kind, text, event_id, announced_at, announced_by FROM notices WHERE id > ? ORDER BY id', Math.max(rowsFrom.notices, noticesMax));
  for (const o of notices) lines.push(`${JSON.stringify(['o', Number(o.id), o.at, o.kind, o.text, o.event_id === null ? null : Number(o.event_id), o.announced_at, o.announced_by === null ? null : Number(o.announced_by)])}\n`);
  appendFileSync(join(dir, TAIL_FILE), lines.join(''));
  const last = Number(rows[rows.length - 1]!.id);
  const lastOf = (list: { id: number }[], before: number) => (list.length ? Number(list[list.length - 1]!.id) : before);
  // The tail's last id (and the last name, violation and notice spelled out) beside it, so that the next append need not read the tail.
  writeFileSync(join(dir, TAIL_LAST_FILE), `${last} ${lastOf(names, spelled)} ${lastOf(violations, Math.max(rowsFrom.violations, violationsMax))} ${lastOf(notices, Math.max(rowsFrom.notices, noticesMax))}`);
  return last;
}

/** The columns of a tail line's list, in order (names as their ids). */
export const TAIL_COLUMNS = ['id', 'at', 'source', 'kind', 'session', 'decision', 'flags', 'client', 'pre', 'pre_len'] as const;

/** The last event id appended to the tail, or 0. */
export function tailMaxId(dir: string): number {
  return tailLast(dir)[0];
}

/** The tail's last event id, event name, violation and notice (0 for what it never held). */
function tailLast(dir: string): [number, number, number, number] {
  try {
    const [id, names, violations, notices] = readFileSync(join(dir, TAIL_LAST_FILE), 'utf8').trim().split(' ');
    return [Number(id) || 0, Number(names) || 0, Number(violations) || 0, Number(notices) || 0];
  } catch {
    return [0, 0, 0, 0];
  }
}

/** One tail line put back; an object of the view's columns is a line an earlier continuity wrote. */
function replayLine(db: SqlDatabase, line: string): number {
  const tab = line.indexOf('\t');
  let row: unknown;
  try {
    row = JSON.parse(tab < 0 ? line : line.slice(0, tab));
  } catch {
    return 0; // a line cut short by a crash mid-append
  }
  if (Array.isArray(row)) {
    if (row[0] === 'n') return db.run('INSERT OR IGNORE INTO event_names (id, name) VALUES (?, ?)', row[1] as number, row[2] as string).changes;
    // A violation or a notice is put back with its id; only events are counted.
    if (row[0] === 'v') {
      db.run('INSERT OR IGNORE INTO violations (id, at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?, ?)', ...(row.slice(1, 7) as SqlValue[]));
      return 0;
    }
    if (row[0] === 'o') {
      db.run('INSERT OR IGNORE INTO notices (id, at, kind, text, event_id, announced_at, announced_by) VALUES (?, ?, ?, ?, ?, ?, ?)', ...(row.slice(1, 8) as SqlValue[]));
      return 0;
    }
    const input = tab < 0 ? row[TAIL_COLUMNS.length] : line.slice(tab + 1);
    if (typeof input !== 'string') return 0;
    const v = TAIL_COLUMNS.map((_, i) => (row[i] ?? null) as SqlValue);
    // A number read from JSON may be bound as a real: the columns without a type take it back as the integer it was.
    const whole = '(SELECT CASE WHEN typeof(v) = \'real\' THEN CAST(v AS INTEGER) ELSE v END FROM (SELECT ? AS v))';
    return db.run(`INSERT OR IGNORE INTO event_rows (id, at, source, kind, session, decision, flags, client, pre, pre_len, input) VALUES (?, ${whole}, ?, ?, ?, ${whole}, ?, ?, ?, ?, ?)`, ...v, input).changes;
  }
  if (row === null || typeof row !== 'object') return 0;
  const o = row as Record<string, unknown>;
  const cols = Object.keys(o).filter((k) => /^[a-z_]+$/.test(k));
  if (db.get('SELECT 1 AS x FROM event_rows WHERE id = ?', o.id as number)) return 0;
  db.run(`INSERT INTO events (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, ...cols.map((k) => o[k] as never));
  return 1;
}

/** Puts the tail's events back into a restored ledger (their ids kept; those it already has are skipped). */
export function replayEventsTail(db: SqlDatabase, dir: string): number {
  let text: string;
  try {
    text = readFileSync(join(dir, TAIL_FILE), 'utf8');
  } catch {
    return 0;
  }
  let n = 0;
  for (const line of text.split('\n')) if (line.trim()) n += replayLine(db, line);
  return n;
}

/**
 * Puts the copy back in place of a damaged or missing ledger: the ledger (the
 * damaged one is kept beside it for inspection) and, where they are missing,
 * the config and init record. Returns false when there is no copy to restore.
 */
export function restoreRecoveryCopy(root: string, dir: string, now: string): { kept: string | null } | null {
  const copy = join(dir, LEDGER_FILE);
  if (!existsSync(copy)) return null;
  const to = join(root, LEDGER_DIR);
  mkdirSync(to, { recursive: true });
  const file = join(to, LEDGER_FILE);
  let kept: string | null = null;
  if (existsSync(file)) {
    kept = `${LEDGER_FILE}.damaged-${now.replace(/[:.]/g, '-')}`;
    renameSync(file, join(to, kept));
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  copyFileSync(copy, `${file}.restoring`);
  if (existsSync(`${copy}-wal`)) copyFileSync(`${copy}-wal`, `${file}-wal`);
  renameSync(`${file}.restoring`, file);
  for (const name of COPIED) {
    const src = join(dir, name);
    if (existsSync(src) && !existsSync(join(to, name))) copyFileSync(src, join(to, name));
  }
  return { kept };
}

/**
 * The person's own `continuity init --uninstall`: the copy is let go, so that
 * deleting `.continuity/` afterwards is not undone.
 */
export function releaseRecoveryCopy(root: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const dir = recoveryDirOf(root, env);
  if (!existsSync(dir)) return false;
  rmSync(dir, { recursive: true, force: true });
  return true;
}
