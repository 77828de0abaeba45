import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CliError, ExitCode } from '../util/errors.js';
import type { DriverFactory, DriverName, SqlDatabase } from './driver.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';
import { MIGRATION_STEPS } from './shrink-events.js';
import { loadDriver } from './select-driver.js';
import { ingestSpool } from './spool.js';
import { ledgerStamp, restampHotState, writeHotState, type HotState } from './hot-state.js';

import { LEDGER_DIR, LEDGER_FILE } from './ledger-dir.js';
import { appendEventsTail, extendChain, keepRecoveryCopy, keptMarks, ledgerDamage, needsFullCopy, readRecoveryHead, recoveryDirOf, replayEventsTail, restoreRecoveryCopy, rowsInCopy, tailMaxId, trustKeyOf, type RecoveryHead } from './recovery-copy.js';
import { appendEvent } from './events.js';
import { insertViolation } from './sessions.js';
import { insertNotice } from './notices.js';
import { isRemembered, rememberWorkspace } from './guarded-workspaces.js';
import { keyRedactionOf } from './redaction-key.js';
import { stage } from '../util/stage-clock.js';
import { fileIdentity, ledgerIdentity, type LedgerConnections } from './ledger-connections.js';

export { LEDGER_DIR, LEDGER_FILE, ledgerDirExists } from './ledger-dir.js';

/** How long a writer waits for another process's transaction before giving up. */
const BUSY_TIMEOUT_MS = 10_000;

export interface LedgerOpenOptions {
  /** Create `.continuity/` and the ledger when missing (write commands); hooks never create one. */
  create?: boolean;
  driver?: { name: DriverName; open: DriverFactory };
  /**
   * Read a private copy instead (the ledger is read-only to this process:
   * inside the agent's sandbox). Nothing is written to the project's ledger,
   * its spool or its hot state; what the copy changes is thrown away.
   */
  copy?: boolean;
  /** Where the recovery copy is kept (src/ledger/recovery-copy.ts); default from the environment. */
  env?: NodeJS.ProcessEnv;
  /** A hook call: the recovery copy may lag by a bounded number of events (needsFullCopy), its new events appended to the copy's tail. */
  lagRecovery?: boolean;
  /**
   * A hook call that writes only the ledger: one IMMEDIATE transaction from
   * the opening (the spool taken in) to `commit()`, every `write()` in
   * between a savepoint of it. Nothing of the call is committed before its
   * own event, and the call pays one commit.
   */
  oneTransaction?: boolean;
  /**
   * Connections kept open between calls by a long-lived process
   * (src/ledger/ledger-connections.ts): one is taken from there instead of
   * opened, and given back at close instead of closed. Not with
   * oneTransaction (a kept connection never holds a transaction between calls).
   */
  connections?: LedgerConnections;
}

/**
 * The SQLite ledger under `<project>/.continuity/`. All writes go through
 * `write()`, an IMMEDIATE transaction: the event and the projections it
 * changes commit together or not at all, and the write lock is taken up
 * front so concurrent hook processes queue on the busy timeout instead of
 * failing a lock upgrade with SQLITE_BUSY.
 */
export class Ledger {
  private constructor(
    readonly db: SqlDatabase,
    readonly root: string,
    readonly path: string,
    /** The private folder of a copy (LedgerOpenOptions.copy), removed at close; null for the project's ledger. */
    private readonly copyDir: string | null = null,
    /** Where the recovery copy of the project's ledger is kept; null for a private copy. */
    private readonly recoveryDir: string | null = null,
    private readonly head: RecoveryHead | null = null,
  ) {
    // What is written through this connection is redacted under the project's key, a private copy's included.
    keyRedactionOf(db, join(root, LEDGER_DIR));
  }

  /** What was wrong with the ledger when it was opened and restored from the recovery copy, or null. */
  restored: string | null = null;
  /** The driver this ledger was opened with: the recovery copy's log is checkpointed with it. */
  private openDriver: DriverFactory | null = null;
  /** Something was written through this connection: the recovery copy is renewed at close. */
  private dirty = false;
  /** Opened, checked and migrated: only such a ledger is copied (a failed open must not overwrite a good copy). */
  private healthy = false;
  /** LedgerOpenOptions.lagRecovery. */
  private lagRecovery = false;
  /** Where the connection goes at close (LedgerOpenOptions.connections), with the identity of the file it was opened on. */
  private keep: { connections: LedgerConnections; identity: string | null } | null = null;

