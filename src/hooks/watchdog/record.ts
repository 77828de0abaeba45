/**
 * Claude Code's subagent events as watchdog receipts. Runs inside the event's
 * transaction (a handler's `persist`).
 *
 *   PreToolUse Agent|Task                 → a dispatch intent (brief, description, type)
 *   PostToolUse … status "async_launched" → bound to its agentId, launched
 *   PostToolUse … status "completed"      → completion forwarded to the main conversation
 *   PostToolUseFailure Agent|Task         → the error reached the main conversation (or the launch failed)
 *   SubagentStart                         → the child is active
 *   SubagentStop                          → the child is done; its final message is captured
 *   PostToolUse TaskOutput (completed)    → a background result fetched by the agent itself
 *
 * SubagentStart and SubagentStop name the child (agent_id) but not the tool
 * call, and for a foreground subagent they come before the PostToolUse that
 * names both. Until then a child is bound to the session's oldest recent
 * unbound dispatch of its type; the PostToolUse binding is authoritative and
 * swaps the child facts if that guess was wrong.
 */
import type { Config } from '../../config/schema.js';
import { createRun, expectedByFor, loadRun, recordChildDone, recordCompletion, settleRun } from '../../app/watchdog-runs.js';
import type { SqlDatabase } from '../../ledger/driver.js';
import { patchRun, pendingRespawnOrigin, runByChild, runByToolUse, unboundRuns, type RunRow } from '../../ledger/runs.js';

export const DEFAULT_AGENT_TYPE = 'general-purpose';
/**
 * The clients whose SubagentStart and SubagentStop name the child before any
 * answer names it with its tool call (Claude Code's foreground runs; Copilot
 * CLI's, whose `task` result never names it; OpenCode's `task` tool, which
 * returns only after its child ends): their child is bound to one of its
 * session's own dispatches by type and age.
 */
const BOUND_BY_GUESS: ReadonlySet<string> = new Set(['claude-code', 'copilot', 'opencode']);
/** A child binds to a dispatch intent at most this old when a newer one exists (older ones were likely never launched). */
const RECENT_INTENT_MS = 120_000;

export interface AgentDispatch {
  agentType: string;
  description: string | null;
  brief: string | null;
  background: boolean;
}

export function readAgentInput(toolInput: Record<string, unknown> | undefined): AgentDispatch {
  const i = toolInput ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  return {
    agentType: str(i.subagent_type) ?? DEFAULT_AGENT_TYPE,
    description: str(i.description),
    brief: str(i.prompt),
    background: i.run_in_background === true,
  };
}

/** The agentId of a tool response (`agentId`, or `agent_id`). */
export function agentIdOf(response: unknown): string | null {
  if (!response || typeof response !== 'object') return null;
  const r = response as Record<string, unknown>;
  const id = r.agentId ?? r.agent_id;
  return typeof id === 'string' && id !== '' ? id : null;
}

export function statusOf(response: unknown): string | null {
  if (!response || typeof response !== 'object') return null;
  const s = (response as Record<string, unknown>).status;
  return typeof s === 'string' ? s : null;
}

interface Common {
  sessionId: string;
  now: string;
  config: Config;
  /** The agent whose hook this is (`claude-code`, `codex`, …): a run created here records it as its source. */
  agent: string;
}

/** PreToolUse of Agent|Task: the dispatch intent. A replayed call (same tool_use_id) changes nothing. */
export function recordDispatchIntent(db: SqlDatabase, c: Common & { toolUseId: string | null; dispatch: AgentDispatch }): RunRow {
  const existing = c.toolUseId ? runByToolUse(db, c.toolUseId) : null;
  if (existing) return existing;
  const origin = c.dispatch.brief ? pendingRespawnOrigin(db, c.sessionId, c.dispatch.brief) : null;
  return createRun(db, {
    sessionId: c.sessionId,
    source: c.agent,
    toolUseId: c.toolUseId,
    childSessionKey: null,
    agentType: c.dispatch.agentType,
    description: c.dispatch.description,
    brief: c.dispatch.brief,
    background: c.dispatch.background,
    launched: false,
    dispatchAt: c.now,
    expectedBy: expectedByFor(c.config, c.dispatch.agentType, c.now),
    respawnOf: origin?.runId ?? null,
    updatedAt: c.now,
  });
}

