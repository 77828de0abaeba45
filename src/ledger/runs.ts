import type { SqlDatabase, SqlValue } from './driver.js';
import { redactColumn, redactText } from './redact.js';
import { redactionKeyOf } from './redaction-key.js';

/** One subagent run as the ledger holds it (migration 6). */
export interface RunRow {
  id: number;
  runId: string;
  sessionId: string | null;
  source: string;
  toolUseId: string | null;
  childSessionKey: string | null;
  agentType: string | null;
  description: string | null;
  brief: string | null;
  background: boolean;
  launched: boolean;
  dispatchAt: string;
  expectedBy: string;
  startedAt: string | null;
  childDone: boolean;
  childDoneAt: string | null;
  capturedResult: string | null;
  childTranscriptPath: string | null;
  completionReceivedAt: string | null;
  forwardedToMain: boolean | null;
  resultSource: string | null;
  respawnOf: string | null;
  notified: string | null;
  closedAs: 'completed' | 'recovered' | 'blocked' | null;
  attention: boolean;
  updatedAt: string;
}

export type AttemptAction = 'fetch_history' | 'respawn' | 'escalate';
export type AttemptOutcomeValue = 'delivered' | 'failed' | 'pending';

export interface AttemptRow {
  id: number;
  runId: string;
  action: AttemptAction;
  at: string;
  outcome: AttemptOutcomeValue;
  resolvedAt: string | null;
  channel: string;
  detail: string | null;
  eventId: number | null;
}

const COLUMNS: Record<Exclude<keyof RunRow, 'id'>, string> = {
  runId: 'run_id',
  sessionId: 'session_id',
  source: 'source',
  toolUseId: 'tool_use_id',
  childSessionKey: 'child_session_key',
  agentType: 'agent_type',
  description: 'description',
  brief: 'brief',
  background: 'background',
  launched: 'launched',
  dispatchAt: 'dispatch_at',
  expectedBy: 'expected_by',
  startedAt: 'started_at',
  childDone: 'child_done',
  childDoneAt: 'child_done_at',
  capturedResult: 'captured_result',
  childTranscriptPath: 'child_transcript_path',
  completionReceivedAt: 'completion_received_at',
  forwardedToMain: 'forwarded_to_main',
  resultSource: 'result_source',
  respawnOf: 'respawn_of',
  notified: 'notified',
  closedAs: 'closed_as',
  attention: 'attention',
  updatedAt: 'updated_at',
};
const BOOLEAN_FIELDS = new Set<string>(['background', 'launched', 'childDone', 'forwardedToMain', 'attention']);
const SELECT = `SELECT id, ${Object.values(COLUMNS).join(', ')} FROM runs`;

/** What has not happened yet when a run is first recorded: no start, no result, no completion. */
const NOT_YET = {
  startedAt: null,
  childDone: false,
  childDoneAt: null,
  capturedResult: null,
  childTranscriptPath: null,
  completionReceivedAt: null,
  forwardedToMain: null,
  resultSource: null,
  respawnOf: null,
} as const;

export type NewRun = Omit<RunRow, 'id' | 'runId' | 'notified' | 'closedAs' | 'attention' | keyof typeof NOT_YET> &
  Partial<Pick<RunRow, keyof typeof NOT_YET>> & { runId?: string };

/**
 * Inserts a run. Without a runId it is named `r-<row id>` (Claude Code runs);
 * a name an orchestrator already took gets a suffix.
 */
export function insertRun(db: SqlDatabase, r: NewRun): RunRow {
  const fields = { ...NOT_YET, ...r, runId: r.runId ?? `pending:${r.toolUseId ?? ''}:${r.dispatchAt}:${Math.random()}`, notified: null, closedAs: null, attention: true };
  const keys = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
  const id = db.run(`INSERT INTO runs (${keys.map((k) => COLUMNS[k]).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`, ...keys.map((k) => toSql(k, fields[k], redactionKeyOf(db)))).lastInsertRowid;
  if (r.runId === undefined) {
    let name = `r-${id}`;
    for (let n = 2; runById(db, name); n++) name = `r-${id}.${n}`;
    db.run('UPDATE runs SET run_id = ? WHERE id = ?', name, id);
  }
  return runByRowId(db, id)!;
}

/** Changes some fields of a run; `updatedAt` is required. */
export function patchRun(db: SqlDatabase, id: number, patch: Partial<Omit<RunRow, 'id'>> & { updatedAt: string }): void {
  const keys = (Object.keys(patch) as (keyof typeof COLUMNS)[]).filter((k) => k in COLUMNS);
  db.run(`UPDATE runs SET ${keys.map((k) => `${COLUMNS[k]} = ?`).join(', ')} WHERE id = ?`, ...keys.map((k) => toSql(k, patch[k], redactionKeyOf(db))), id);
}