  /** The recovery copy's head as it was when this ledger was opened (null: no copy, or a private copy). */
  get recoveryHead(): RecoveryHead | null {
    return this.head;
  }

  /** A read-only view: a private copy of the ledger (see LedgerOpenOptions.copy). */
  get isCopy(): boolean {
    return this.copyDir !== null;
  }

  static async open(root: string, opts: LedgerOpenOptions = {}): Promise<Ledger> {
    const dir = join(root, LEDGER_DIR);
    const path = join(dir, LEDGER_FILE);
    const now = new Date().toISOString();
    const recoveryDir = opts.copy ? null : recoveryDirOf(root, opts.env);
    const head = recoveryDir ? readRecoveryHead(recoveryDir, root) : null;
    // A ledger existed here (the recovery head says so): a missing, emptied or overwritten one is restored, never created anew.
    let damage = ledgerDamage(root, head);
    let restored = damage ? restoreRecoveryCopy(root, recoveryDir!, now) : null;
    if (!restored) damage = null;
    stage('ledger: recovery head');
    const exists = existsSync(path);
    if (!exists && (!opts.create || opts.copy)) {
      throw new CliError(`no ledger at ${path}: run \`continuity plan import FILE\` first`, ExitCode.ledger);
    }
    // A workspace continuity guarded, its ledger and copy both gone: the new ledger says so, once, to the person.
    const startedAnew = !exists && !head && !!recoveryDir && isRemembered(root, opts.env);
    if (!exists) mkdirSync(dir, { recursive: true });
    const copyDir = opts.copy ? copyLedger(path) : null;
    const openPath = copyDir ? join(copyDir, LEDGER_FILE) : path;

    // A long-lived process loads the driver once (its kept connections hold it): awaiting the import again costs each call.
    let driver = opts.driver ?? opts.connections?.driver;
    if (!driver) {
      driver = await loadDriver();
      opts.connections?.driverLoaded(driver);
    }
    stage('ledger: driver load');
    const connections = opts.connections && !copyDir && !opts.oneTransaction ? opts.connections : null;
    const kept = connections?.take(path) ?? null;
    // The ledger's read before it is opened: a file replaced in between is then taken for another at the next call, never the other way.
    const fileBefore = connections && !kept ? fileIdentity(path) : null;
    let db: SqlDatabase;
    try {
      db = kept?.db ?? driver.open(openPath, { mustExist: exists });
    } catch (err) {
      if (copyDir) rmSync(copyDir, { recursive: true, force: true });
      throw explainOpenFailure(path, err);
    }
    if (connections && !kept) connections.opened();
    let ledger = new Ledger(db, root, path, copyDir, recoveryDir, head);
    stage(kept ? 'ledger: kept connection' : 'ledger: open');
    try {
      // A kept connection has its pragmas; the schema version is read again (another process may have migrated it).
      if (!kept) ledger.configure();
      ledger.migrate();
      stage('ledger: configure');
      const rows = damage ? null : ledgerDamage(root, head, db);
      if (rows) {
        // Rows deleted: the ledger is put back whole from the copy, the altered one kept beside it.
        db.close();
        restored = restoreRecoveryCopy(root, recoveryDir!, now);
        damage = rows;
        ledger = new Ledger(driver.open(path, { mustExist: true }), root, path, null, recoveryDir, head);
        ledger.configure();
        ledger.migrate();
      }
      // The log's once the connection has it open (WAL mode made, or found).
      if (connections) ledger.keep = { connections, identity: kept && !rows ? kept.identity : ledgerIdentity(path, rows ? fileIdentity(path) : fileBefore) };
      ledger.healthy = true;
      ledger.lagRecovery = !!opts.lagRecovery;
      ledger.openDriver = driver.open;
      if (opts.oneTransaction && !copyDir) {
        ledger.db.exec('BEGIN IMMEDIATE');
        ledger.outer = true;
      }
      if (startedAnew) ledger.recordStartedAnew(now);
      // Remembered outside the workspace: should the ledger and its copy both vanish, the hooks fail closed instead of going quiet.
      if (recoveryDir) rememberWorkspace(root, now, opts.env);
      if (damage) {
        // The events recorded since the copy was taken follow it back.
        ledger.recordRestore(damage, restored?.kept ?? null, now);
      }
      stage('ledger: damage check');
      ledger.takeSpooled();
      stage('ledger: spool in');
    } catch (err) {
      ledger.healthy = false;
      ledger.close();
      throw err instanceof CliError ? err : explainOpenFailure(path, err);
    }
    return ledger;
  }