export type ToolResultOutcome = { runId: string; kind: 'launched' | 'completed' | 'other'; duplicate: boolean };

/** PostToolUse of Agent|Task: binds the run to its agentId; a `completed` response is a forwarded completion. */
export function recordAgentToolResult(
  db: SqlDatabase,
  c: Common & { toolUseId: string | null; dispatch: AgentDispatch; response: unknown },
): ToolResultOutcome {
  const agentId = agentIdOf(c.response);
  const status = statusOf(c.response);
  let row = (c.toolUseId ? runByToolUse(db, c.toolUseId) : null) ?? (agentId ? runByChild(db, agentId) : null);
  row ??= recordDispatchIntent(db, { ...c, toolUseId: c.toolUseId });
  if (agentId) row = bindChild(db, row, agentId, c.now);
  patchRun(db, row.id, { launched: true, toolUseId: row.toolUseId ?? c.toolUseId, updatedAt: c.now });
  if (status === 'completed') {
    const loaded = loadRun(db, row.runId)!;
    const merged = recordCompletion(db, loaded, { completionReceivedAt: c.now, forwardedToMain: true, resultSource: 'tool_result' }, c.now, {
      childDone: true,
      childDoneAt: row.childDoneAt ?? c.now,
    });
    return { runId: row.runId, kind: 'completed', duplicate: merged.duplicate };
  }
  settleRun(db, row.runId, c.now);
  return { runId: row.runId, kind: status === 'async_launched' ? 'launched' : 'other', duplicate: false };
}

/**
 * PostToolUseFailure of Agent|Task: a dispatch that never launched is dropped
 * from the watch; a launched one's error reached the main conversation.
 */
export function recordAgentToolFailure(db: SqlDatabase, c: Common & { toolUseId: string | null }): { runId: string; kind: 'not_launched' | 'error_forwarded' } | null {
  const row = c.toolUseId ? runByToolUse(db, c.toolUseId) : null;
  if (!row) return null;
  if (!row.launched) {
    patchRun(db, row.id, { attention: false, updatedAt: c.now });
    return { runId: row.runId, kind: 'not_launched' };
  }
  recordCompletion(db, loadRun(db, row.runId)!, { completionReceivedAt: c.now, forwardedToMain: true, resultSource: 'tool_error' }, c.now);
  return { runId: row.runId, kind: 'error_forwarded' };
}

/** PostToolUse of TaskOutput: the agent fetched a background subagent's finished result itself. */
export function recordTaskOutput(db: SqlDatabase, c: Common & { taskId: string }): { runId: string; duplicate: boolean } | null {
  const row = runByChild(db, c.taskId);
  if (!row || row.sessionId !== c.sessionId) return null;
  const merged = recordCompletion(db, loadRun(db, row.runId)!, { completionReceivedAt: c.now, forwardedToMain: true, resultSource: 'task_output' }, c.now);
  return { runId: row.runId, duplicate: merged.duplicate };
}

/** SubagentStart: the child is active. */
export function recordChildStart(db: SqlDatabase, c: Common & { agentId: string; agentType: string | null }): RunRow {
  const row = childRun(db, c);
  patchRun(db, row.id, { startedAt: row.startedAt ?? c.now, launched: true, updatedAt: c.now });
  settleRun(db, row.runId, c.now);
  return row;
}

