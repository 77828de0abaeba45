/**
 * Read-only queries over the audit trail for `status` and `log`. Every one
 * is a single statement, so none holds a transaction open after it returns.
 */
import type { SqlDatabase, SqlValue } from './driver.js';
import { CLIENT_SQL } from './event-client.js';
import type { EventRecord } from './events.js';

type EventRow = { id: number; at: string; source: string; kind: string; session_id: string | null; client: string; input: string; decision: string | null };

function toRecord(r: EventRow): EventRecord {
  return {
    id: Number(r.id),
    at: r.at,
    source: r.source,
    kind: r.kind,
    sessionId: r.session_id,
    client: r.client,
    input: parseOrText(r.input),
    decision: r.decision === null ? null : parseOrText(r.decision),
  };
}

// A record is JSON as written; a row changed by hand is shown as it is rather than failing the whole listing.
function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface EventFilter {
  /** Only events with an id below this (paging backwards). */
  beforeId?: number;
  /** A session id, or the start of one (as `log` shows it, shortened). */
  session?: string;
  /** Event kinds (hook event names, CLI actions), compared without regard to case. */
  kinds?: readonly string[];
  /** Only events at or after this ISO instant. */
  since?: string;
  /** Only events from these agent clients (`codex`, `unknown`: src/ledger/event-client.ts). */
  clients?: readonly string[];
  limit: number;
}

/** Events matching `filter`, newest first. */
export function eventsNewestFirst(db: SqlDatabase, filter: EventFilter): EventRecord[] {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (filter.beforeId !== undefined) {
    where.push('id < ?');
    params.push(filter.beforeId);
  }
  if (filter.session !== undefined) {
    where.push("(session_id = ? OR session_id LIKE ? ESCAPE '\\')");
    params.push(filter.session, `${filter.session.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (filter.kinds?.length) {
    where.push(`kind COLLATE NOCASE IN (${filter.kinds.map(() => '?').join(', ')})`);
    params.push(...filter.kinds);
  }
  if (filter.since !== undefined) {
    where.push('at >= ?');
    params.push(filter.since);
  }
  if (filter.clients?.length) {
    where.push(`${CLIENT_SQL} IN (${filter.clients.map(() => '?').join(', ')})`);
    params.push(...filter.clients);
  }
  const limit = Math.max(1, Math.min(Math.floor(filter.limit), 10_000));
  const sql = `SELECT id, at, source, kind, session_id, ${CLIENT_SQL} AS client, input, decision FROM events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit}`;
  return db.all<EventRow>(sql, ...params).map(toRecord);
}

/** A Stop the gate did not let pass: blocked, or let go after the block limit (a continuity failure). */
export interface StopBlockRecord {
  eventId: number;
  at: string;
  sessionId: string | null;
  action: 'block' | 'allow_after_limit';
  /** What the stop owed: 'auto_next', 'replan', 'watchdog_delivery'. */
  obligation: string | null;
  /** `<plan>#<from>-><next>` or `<plan>#replan-after-<task>`. */
  boundary: string | null;
  reason: string | null;
  /** Which block at this boundary (1, 2, …), or how many there were. */
  blocks: number | null;
  /** watchdog_delivery: the runs whose results were delivered at this stop, whose respawn was stated, that were reported blocked. */
  watchdog: { delivered: string[]; respawn: string[]; escalated: string[] } | null;
}

// Read through the index of Stop blocks on the stored rows (src/ledger/event-rows.ts: 'Stop' is name 1).
const STOP_BLOCKS = "id IN (SELECT id FROM event_rows WHERE kind = 1 AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit'))";

export function recentStopBlocks(db: SqlDatabase, limit: number): StopBlockRecord[] {
  return db
    .all<{ id: number; at: string; session_id: string | null; decision: string }>(`SELECT id, at, session_id, decision FROM events WHERE ${STOP_BLOCKS} ORDER BY id DESC LIMIT ?`, limit)
    .map((r) => stopBlockOf(Number(r.id), r.at, r.session_id, parseOrText(r.decision)));
}

/** The Stop block a recorded Stop decision describes. */
export function stopBlockOf(eventId: number, at: string, sessionId: string | null, decision: unknown): StopBlockRecord {
  const d = (decision !== null && typeof decision === 'object' ? decision : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const w = d.watchdog !== null && typeof d.watchdog === 'object' ? (d.watchdog as Record<string, unknown>) : null;
  const ids = (k: string) => (w && Array.isArray(w[k]) ? (w[k] as unknown[]).map(String) : []);
  return {
    eventId,
    at,
    sessionId,
    action: d.action === 'allow_after_limit' ? 'allow_after_limit' : 'block',
    obligation: text(d.obligation),
    boundary: text(d.boundary),
    reason: text(d.reason),
    blocks: typeof d.blocks === 'number' ? d.blocks : null,
    watchdog: w ? { delivered: ids('delivered'), respawn: ids('respawn'), escalated: ids('escalated') } : null,
  };
}

export function countStopBlocks(db: SqlDatabase): number {
  return Number(db.get<{ n: number }>("SELECT count(*) AS n FROM event_rows WHERE kind = 1 AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit')")?.n ?? 0);
}

export function countViolations(db: SqlDatabase): number {
  return Number(db.get<{ n: number }>('SELECT count(*) AS n FROM violations')?.n ?? 0);
}
