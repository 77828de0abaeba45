import { statSync } from 'node:fs';
import type { DriverFactory, DriverName, SqlDatabase } from './driver.js';

/**
 * Ledger connections kept open between calls, for a client that runs
 * continuity in its own long-lived process (the OpenClaw gateway): opening a
 * ledger (its pragmas, the switch to WAL) and closing it (the checkpoint)
 * cost more than most calls' own work. Only the connection is kept: every
 * call still reads the recovery head, checks the ledger against it and reads
 * what it decides on afresh (WAL: each statement and transaction sees what
 * other processes committed before it).
 *
 * A connection is lent to one call at a time (calls interleave across their
 * awaits; another call on the same ledger opens its own, kept too up to
 * PER_LEDGER). Each is kept with the identity (device, inode) of the files
 * it was opened on, the ledger and its write-ahead log: a file replaced,
 * moved or removed since is not the one the connection writes to, so that
 * connection is closed and the call opens the files the path names now
 * (where the tamper checks look).
 */
const PER_LEDGER = 4;
const LEDGERS = 16;

interface Kept {
  db: SqlDatabase;
  identity: string;
}

/** The ledger's and its log's device and inode, the ledger's read before it is opened (see Ledger.open), or null when either is missing. */
export function ledgerIdentity(path: string, ledger: string | null = fileIdentity(path)): string | null {
  const log = fileIdentity(`${path}-wal`);
  return ledger && log ? `${ledger}|${log}` : null;
}

/** The file's device and inode, or null when the path names no file. */
export function fileIdentity(path: string): string | null {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return null;
  }
}

export class LedgerConnections {
  /** Idle connections by ledger path; Map order is use order (the least recently used ledger first). */
  private readonly idle = new Map<string, Kept[]>();
  /** How many connections were opened and how many calls took a kept one, and how many times the driver was loaded (the tests read these). */
  readonly counts = { opened: 0, reused: 0, dropped: 0, driverLoads: 0 };
  /** The SQLite driver the first call loaded, for every later one (the process's runtime and environment do not change). */
  driver: { name: DriverName; open: DriverFactory } | null = null;

  /** A driver a call had to load: kept for the next calls. */
  driverLoaded(d: { name: DriverName; open: DriverFactory }): void {
    this.counts.driverLoads++;
    this.driver = d;
  }
  private closed = false;

  /** A kept connection to the file `path` names now, lent to the caller until `giveBack`; null: the caller opens one. */
  take(path: string): { db: SqlDatabase; identity: string } | null {
    const list = this.idle.get(path);
    if (!list?.length) return null;
    const now = ledgerIdentity(path);
    if (now === null || list.some((k) => k.identity !== now)) {
      // Not the file these connections opened: none of them may be written through again.
      this.drop(path);
      return null;
    }
    const kept = list.pop()!;
    this.counts.reused++;
    return kept;
  }

  /** A connection just opened on the file whose identity was read before opening it (read after, a replacement in between would pass). */
  opened(): void {
    this.counts.opened++;
  }

  /** A connection the call is done with: kept for the next call, or closed (the cache full, or closed itself). */
  giveBack(path: string, db: SqlDatabase, identity: string | null): void {
    const list = this.idle.get(path) ?? [];
    if (this.closed || identity === null || list.length >= PER_LEDGER || ledgerIdentity(path) !== identity) {
      db.close();
      return;
    }
    list.push({ db, identity });
    // Most recently used last; the least recently used ledger's connections are closed past LEDGERS.
    this.idle.delete(path);
    this.idle.set(path, list);
    for (const [old] of this.idle) {
      if (this.idle.size <= LEDGERS) break;
      this.drop(old);
    }
  }

  /** Closes every kept connection (the gateway stopping, the plugin unloaded); later calls open and close their own. */
  closeAll(): void {
    this.closed = true;
    for (const path of [...this.idle.keys()]) this.drop(path);
  }

  private drop(path: string): void {
    for (const k of this.idle.get(path) ?? []) {
      this.counts.dropped++;
      try {
        k.db.close();
      } catch {
        // Already unusable: nothing more to release.
      }
    }
    this.idle.delete(path);
  }
}