export function runByRowId(db: SqlDatabase, id: number): RunRow | null {
  return fromRow(db.get(`${SELECT} WHERE id = ?`, id));
}

export function runById(db: SqlDatabase, runId: string): RunRow | null {
  return fromRow(db.get(`${SELECT} WHERE run_id = ?`, runId));
}

export function runByToolUse(db: SqlDatabase, toolUseId: string): RunRow | null {
  return fromRow(db.get(`${SELECT} WHERE tool_use_id = ? ORDER BY id DESC LIMIT 1`, toolUseId));
}

/** The newest run bound to this child (Claude Code: agentId). */
export function runByChild(db: SqlDatabase, childSessionKey: string): RunRow | null {
  return fromRow(db.get(`${SELECT} WHERE child_session_key = ? ORDER BY id DESC LIMIT 1`, childSessionKey));
}

/** Dispatch intents of a session not yet bound to a child, oldest first. */
export function unboundRuns(db: SqlDatabase, sessionId: string, source: string): RunRow[] {
  return db
    .all(`${SELECT} WHERE session_id = ? AND child_session_key IS NULL AND source = ? AND closed_as IS NULL AND attention = 1 ORDER BY id LIMIT 50`, sessionId, source)
    .map((r) => fromRow(r)!);
}

/**
 * The run with this brief whose respawn is pending and not yet re-dispatched
 * (newest first), that this session answers for: its own, or one handed over
 * to it (another client's, its session gone), whose pending respawn was
 * stated by a hook call of this session. A live session's respawn is never
 * taken by another's dispatch of the same brief.
 */
export function pendingRespawnOrigin(db: SqlDatabase, sessionId: string, brief: string): RunRow | null {
  return fromRow(
    db.get(
      `${SELECT} WHERE brief = ? AND closed_as IS NULL
         AND EXISTS (SELECT 1 FROM run_attempts a LEFT JOIN events e ON e.id = a.event_id
                     WHERE a.run_id = runs.run_id AND a.action = 'respawn' AND a.outcome = 'pending'
                       AND (runs.session_id = ? OR e.session_id = ?))
         AND NOT EXISTS (SELECT 1 FROM runs x WHERE x.respawn_of = runs.run_id)
       ORDER BY id DESC LIMIT 1`,
      brief,
      sessionId,
      sessionId,
    ),
  );
}

/** The run dispatched again for this run's respawn, if any. */
export function respawnOfRun(db: SqlDatabase, runId: string): RunRow | null {
  return fromRow(db.get(`${SELECT} WHERE respawn_of = ? ORDER BY id DESC LIMIT 1`, runId));
}

/** For each of these runs that was dispatched again (a respawn), the re-dispatched run's expectedBy (the newest one). */
export function respawnDeadlines(db: SqlDatabase, runIds: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < runIds.length; i += 500) {
    const chunk = runIds.slice(i, i + 500);
    const rows = db.all<{ respawn_of: string; expected_by: string }>(
      `SELECT respawn_of, expected_by FROM runs WHERE respawn_of IN (${chunk.map(() => '?').join(', ')}) ORDER BY id`,
      ...chunk,
    );
    for (const r of rows) out.set(r.respawn_of, r.expected_by);
  }
  return out;
}

/** Launched runs of a session that are open, or closed with a notice still owed to the user. */
export function attentionRuns(db: SqlDatabase, sessionId: string): RunRow[] {
  return db.all(`${SELECT} WHERE session_id = ? AND attention = 1 AND launched = 1 ORDER BY id LIMIT 200`, sessionId).map((r) => fromRow(r)!);
}

/** Runs of other sessions that still need attention: candidates for a hand-over (src/domain/run-hand-over.ts). */
export function othersAttentionRuns(db: SqlDatabase, sessionId: string, limit = 50): RunRow[] {
  return db.all(`${SELECT} WHERE attention = 1 AND launched = 1 AND session_id IS NOT NULL AND session_id != ? ORDER BY id LIMIT ${Math.max(1, Math.min(limit, 200))}`, sessionId).map((r) => fromRow(r)!);
}

/** Launched runs, newest first (all sessions, or one). */
export function listRuns(db: SqlDatabase, opts: { limit: number; sessionId?: string }): RunRow[] {
  const where = opts.sessionId === undefined ? 'WHERE launched = 1' : 'WHERE launched = 1 AND session_id = ?';
  const params: SqlValue[] = opts.sessionId === undefined ? [] : [opts.sessionId];
  return db.all(`${SELECT} ${where} ORDER BY id DESC LIMIT ${Math.max(1, Math.min(opts.limit, 10_000))}`, ...params).map((r) => fromRow(r)!);
}