  /** A ledger made in a workspace whose previous ledger and recovery copy were both gone: a violation, and the person is told at the next hook. */
  private recordStartedAnew(now: string): void {
    const text = "continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";
    this.write((db) => {
      const eventId = appendEvent(db, { at: now, source: 'continuity', kind: 'ledger-started-anew', sessionId: null, input: { root: this.root }, decision: { action: 'started' } });
      insertViolation(db, { at: now, sessionId: null, kind: 'ledger_lost', summary: 'the ledger and its recovery copy were both gone; a new ledger was started', eventId });
      insertNotice(db, { at: now, kind: 'ledger_lost', text, eventId });
    });
  }

  /** A restored ledger is a violation, and the person is told at the next hook. */
  private recordRestore(damage: string, kept: string | null, now: string): void {
    this.restored = damage;
    // The copy lives where anything the agent runs can write, when no sandbox stands: an approval it brings back is said, and can be taken back.
    const approved = this.db.get<{ id: string; approved_at: string | null; approved_via: string | null }>("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1");
    const text =
      `continuity's ledger was restored from its recovery copy (${damage})${kept ? `; the ledger as it was found is kept as ${LEDGER_DIR}/${kept}` : ''}. ` +
      (approved ? `The restored ledger holds plan ${approved.id} as approved (${approved.approved_at ?? 'at an unknown time'} via ${approved.approved_via ?? 'an unknown channel'}); if that was not you, \`continuity revoke\` takes it back. ` : '') +
      'To stop using continuity in this project, `continuity init --uninstall` lets the copy go.';
    this.write((db) => {
      // The events recorded since the copy was taken follow it back, in the same transaction as the record of the restore.
      replayEventsTail(db, this.recoveryDir!);
      const eventId = appendEvent(db, { at: now, source: 'continuity', kind: 'ledger-restored', sessionId: null, input: { damage }, decision: { action: 'restored', damage } });
      insertViolation(db, { at: now, sessionId: null, kind: 'ledger_restored', summary: damage, eventId });
      insertNotice(db, { at: now, kind: 'ledger_restored', text, eventId });
    });
  }

  /**
   * Moves spooled events into the events table: at open, and for a long-lived
   * reader, whenever it asks. A copy reads them in and leaves the spool as it is.
   */
  takeSpooled(): number {
    return ingestSpool(join(this.root, LEDGER_DIR), (fn) => this.write(fn), { keep: this.isCopy, afterCommit: (then) => this.afterCommit(then) });
  }

  /** The call's one transaction is open (LedgerOpenOptions.oneTransaction): writes are savepoints of it. */
  private outer = false;
  private savepoints = 0;
  /** What waits for the call's transaction to commit (the spool files its events came from). */
  private readonly committed: (() => void)[] = [];

  /** Runs `then` once what was written so far is committed: at once, unless the call's one transaction is open. */
  afterCommit(then: () => void): void {
    if (this.outer) this.committed.push(then);
    else then();
  }

