/**
 * What the plugin remembers between hook calls of one gateway process. OpenClaw
 * calls a plugin's register() several times (one per plugin registry) and
 * fires each hook on one of them, so the memory is one per process, not per
 * registration. Lost on restart, which ends the runs it describes too.
 */
export interface OwedContinuation {
  sessionKey: string;
  cwd: string;
  /** The facts the Stop rule gave for holding the stop. */
  reason: string;
}

export interface SessionMemory {
  /** Session key → the workspace its runs work in (tool hooks do not carry it). */
  workspaces: Map<string, string>;
  /** Sessions whose first turn has had the ground truth. */
  started: Set<string>;
  /** Sessions compacted since their last turn. */
  compacted: Set<string>;
  /** Run ids of the turns continuity itself started: never the operator's words. */
  ownRuns: Set<string>;
  /** Run id → a held stop whose run ended without going on (revise refused after side effects, or capped). */
  owed: Map<string, OwedContinuation>;
  /** A subagent's session key → the session that spawned it (its requester). */
  children: Map<string, string>;
  /** Run id of an announce run → the child whose result it hands over. */
  announces: Map<string, string>;
  /** Run id → the run's prompt as it arrived, before any plugin prepended context to it. */
  prompts: Map<string, string>;
  /** Session key → what the rules said after a tool call, for the session's next turn. */
  feedback: Map<string, string[]>;
  /**
   * Every exec call of this gateway (any session) → when it ran: a process
   * started then that outlives it is the agent's. `endMs` null: still running,
   * or sent to the background (`backgrounded`).
   */
  execWindows: Map<string, { startMs: number; endMs: number | null; backgrounded: boolean }>;
  /** An exec's background session → what `process` typed into it since its last Enter. */
  typed: Map<string, string>;
}

const KEY = Symbol.for('continuity.openclaw.session-memory');

export function sessionMemory(): SessionMemory {
  const g = globalThis as { [KEY]?: SessionMemory };
  g[KEY] ??= { workspaces: new Map(), started: new Set(), compacted: new Set(), ownRuns: new Set(), owed: new Map(), children: new Map(), announces: new Map(), prompts: new Map(), feedback: new Map(), execWindows: new Map(), typed: new Map() };
  return g[KEY];
}
