import { boundForAudit } from './audit-input.js';
import type { SqlDatabase } from './driver.js';
import { CLIENT_SQL } from './event-client.js';
import { redactDeep } from './redact.js';
import { redactionKeyOf } from './redaction-key.js';

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

/** Appends one event. Call inside `Ledger.write` together with the projection changes it explains. */
export function appendEvent(db: SqlDatabase, e: NewEvent): number {
  const key = redactionKeyOf(db);
  db.run(
    'INSERT INTO events (at, source, kind, session_id, input, decision, client) VALUES (?, ?, ?, ?, ?, ?, ?)',
    e.at,
    e.source,
    e.kind,
    e.sessionId ?? null,
    storedInput(e, key),
    storedDecision(e.decision, key),
    e.client ?? null,
  );
  return lastEventId(db);
}

/** The id of the event just inserted (an insert into the view does not set the connection's last rowid). */
export function lastEventId(db: SqlDatabase): number {
  return Number(db.get<{ id: number }>('SELECT max(id) AS id FROM event_rows')?.id ?? 0);
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

/**
 * How many events the ledger holds, as an SQL expression: the count the
 * triggers keep (schema 8), read only while both triggers stand (a trigger
 * dropped by hand would let rows go uncounted), else counted.
 */
export const EVENT_TOTAL_SQL =
  "coalesce((SELECT n FROM event_count WHERE (SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'event_rows' AND name IN ('events_counted', 'events_uncounted')) = 2), (SELECT count(*) FROM event_rows))";

export function countEvents(db: SqlDatabase): number {
  return Number(db.get<{ n: number }>(`SELECT ${EVENT_TOTAL_SQL} AS n`)?.n ?? 0);
}

/** An event's input as the events table and the spool keep it, its secrets redacted under `key` (src/ledger/audit-input.ts). */
export function boundedInput(e: Pick<NewEvent, 'input' | 'sessionId' | 'kind'>, key = ''): unknown {
  return boundForAudit(e.input, { sessionId: e.sessionId ?? null, kind: e.kind }, key) ?? null;
}

export function storedInput(e: Pick<NewEvent, 'input' | 'sessionId' | 'kind'>, key = ''): string {
  return JSON.stringify(boundedInput(e, key));
}

/**
 * An event's decision as stored: whole (continuity's own words, and the facts
 * its rules used), except the tool input an answer hands back to the client
 * (`hookSpecificOutput.updatedInput`: the agent's command, wrapped in
 * continuity's own wall), which is bounded as the input is. Its words may
 * quote the agent's (a refused command): their secrets are redacted as the
 * input's are.
 */
export function storedDecision(decision: unknown, key = ''): string | null {
  const d = storedDecisionValue(decision, key);
  return d === undefined ? null : JSON.stringify(d);
}

/** The same before it is written out as text (undefined: no decision): a spool file embeds it in its own JSON, whose text holds it the same. */
export function storedDecisionValue(decision: unknown, key = ''): unknown {
  if (decision === undefined || decision === null) return decision;
  const d = redactDeep(decision, key) as { output?: { hookSpecificOutput?: { updatedInput?: unknown } } };
  const echoed = (decision as typeof d).output?.hookSpecificOutput?.updatedInput;
  if (echoed === undefined) return d;
  const bounded = (boundForAudit({ tool_input: echoed }, undefined, key) as { tool_input: unknown }).tool_input;
  return { ...d, output: { ...d.output, hookSpecificOutput: { ...d.output!.hookSpecificOutput, updatedInput: bounded } } };
}