  /** Commits the call's one transaction (LedgerOpenOptions.oneTransaction); nothing to do otherwise. */
  commit(): void {
    if (!this.outer) return;
    this.outer = false;
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      this.committed.length = 0;
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // Already rolled back by SQLite.
      }
      throw err;
    }
    this.stampAtCommit = ledgerStamp(join(this.root, LEDGER_DIR));
    for (const then of this.committed.splice(0)) then();
  }

  /** The ledger files' stamp just after the call's commit: unchanged at close, nothing else wrote the ledger since. */
  private stampAtCommit: number | null = null;

  get driver(): DriverName {
    return this.db.driver;
  }

  /** Runs `fn` in one IMMEDIATE transaction; rolls back on any throw. */
  write<T>(fn: (db: SqlDatabase) => T): T {
    this.dirty = true;
    if (this.outer) {
      // Inside the call's one transaction: a savepoint, so that a write that throws still leaves nothing of itself.
      const name = `w${++this.savepoints}`;
      this.db.exec(`SAVEPOINT ${name}`);
      try {
        const result = fn(this.db);
        this.db.exec(`RELEASE ${name}`);
        return result;
      } catch (err) {
        try {
          this.db.exec(`ROLLBACK TO ${name}`);
          this.db.exec(`RELEASE ${name}`);
        } catch {
          // The transaction may already be gone (e.g. SQLITE_FULL rolled it back).
        }
        throw err;
      }
    }
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn(this.db);
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // The transaction may already be gone (e.g. SQLITE_FULL rolled it back).
      }
      throw err;
    }
  }

  /**
   * Closes the connection. The last connection's close checkpoints the WAL
   * into ledger.db (the drivers do it at exit too, so it is never saved by
   * not closing), which changes the ledger files' times: the hot state, if
   * it was current just before, takes the new stamp (restampHotState).
   */
  close(opts: { hotState?: HotState } = {}): void {
    if (this.outer) {
      // A call that failed before its commit: what it wrote (each write whole) is kept, as separate transactions would have kept it.
      try {
        this.commit();
      } catch (err) {
        process.stderr.write(`continuity: the ledger's transaction could not be committed: ${(err as Error).message.split('\n')[0]}\n`);
      }
    }
    if (this.copyDir) {
      this.db.close();
      rmSync(this.copyDir, { recursive: true, force: true });
      return;
    }
    const dir = join(this.root, LEDGER_DIR);
    stage(`recovery copy${this.renewRecoveryCopy()}`);
    const before = ledgerStamp(dir);
    // Kept open only when healthy: a ledger that failed its checks is opened anew by the next call.
    if (this.keep && this.healthy) this.keep.connections.giveBack(this.path, this.db, this.keep.identity);
    else this.db.close();
    stage('ledger close');
    // The hot state of this call, written once, with the stamp of the ledger as closed (the close checkpoints the log).
    if (opts.hotState) writeHotState(dir, (this.stampAtCommit ?? opts.hotState.ledgerStamp) === before ? { ...opts.hotState, ledgerStamp: ledgerStamp(dir) } : opts.hotState);
    else restampHotState(dir, before);
    stage('hot state write');
  }

  /**
   * After a change, the recovery copy is taken again, inside a read
   * transaction: the log cannot be reset under it and a checkpoint writes
   * back only pages the copied log holds, so the copy opens as this snapshot
   * of the ledger. A failure to copy must not lose the change just made: it
   * is said on stderr, and the head left as it was.
   */
  private renewRecoveryCopy(): '' | ' (tail)' | ' (whole)' {
    if (!this.recoveryDir || !this.healthy || (!this.dirty && this.head)) return '';
    try {
      this.db.exec('BEGIN');
      try {
        const trustKey = trustKeyOf(this.db);
        const tailed = this.head ? Math.max(this.head.maxId, tailMaxId(this.recoveryDir)) : 0;
        const lag = this.lagRecovery && this.head ? { tailEvents: tailed - this.head.maxId } : undefined;
        const full = this.rechain || needsFullCopy(this.head, { trustKey, ledgerBytes: fileSize(this.path) + fileSize(`${this.path}-wal`), nowMs: Date.now(), lag });
        if (!full) {
          appendEventsTail(this.db, this.recoveryDir, tailed, this.head!.names ?? 0, rowsInCopy(this.head!));
          return ' (tail)';
        }
        const from: Pick<RecoveryHead, 'chain' | 'maxId' | 'events' | 'marks'> = (!this.rechain && this.head) || { chain: '', maxId: 0, events: 0 };
        const { chain, maxId, added, marks } = extendChain(this.db, from.chain, from.maxId, undefined, from.events);
        keepRecoveryCopy(this.root, this.recoveryDir, { events: from.events + added, maxId, chain, trustKey, marks: keptMarks(from.marks, marks), names: Number(this.db.get<{ n: number | null }>('SELECT max(id) AS n FROM event_names')?.n ?? 0) }, new Date().toISOString(), this.openDriver ?? undefined);
        return ' (whole)';
      } finally {
        this.db.exec('COMMIT');
      }
    } catch (err) {
      process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${(err as Error).message.split('\n')[0]}\n`);
      return '';
    }
  }

  private configure(): void {
    this.db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Switching to WAL needs a moment of exclusive access; on a brand-new
    // ledger opened by many processes at once a few may have to wait.
    retryBusy(() => {
      const row = this.db.get<{ journal_mode: string }>('PRAGMA journal_mode = WAL');
      if (row?.journal_mode?.toLowerCase() !== 'wal') throw new Error(`cannot enable WAL (journal_mode=${row?.journal_mode})`);
    });
    // NORMAL is durable across process crashes in WAL mode; only a power cut can lose the last commits.
    this.db.exec('PRAGMA synchronous = NORMAL');
    this.db.exec('PRAGMA foreign_keys = ON');
  }

  private migrate(): void {
    const current = this.userVersion();
    if (current > SCHEMA_VERSION) {
      throw new CliError(
        `ledger ${this.path} has schema v${current}, newer than this continuity understands (v${SCHEMA_VERSION}); upgrade continuity`,
        ExitCode.ledger,
      );
    }
    if (current === SCHEMA_VERSION) return;
    const rewritten = this.write((db) => {
      let n = 0;
      // Re-read inside the lock: another process may have migrated meanwhile.
      for (let v = this.userVersion(); v < SCHEMA_VERSION; v++) {
        db.exec(MIGRATIONS[v]!);
        n += MIGRATION_STEPS[v]?.(db) ?? 0;
        db.exec(`PRAGMA user_version = ${v + 1}`);
      }
      return n;
    });
    if (!rewritten || this.copyDir) return;
    // Events were rewritten: the recovery copy's hash chain is taken anew over all of them, and the copy renewed whole.
    this.rechain = true;
    // The space the old inputs took is given back (it needs a moment alone with the ledger; another process busy with it leaves that for later).
    try {
      this.db.exec('VACUUM');
      // Into the ledger file now: until a checkpoint, the file still holds the old pages (and the recovery copy copies the file).
      this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy: the file keeps its free pages, which SQLite reuses.
    }
  }

  /** Events were rewritten by a migration: the recovery copy's chain is computed again from the first event. */
  private rechain = false;

  private userVersion(): number {
    return Number(this.db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0);
  }
}

/**
 * The ledger and its write-ahead log copied into a private folder. The -shm
 * index is not copied: it is rebuilt from the log. A copy taken while a hook
 * commits may miss that one commit, never half of it (the log's frames carry
 * their own checksums).
 */
function copyLedger(path: string): string {
  // node:os only here: a read inside the agent's sandbox; no other opening needs it.
  const { tmpdir } = createRequire(import.meta.url)('node:os') as typeof import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'continuity-read-'));
  try {
    copyFileSync(path, join(dir, LEDGER_FILE));
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, join(dir, `${LEDGER_FILE}-wal`));
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw ledgerError(path, err);
  }
  return dir;
}

const SQLITE_MAGIC = 'SQLite format 3\0';

// SQLite refuses a foreign or corrupt file on its first read, before it writes
// anything, so the file is left as it was. Only then is the header read, to
// say plainly what is wrong (the check stays off the hot path).
function explainOpenFailure(path: string, err: unknown): CliError {
  let header = '';
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(16);
    header = buf.subarray(0, readSync(fd, buf, 0, 16, 0)).toString('latin1');
  } catch {
    // Unreadable: the driver's own message below says why.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (header.length > 0 && header !== SQLITE_MAGIC) {
    return new CliError(`ledger ${path} is not a SQLite database (corrupt or replaced); it was left untouched`, ExitCode.ledger);
  }
  return ledgerError(path, err);
}

function ledgerError(path: string, err: unknown): CliError {
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return new CliError(`ledger ${path} cannot be used: ${message}; it was left untouched`, ExitCode.ledger);
}

function retryBusy(fn: () => void, attempts = 200): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; ; i++) {
    try {
      return fn();
    } catch (err) {
      const text = String((err as Error).message ?? err);
      if (i >= attempts || !/busy|locked/i.test(text)) throw err;
      Atomics.wait(pause, 0, 0, 5 + Math.floor(Math.random() * 20));
    }
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