/**
 * Subagent runs not yet completed, recovered or blocked (the hot state's
 * `openRuns`, which lets PostToolUse open the ledger to deliver). Runs
 * dispatched more than `withinMs` ago (a day) are left out: a session that
 * ended with a run open must not make every later tool call open the ledger;
 * such a run still gets its turn at the session's next Stop or prompt.
 */
export function countOpenRuns(db: SqlDatabase, nowMs = Date.now(), withinMs = 86_400_000): number {
  const since = new Date(nowMs - withinMs).toISOString();
  return Number(db.get<{ n: number }>('SELECT count(*) AS n FROM runs WHERE closed_as IS NULL AND launched = 1 AND dispatch_at >= ?', since)?.n ?? 0);
}

/**
 * Subagent runs dispatched within `withinMs` (a day), whatever their state:
 * while there are any, prompts and stops are decided in full, since one may
 * still have a report owed to the user (the hot state's `recentRuns`).
 */
export function countRecentRuns(db: SqlDatabase, nowMs = Date.now(), withinMs = 86_400_000): number {
  const since = new Date(nowMs - withinMs).toISOString();
  return Number(db.get<{ n: number }>('SELECT count(*) AS n FROM runs WHERE launched = 1 AND dispatch_at >= ?', since)?.n ?? 0);
}

export function attemptsFor(db: SqlDatabase, runIds: readonly string[]): Map<string, AttemptRow[]> {
  const out = new Map<string, AttemptRow[]>(runIds.map((id) => [id, []]));
  if (runIds.length === 0) return out;
  // One query per call, in chunks under SQLite's parameter limit.
  for (let i = 0; i < runIds.length; i += 500) {
    const chunk = runIds.slice(i, i + 500);
    const rows = db.all<{ id: number; run_id: string; action: string; at: string; outcome: string; resolved_at: string | null; channel: string; detail: string | null; event_id: number | null }>(
      `SELECT id, run_id, action, at, outcome, resolved_at, channel, detail, event_id FROM run_attempts WHERE run_id IN (${chunk.map(() => '?').join(', ')}) ORDER BY id`,
      ...chunk,
    );
    for (const r of rows) {
      out.get(r.run_id)?.push({
        id: Number(r.id),
        runId: r.run_id,
        action: r.action as AttemptAction,
        at: r.at,
        outcome: r.outcome as AttemptOutcomeValue,
        resolvedAt: r.resolved_at,
        channel: r.channel,
        detail: r.detail,
        eventId: r.event_id === null ? null : Number(r.event_id),
      });
    }
  }
  return out;
}

export function insertAttempt(db: SqlDatabase, a: Omit<AttemptRow, 'id' | 'resolvedAt' | 'eventId'> & { eventId?: number | null }): number {
  return db.run(
    'INSERT INTO run_attempts (run_id, action, at, outcome, resolved_at, channel, detail, event_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    a.runId,
    a.action,
    a.at,
    a.outcome,
    a.outcome === 'pending' ? null : a.at,
    a.channel,
    redactColumn(a.detail, redactionKeyOf(db)),
    a.eventId ?? null,
  ).lastInsertRowid;
}

export function resolveAttempt(db: SqlDatabase, id: number, outcome: 'delivered' | 'failed', at: string, detail: string): void {
  db.run("UPDATE run_attempts SET outcome = ?, resolved_at = ?, detail = coalesce(detail || '; ', '') || ? WHERE id = ? AND outcome = 'pending'", outcome, at, redactText(detail, redactionKeyOf(db)), id);
}

/** Links attempts recorded before their hook call's event existed to that event. */
export function linkAttemptsToEvent(db: SqlDatabase, ids: readonly number[], eventId: number): void {
  for (const id of ids) db.run('UPDATE run_attempts SET event_id = ? WHERE id = ? AND event_id IS NULL', eventId, id);
}

/** The fields that hold the agent's words (the brief a respawn dispatches again, the child's result): kept with their secrets redacted. */
const WORDS_FIELDS = new Set<string>(['description', 'brief', 'capturedResult']);

function toSql(key: string, value: unknown, redactionKey: string): SqlValue {
  if (value === undefined || value === null) return null;
  if (BOOLEAN_FIELDS.has(key)) return value ? 1 : 0;
  if (WORDS_FIELDS.has(key) && typeof value === 'string') return redactText(value, redactionKey);
  return value as SqlValue;
}

function fromRow(r: Record<string, SqlValue> | undefined): RunRow | null {
  if (!r) return null;
  const out: Record<string, unknown> = { id: Number(r.id) };
  for (const [key, column] of Object.entries(COLUMNS)) {
    const v = r[column];
    out[key] = BOOLEAN_FIELDS.has(key) ? (v === null || v === undefined ? (key === 'forwardedToMain' ? null : false) : Number(v) === 1) : (v ?? null);
  }
  return out as unknown as RunRow;
}
