/**
 * What the ledger holds about the agent's tool calls, for the rules that
 * must know whether agent code is running: every PreToolUse and its
 * PostToolUse or PostToolUseFailure, and the background shells Claude Code
 * lists at each stop. Spooled calls count once a process has opened the
 * ledger (it takes the spool in first).
 */
import type { BackgroundShell, InFlightCall } from '../domain/human-turn.js';
import { unpairedCalls, type ToolEvent } from '../domain/tool-pairing.js';
import { isDigest } from './audit-input.js';
import { eventsOfKindsSinceSql } from './event-rows.js';
import type { SqlDatabase } from './driver.js';

/** A command as recorded: its text, or the head of a long one the audit trail kept as a digest (src/ledger/audit-input.ts); it is only ever shown. */
const COMMAND = (e: string) =>
  `CASE WHEN json_type(${e}.input, '$.tool_input.command') = 'object' THEN json_extract(${e}.input, '$.tool_input.command.head') || '…' ELSE json_extract(${e}.input, '$.tool_input.command') END`;

function commandText(v: unknown): string {
  return isDigest(v) ? `${v.head}…` : String(v ?? '');
}

/**
 * A Bash call is running from its PreToolUse until its PostToolUse or
 * PostToolUseFailure (paired by the client's id, or by session and input
 * where the client gives none: src/domain/tool-pairing.ts); one continuity
 * denied never ran. How long a Bash call without its PostToolUse counts as running: Claude
 * Code's longest Bash timeout (10 minutes) and a margin. A call interrupted
 * by the person never gets its PostToolUse; its session's transcript says
 * the turn moved on.
 */
export const IN_FLIGHT_HORIZON_MS = 11 * 60_000;

export function inFlightBash(db: SqlDatabase, nowMs: number): InFlightCall[] {
  const since = new Date(nowMs - IN_FLIGHT_HORIZON_MS).toISOString();
  // Read further back than the horizon: an after event pairs with the oldest call it can, which may have started before it.
  const readFrom = new Date(nowMs - 2 * IN_FLIGHT_HORIZON_MS).toISOString();
  const rows = db.all<{ event_id: number; kind: string; session_id: string | null; id: string | null; input: string | null; command: string | null; at: string; source: string }>(
    `SELECT e.id AS event_id, e.kind, e.session_id, e.source, json_extract(e.input, '$.tool_use_id') AS id, json_extract(e.input, '$.tool_input') AS input,
            ${COMMAND('e')} AS command, e.at
       FROM events e
      WHERE e.${eventsOfKindsSinceSql(3)} AND json_extract(e.input, '$.tool_name') = 'Bash'
        AND (e.kind != 'PreToolUse' OR coalesce(json_extract(e.decision, '$.action'), '') != 'deny')
      ORDER BY e.at, e.id`,
    'PreToolUse',
    'PostToolUse',
    'PostToolUseFailure',
    readFrom,
  );
  const commands = new Map(rows.map((r) => [r.event_id, String(r.command ?? '')]));
  const sources = new Map(rows.map((r) => [r.event_id, r.source]));
  const events: ToolEvent[] = rows.map((r) => ({
    eventId: r.event_id,
    phase: r.kind === 'PreToolUse' ? 'before' : 'after',
    sessionId: r.session_id,
    toolName: 'Bash',
    toolUseId: typeof r.id === 'string' && r.id !== '' ? r.id : null,
    input: String(r.input ?? ''),
    at: r.at,
  }));
  return unpairedCalls(events)
    .filter((c) => c.at >= since)
    .map((c) => ({ sessionId: c.sessionId, toolUseId: c.toolUseId, command: commands.get(c.eventId) ?? '', at: c.at, source: sources.get(c.eventId) ?? '' }));
}

export function sessionToolCalls(db: SqlDatabase, sessionId: string): number {
  return Number(db.get<{ n: number }>("SELECT count(*) AS n FROM events WHERE session_id = ? AND kind IN ('PreToolUse', 'PostToolUse', 'PostToolUseFailure')", sessionId)?.n ?? 0);
}

export function pairedPreToolUse(db: SqlDatabase, toolUseId: string, toolName: string): boolean {
  // Newest first: a call's PreToolUse is among the last events, and each event read is unpacked (src/ledger/event-rows.ts).
  return !!db.get("SELECT 1 AS x FROM events WHERE kind = 'PreToolUse' AND json_extract(input, '$.tool_use_id') = ? AND json_extract(input, '$.tool_name') = ? ORDER BY id DESC LIMIT 1", toolUseId, toolName);
}

/**
 * Shells the agent left running in the background: those Claude Code listed
 * as running (`background_tasks`, type shell) at each session's latest Stop,
 * and those started (`run_in_background`) since, within the last day.
 */
export function backgroundShells(db: SqlDatabase, nowMs: number): BackgroundShell[] {
  const since = new Date(nowMs - 24 * 3600_000).toISOString();
  const stops = db.all<{ session_id: string | null; at: string; tasks: string | null }>(
    `SELECT session_id, max(at) AS at, json_extract(input, '$.background_tasks') AS tasks FROM events WHERE ${eventsOfKindsSinceSql(1)} GROUP BY session_id`,
    'Stop',
    since,
  );
  const lastStop = new Map(stops.map((s) => [s.session_id, s.at]));
  const out: BackgroundShell[] = [];
  for (const s of stops) {
    let tasks: unknown = [];
    try {
      tasks = s.tasks ? JSON.parse(s.tasks) : [];
    } catch {
      // not a list: nothing known
    }
    for (const t of Array.isArray(tasks) ? (tasks as Record<string, unknown>[]) : []) {
      if (t?.type === 'shell' && t.status === 'running') out.push({ sessionId: s.session_id, id: String(t.id ?? ''), command: commandText(t.command) });
    }
  }
  const started = db.all<{ session_id: string | null; at: string; id: string | null; command: string | null }>(
    `SELECT session_id, at, json_extract(input, '$.tool_response.backgroundTaskId') AS id, ${COMMAND('events')} AS command
       FROM events WHERE ${eventsOfKindsSinceSql(1)} AND json_extract(input, '$.tool_name') = 'Bash' AND json_extract(input, '$.tool_input.run_in_background') = 1`,
    'PostToolUse',
    since,
  );
  for (const b of started) {
    const stop = lastStop.get(b.session_id);
    if (stop === undefined || b.at > stop) out.push({ sessionId: b.session_id, id: String(b.id ?? ''), command: String(b.command ?? '') });
  }
  return out;
}
