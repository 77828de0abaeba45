/**
 * What the ledger holds about the agent's tool calls, for the rules that
 * must know whether agent code is running: every PreToolUse and its
 * PostToolUse or PostToolUseFailure, and the background shells Claude Code
 * lists at each stop. Spooled calls count once a process has opened the
 * ledger (it takes the spool in first).
 */
import type { BackgroundShell, InFlightCall } from '../domain/human-turn.js';
import type { SqlDatabase } from './driver.js';

/**
 * A Bash call is running from its PreToolUse until its PostToolUse or
 * PostToolUseFailure; one continuity denied never ran. How long a Bash call without its PostToolUse counts as running: Claude
 * Code's longest Bash timeout (10 minutes) and a margin. A call interrupted
 * by the person never gets its PostToolUse; its session's transcript says
 * the turn moved on.
 */
export const IN_FLIGHT_HORIZON_MS = 11 * 60_000;

export function inFlightBash(db: SqlDatabase, nowMs: number): InFlightCall[] {
  const since = new Date(nowMs - IN_FLIGHT_HORIZON_MS).toISOString();
  const rows = db.all<{ session_id: string | null; id: string | null; command: string | null; at: string }>(
    `SELECT e.session_id, json_extract(e.input, '$.tool_use_id') AS id, json_extract(e.input, '$.tool_input.command') AS command, e.at
       FROM events e
      WHERE e.kind = 'PreToolUse' AND e.at >= ? AND json_extract(e.input, '$.tool_name') = 'Bash'
        AND coalesce(json_extract(e.decision, '$.action'), '') != 'deny'
        AND NOT EXISTS (
          SELECT 1 FROM events p
           WHERE p.kind IN ('PostToolUse', 'PostToolUseFailure') AND p.at >= ?
             AND json_extract(p.input, '$.tool_use_id') = json_extract(e.input, '$.tool_use_id'))
      ORDER BY e.at`,
    since,
    since,
  );
  return rows.filter((r) => typeof r.id === 'string').map((r) => ({ sessionId: r.session_id, toolUseId: r.id!, command: String(r.command ?? ''), at: r.at }));
}

export function sessionToolCalls(db: SqlDatabase, sessionId: string): number {
  return Number(db.get<{ n: number }>("SELECT count(*) AS n FROM events WHERE session_id = ? AND kind IN ('PreToolUse', 'PostToolUse', 'PostToolUseFailure')", sessionId)?.n ?? 0);
}

export function pairedPreToolUse(db: SqlDatabase, toolUseId: string, toolName: string): boolean {
  return !!db.get("SELECT 1 AS x FROM events WHERE kind = 'PreToolUse' AND json_extract(input, '$.tool_use_id') = ? AND json_extract(input, '$.tool_name') = ? LIMIT 1", toolUseId, toolName);
}

/**
 * Shells the agent left running in the background: those Claude Code listed
 * as running (`background_tasks`, type shell) at each session's latest Stop,
 * and those started (`run_in_background`) since, within the last day.
 */
export function backgroundShells(db: SqlDatabase, nowMs: number): BackgroundShell[] {
  const since = new Date(nowMs - 24 * 3600_000).toISOString();
  const stops = db.all<{ session_id: string | null; at: string; tasks: string | null }>(
    `SELECT session_id, max(at) AS at, json_extract(input, '$.background_tasks') AS tasks FROM events WHERE kind = 'Stop' AND at >= ? GROUP BY session_id`,
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
      if (t?.type === 'shell' && t.status === 'running') out.push({ sessionId: s.session_id, id: String(t.id ?? ''), command: String(t.command ?? '') });
    }
  }
  const started = db.all<{ session_id: string | null; at: string; id: string | null; command: string | null }>(
    `SELECT session_id, at, json_extract(input, '$.tool_response.backgroundTaskId') AS id, json_extract(input, '$.tool_input.command') AS command
       FROM events WHERE kind = 'PostToolUse' AND at >= ? AND json_extract(input, '$.tool_name') = 'Bash' AND json_extract(input, '$.tool_input.run_in_background') = 1`,
    since,
  );
  for (const b of started) {
    const stop = lastStop.get(b.session_id);
    if (stop === undefined || b.at > stop) out.push({ sessionId: b.session_id, id: String(b.id ?? ''), command: String(b.command ?? '') });
  }
  return out;
}
