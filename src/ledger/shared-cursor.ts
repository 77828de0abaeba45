/**
 * This machine's side of the shared ledger, in its SQLite ledger: who it is
 * to the others, how far its events were pushed (the outbox is every event
 * after `pushed_event` that did not come from the shared ledger), how far the
 * shared ledger's records were taken in, and which were (each once).
 * Made on first use, in projects that share only: a project without sharing
 * has none of it.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { SqlDatabase } from './driver.js';

export const SHARED_TABLES_SQL = `
  CREATE TABLE IF NOT EXISTS shared_sync (
    one            INTEGER PRIMARY KEY CHECK (one = 1),
    machine        TEXT NOT NULL,           -- this machine's name in the shared ledger
    pushed_event   INTEGER NOT NULL DEFAULT 0,
    pulled_tx      TEXT NOT NULL DEFAULT '0',
    pulled_seq     INTEGER NOT NULL DEFAULT 0,
    last_sync_at   TEXT,                    -- the last pass that reached the database
    offline_since  TEXT,                    -- the first pass that did not, since the last that did
    last_error     TEXT
  );
  CREATE TABLE IF NOT EXISTS shared_applied (
    record_id  TEXT PRIMARY KEY,            -- the shared record's id: taken in once
    outcome    TEXT NOT NULL,               -- what the intake rule decided
    event_id   INTEGER
  );
`;

/**
 * What a push looks up for each event (the pending actions it raised, the
 * runs it changed): without these, each event of a batch scans those tables,
 * seconds a batch in a ledger of thousands of runs. Made with the shared
 * tables, and on the first pass of a ledger that joined before they existed.
 */
export const SHARED_INDEXES_SQL = `
  CREATE INDEX IF NOT EXISTS shared_pending_actions_event ON pending_actions (event_id);
  CREATE INDEX IF NOT EXISTS shared_runs_updated ON runs (updated_at);
  CREATE INDEX IF NOT EXISTS shared_run_attempts_event ON run_attempts (event_id);
`;

export function hasSharedIndexes(db: SqlDatabase): boolean {
  return !!db.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'index' AND name = 'shared_run_attempts_event'");
}

export interface SharedCursor {
  machine: string;
  pushedEvent: number;
  pulledTx: string;
  pulledSeq: number;
  lastSyncAt: string | null;
  offlineSince: string | null;
  lastError: string | null;
}

/** Whether this ledger has joined a shared ledger (the tables exist). */
export function hasSharedTables(db: SqlDatabase): boolean {
  return !!db.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'shared_sync'");
}

/** The cursor, made with a new machine name on first use; call inside a write. */
export function ensureSharedCursor(db: SqlDatabase): SharedCursor {
  db.exec(SHARED_TABLES_SQL);
  db.exec(SHARED_INDEXES_SQL);
  const host = hostname().replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 40) || 'machine';
  db.run('INSERT INTO shared_sync (one, machine) VALUES (1, ?) ON CONFLICT DO NOTHING', `${host}-${randomUUID().slice(0, 6)}`);
  return readSharedCursor(db)!;
}

export function readSharedCursor(db: SqlDatabase): SharedCursor | null {
  if (!hasSharedTables(db)) return null;
  const r = db.get<{ machine: string; pushed_event: number; pulled_tx: string; pulled_seq: number; last_sync_at: string | null; offline_since: string | null; last_error: string | null }>(
    'SELECT machine, pushed_event, pulled_tx, pulled_seq, last_sync_at, offline_since, last_error FROM shared_sync WHERE one = 1',
  );
  return r
    ? { machine: r.machine, pushedEvent: Number(r.pushed_event), pulledTx: r.pulled_tx, pulledSeq: Number(r.pulled_seq), lastSyncAt: r.last_sync_at, offlineSince: r.offline_since, lastError: r.last_error }
    : null;
}

/** Events not yet pushed: this machine's own (an event taken in from the shared ledger is not sent back). */
export const OUTBOX_WHERE = "id > ? AND source NOT LIKE 'shared:%'";

export function outboxSize(db: SqlDatabase, pushedEvent: number): number {
  return Number(db.get<{ n: number }>(`SELECT count(*) AS n FROM events WHERE ${OUTBOX_WHERE}`, pushedEvent)?.n ?? 0);
}

export function markPushed(db: SqlDatabase, upTo: number): void {
  db.run('UPDATE shared_sync SET pushed_event = max(pushed_event, ?) WHERE one = 1', upTo);
}

export function markPulled(db: SqlDatabase, tx: string, seq: number): void {
  db.run('UPDATE shared_sync SET pulled_tx = ?, pulled_seq = ? WHERE one = 1', tx, seq);
}

export function markReached(db: SqlDatabase, at: string): void {
  db.run('UPDATE shared_sync SET last_sync_at = ?, offline_since = NULL, last_error = NULL WHERE one = 1', at);
}

export function markOffline(db: SqlDatabase, at: string, error: string): void {
  db.run('UPDATE shared_sync SET offline_since = coalesce(offline_since, ?), last_error = ? WHERE one = 1', at, error);
}

export function wasApplied(db: SqlDatabase, recordId: string): boolean {
  return !!db.get('SELECT 1 AS x FROM shared_applied WHERE record_id = ?', recordId);
}

export function markApplied(db: SqlDatabase, recordId: string, outcome: string, eventId: number | null): void {
  db.run('INSERT INTO shared_applied (record_id, outcome, event_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', recordId, outcome, eventId);
}
