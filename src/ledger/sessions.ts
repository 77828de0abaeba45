import type { LegalClosureState } from '../domain/gate.js';
import type { SqlDatabase } from './driver.js';
import { redactText } from './redact.js';
import { redactionKeyOf } from './redaction-key.js';

export interface SessionRecord {
  sessionId: string;
  suspended: boolean;
  lastPromptAt: string | null;
  boundary: string | null;
  blocks: number;
}

export function sessionById(db: SqlDatabase, sessionId: string): SessionRecord {
  const r = db.get<{ suspended: number; last_prompt_at: string | null; boundary: string | null; blocks: number }>(
    'SELECT suspended, last_prompt_at, boundary, blocks FROM sessions WHERE session_id = ?',
    sessionId,
  );
  return { sessionId, suspended: Number(r?.suspended ?? 0) === 1, lastPromptAt: r?.last_prompt_at ?? null, boundary: r?.boundary ?? null, blocks: Number(r?.blocks ?? 0) };
}

export function saveSession(db: SqlDatabase, s: SessionRecord, at: string): void {
  db.run(
    `INSERT INTO sessions (session_id, suspended, last_prompt_at, boundary, blocks, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET suspended = excluded.suspended, last_prompt_at = excluded.last_prompt_at,
       boundary = excluded.boundary, blocks = excluded.blocks, updated_at = excluded.updated_at`,
    s.sessionId,
    s.suspended ? 1 : 0,
    s.lastPromptAt,
    s.boundary,
    s.blocks,
    at,
  );
}

/** The newest event recorded for a session: its kind, when, and the client it came from (null: none). */
export function lastEventOfSession(db: SqlDatabase, sessionId: string): { kind: string; at: string; source: string } | null {
  return db.get<{ kind: string; at: string; source: string }>('SELECT kind, at, source FROM events WHERE session_id = ? ORDER BY id DESC LIMIT 1', sessionId) ?? null;
}

export interface ClosureRecord {
  state: LegalClosureState;
  reason: string;
  declaredAt: string;
  source: string;
  sessionId: string | null;
}

export function insertClosure(db: SqlDatabase, c: ClosureRecord & { eventId: number }): void {
  db.run(
    'INSERT INTO closures (session_id, state, reason, declared_at, source, event_id) VALUES (?, ?, ?, ?, ?, ?)',
    c.sessionId,
    c.state,
    redactText(c.reason, redactionKeyOf(db)),
    c.declaredAt,
    c.source,
    c.eventId,
  );
}

/** The newest closure declared for this session (or for any session) at or after `since`. */
export function latestClosure(db: SqlDatabase, sessionId: string, since: string | null): ClosureRecord | null {
  const r = db.get<{ state: string; reason: string; declared_at: string; source: string; session_id: string | null }>(
    `SELECT state, reason, declared_at, source, session_id FROM closures
     WHERE (session_id = ? OR session_id IS NULL) AND declared_at >= ? ORDER BY declared_at DESC, id DESC LIMIT 1`,
    sessionId,
    since ?? '',
  );
  return r ? { state: r.state as LegalClosureState, reason: r.reason, declaredAt: r.declared_at, source: r.source, sessionId: r.session_id } : null;
}

export function insertViolation(db: SqlDatabase, v: { at: string; sessionId: string | null; kind: string; summary: string; eventId: number }): void {
  db.run('INSERT INTO violations (at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?)', v.at, v.sessionId, v.kind, redactText(v.summary, redactionKeyOf(db)), v.eventId);
}

export function recentViolations(db: SqlDatabase, limit = 5): { at: string; sessionId: string | null; kind: string; summary: string }[] {
  return db
    .all<{ at: string; session_id: string | null; kind: string; summary: string }>('SELECT at, session_id, kind, summary FROM violations ORDER BY id DESC LIMIT ?', limit)
    .map((r) => ({ at: r.at, sessionId: r.session_id, kind: r.kind, summary: r.summary }));
}