/** SubagentStop: the child is done; its final message and transcript path are kept. */
export function recordChildStop(
  db: SqlDatabase,
  c: Common & { agentId: string; agentType: string | null; result: string | null; transcriptPath: string | null; stopHookActive: boolean },
): RunRow {
  const row = childRun(db, c);
  // stop_hook_active: a hook kept the child going after an earlier SubagentStop; this later stop is the one that counts.
  recordChildDone(db, row, { at: c.now, result: c.result, transcriptPath: c.transcriptPath, later: c.stopHookActive });
  return row;
}

/** The run this child belongs to: bound already, else the best unbound dispatch of its type, else a run of its own. */
function childRun(db: SqlDatabase, c: Common & { agentId: string; agentType: string | null }): RunRow {
  const bound = runByChild(db, c.agentId);
  if (bound) return bound;
  const intent = BOUND_BY_GUESS.has(c.agent) ? pickIntent(unboundRuns(db, c.sessionId, c.agent), c.agentType, Date.parse(c.now)) : null;
  if (intent) {
    patchRun(db, intent.id, { childSessionKey: c.agentId, launched: true, updatedAt: c.now });
    return { ...intent, childSessionKey: c.agentId, launched: true };
  }
  const type = c.agentType ?? DEFAULT_AGENT_TYPE;
  return createRun(db, {
    sessionId: c.sessionId,
    source: c.agent,
    toolUseId: null,
    childSessionKey: c.agentId,
    agentType: type,
    description: null,
    brief: null,
    background: false,
    launched: true,
    dispatchAt: c.now,
    expectedBy: expectedByFor(c.config, type, c.now),
    updatedAt: c.now,
  });
}

/** The oldest recent unbound dispatch of the child's type; with none recent, the newest. */
export function pickIntent(intents: readonly RunRow[], agentType: string | null, nowMs: number): RunRow | null {
  const type = agentType ?? DEFAULT_AGENT_TYPE;
  const same = intents.filter((r) => sameType(r.agentType ?? DEFAULT_AGENT_TYPE, type));
  if (same.length === 0) return null;
  return same.find((r) => nowMs - Date.parse(r.dispatchAt) <= RECENT_INTENT_MS) ?? same[same.length - 1]!;
}

function sameType(a: string, b: string): boolean {
  return a === b || a.endsWith(`:${b}`) || b.endsWith(`:${a}`);
}

const CHILD_FIELDS = ['childSessionKey', 'startedAt', 'childDone', 'childDoneAt', 'capturedResult', 'childTranscriptPath'] as const;

/**
 * Binds a run to its agentId. When a SubagentStart/Stop bound that child to
 * another run (a wrong guess, or a run of its own), the child facts are swapped.
 */
function bindChild(db: SqlDatabase, row: RunRow, agentId: string, now: string): RunRow {
  if (row.childSessionKey === agentId) return row;
  const other = runByChild(db, agentId);
  if (!other || other.id === row.id) {
    patchRun(db, row.id, { childSessionKey: agentId, updatedAt: now });
    return { ...row, childSessionKey: agentId };
  }
  const mine = Object.fromEntries(CHILD_FIELDS.map((k) => [k, row[k]])) as Pick<RunRow, (typeof CHILD_FIELDS)[number]>;
  const theirs = Object.fromEntries(CHILD_FIELDS.map((k) => [k, other[k]])) as Pick<RunRow, (typeof CHILD_FIELDS)[number]>;
  // A run of the child's own (no tool call) left without a child was never a dispatch: it leaves the watch.
  const otherKeepsWatch = mine.childSessionKey !== null || other.toolUseId !== null;
  patchRun(db, row.id, { ...theirs, updatedAt: now });
  if (otherKeepsWatch) {
    patchRun(db, other.id, { ...mine, launched: mine.childSessionKey !== null && other.launched, updatedAt: now });
    settleRun(db, other.runId, now);
  } else {
    patchRun(db, other.id, { ...mine, launched: false, attention: false, updatedAt: now });
  }
  return { ...row, ...theirs };
}
