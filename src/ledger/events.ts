import type { SqlDatabase } from './driver.js';
import { CLIENT_SQL } from './event-client.js';

export interface NewEvent {
  at: string;
  source: string;
  kind: string;
  sessionId?: string | null;
  /**
   * The agent client the event came from (`codex`, `unknown`), when its
   * source does not say: a hook's source (`hook:codex`) names its client.
   */
  client?: string | null;
  input: unknown;
  decision?: unknown;
}

export interface EventRecord {
  id: number;
  at: string;
  source: string;
  kind: string;
  sessionId: string | null;
  /** The agent client it came from, `unknown` when that is not known (src/ledger/event-client.ts). */
  client: string;
  input: unknown;
  decision: unknown;
}

/** Strings longer than this are cut in the audit copy of an input (file contents, tool output). */
const MAX_AUDIT_STRING = 4096;

/** Appends one event. Call inside `Ledger.write` together with the projection changes it explains. */
export function appendEvent(db: SqlDatabase, e: NewEvent): number {
  const r = db.run(
    'INSERT INTO events (at, source, kind, session_id, input, decision, client) VALUES (?, ?, ?, ?, ?, ?, ?)',
    e.at,
    e.source,
    e.kind,
    e.sessionId ?? null,
    JSON.stringify(compactForAudit(e.input)),
    e.decision === undefined ? null : JSON.stringify(e.decision),
    e.client ?? null,
  );
  return r.lastInsertRowid;
}

export function recentEvents(db: SqlDatabase, opts: { limit?: number; sessionId?: string; kind?: string } = {}): EventRecord[] {
  const where: string[] = [];
  const params: string[] = [];
  if (opts.sessionId) {
    where.push('session_id = ?');
    params.push(opts.sessionId);
  }
  if (opts.kind) {
    where.push('kind = ?');
    params.push(opts.kind);
  }
  const sql = `SELECT id, at, source, kind, session_id, ${CLIENT_SQL} AS client, input, decision FROM events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${Math.max(1, Math.min(opts.limit ?? 50, 10_000))}`;
  return db.all<{ id: number; at: string; source: string; kind: string; session_id: string | null; client: string; input: string; decision: string | null }>(sql, ...params).map((r) => ({
    id: Number(r.id),
    at: r.at,
    source: r.source,
    kind: r.kind,
    sessionId: r.session_id,
    client: r.client,
    input: JSON.parse(r.input),
    decision: r.decision === null ? null : JSON.parse(r.decision),
  }));
}

export function countEvents(db: SqlDatabase): number {
  return Number(db.get<{ n: number }>('SELECT count(*) AS n FROM events')?.n ?? 0);
}

/** Keeps the audit trail small: long strings (file contents, tool output) are cut, with a note. */
export function compactForAudit(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_AUDIT_STRING ? `${value.slice(0, MAX_AUDIT_STRING)}… [${value.length - MAX_AUDIT_STRING} more characters]` : value;
  }
  if (value === null || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => compactForAudit(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = compactForAudit(v, depth + 1);
  return out;
}
