import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { sha256 } from '../util/sha256.js';
import type { SqlDatabase } from './driver.js';
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
 *     ledger.db        the ledger as of head.json
 *     config.json      .continuity/config.json as of the same moment
 *     init-record.json .continuity/init-record.json, when init wrote one
 */
export interface RecoveryHead {
  v: 1;
  root: string;
  /** Events with id ≤ maxId in the ledger the copy was taken from. */
  events: number;
  maxId: number;
  /** sha256 chain over those events in id order: chain(n) = sha256(chain(n-1) + row n). */
  chain: string;
  /** The ledger files' stamp when the copy was taken. */
  stamp: number;
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
  const { homedir } = createRequire(import.meta.url)('node:os') as typeof import('node:os');
  return join(homedir(), '.local', 'state', 'continuity');
}

export function recoveryDirOf(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(stateHome(env), 'projects', sha256(resolve(root)).slice(0, 24));
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
function chainLink(prev: string, r: { id: number; at: string; source: string; kind: string; session_id: string | null; input: string; decision: string | null }): string {
  return sha256([prev, '\n', String(r.id), '\t', r.at, '\t', r.source, '\t', r.kind, '\t', r.session_id ?? '', '\t', r.input, '\t', r.decision ?? '']);
}

/** Extends a chain over the events after `fromId` (up to `toId`, when given). */
export function extendChain(db: SqlDatabase, chain: string, fromId: number, toId = Number.MAX_SAFE_INTEGER): { chain: string; maxId: number; added: number } {
  let maxId = fromId;
  let added = 0;
  const rows = db.all<{ id: number; at: string; source: string; kind: string; session_id: string | null; input: string; decision: string | null }>(
    'SELECT id, at, source, kind, session_id, input, decision FROM events WHERE id > ? AND id <= ? ORDER BY id',
    fromId,
    toId,
  );
  for (const r of rows) {
    chain = chainLink(chain, r);
    maxId = Number(r.id);
    added++;
  }
  return { chain, maxId, added };
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
    size = statSync(file).size;
  } catch {
    return `${LEDGER_DIR}/${LEDGER_FILE} was removed`;
  }
  if (size === 0) return `${LEDGER_DIR}/${LEDGER_FILE} was emptied`;
  if (!hasSqliteHeader(file)) return `${LEDGER_DIR}/${LEDGER_FILE} was overwritten (not a SQLite database)`;
  if (!db) return null;
  const r = db.get<{ n: number; top: number | null }>('SELECT count(*) AS n, max(id) AS top FROM events WHERE id <= ?', head.maxId);
  const n = Number(r?.n ?? 0);
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
 * Takes a copy of a closed ledger (its WAL checkpointed by the close) and of
 * the config beside it. The copy is written under a temporary name and
 * renamed, so a copy is whole or absent; head.json goes last, so it never
 * describes a copy that is not there.
 */
export function keepRecoveryCopy(root: string, dir: string, head: Omit<RecoveryHead, 'v' | 'root' | 'at' | 'rootId'>, now: string): void {
  mkdirSync(dir, { recursive: true });
  const from = join(root, LEDGER_DIR);
  copyFileSync(join(from, LEDGER_FILE), join(dir, `${LEDGER_FILE}.tmp`));
  const wal = join(from, `${LEDGER_FILE}-wal`);
  // Another process may still hold the ledger open: its log is part of the copy.
  if (existsSync(wal)) copyFileSync(wal, join(dir, `${LEDGER_FILE}-wal.tmp`));
  else rmSync(join(dir, `${LEDGER_FILE}-wal.tmp`), { force: true });
  for (const name of COPIED) {
    const src = join(from, name);
    if (existsSync(src)) copyFileSync(src, join(dir, `${name}.tmp`));
  }
  renameSync(join(dir, `${LEDGER_FILE}.tmp`), join(dir, LEDGER_FILE));
  if (existsSync(join(dir, `${LEDGER_FILE}-wal.tmp`))) renameSync(join(dir, `${LEDGER_FILE}-wal.tmp`), join(dir, `${LEDGER_FILE}-wal`));
  else rmSync(join(dir, `${LEDGER_FILE}-wal`), { force: true });
  for (const name of COPIED) if (existsSync(join(dir, `${name}.tmp`))) renameSync(join(dir, `${name}.tmp`), join(dir, name));
  const record: RecoveryHead = { v: 1, root: resolve(root), rootId: rootIdOf(root), ...head, at: now };
  writeFileSync(join(dir, `${HEAD_FILE}.tmp`), `${JSON.stringify(record)}\n`);
  renameSync(join(dir, `${HEAD_FILE}.tmp`), join(dir, HEAD_FILE));
}

/**
 * Puts the copy back in place of a damaged or missing ledger: the ledger (the
 * damaged one is kept beside it for inspection) and, where they are missing,
 * the config and init record. Returns false when there is no copy to restore.
 */
export function restoreRecoveryCopy(root: string, dir: string, now: string): boolean {
  const copy = join(dir, LEDGER_FILE);
  if (!existsSync(copy)) return false;
  const to = join(root, LEDGER_DIR);
  mkdirSync(to, { recursive: true });
  const file = join(to, LEDGER_FILE);
  if (existsSync(file)) {
    const kept = join(to, `${LEDGER_FILE}.damaged-${now.replace(/[:.]/g, '-')}`);
    renameSync(file, kept);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  copyFileSync(copy, `${file}.restoring`);
  if (existsSync(`${copy}-wal`)) copyFileSync(`${copy}-wal`, `${file}-wal`);
  renameSync(`${file}.restoring`, file);
  for (const name of COPIED) {
    const src = join(dir, name);
    if (existsSync(src) && !existsSync(join(to, name))) copyFileSync(src, join(to, name));
  }
  return true;
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
