/**
 * What the plugin remembers between hook calls. OpenClaw calls a plugin's
 * register() several times (one per plugin registry) and fires each hook on
 * one of them, so the memory is one per process, not per registration.
 *
 * The part that must outlive the gateway (the runs continuity started, held
 * stops, each child's requester, each session's workspace, the results
 * OpenClaw itself put before the model, the words sent to the person) is
 * read from the plugin's store when the memory is made and written back by
 * `save()` after each change (plugin-store.ts). The rest (exec windows, typed
 * input, prompts of runs in flight) describes processes and runs that end
 * with the gateway.
 */
import { loadStore, saveStore, STORE_LIMIT, type StoredMemory, type StoredOwed } from './plugin-store.js';

/** How many sessions, runs or children the in-process part keeps track of: the oldest go first (a gateway runs for weeks). */
export const MEMORY_LIMIT = 1024;

/** Keeps a map's or set's newest `limit` entries (insertion order is age order). */
export function capped<T extends Map<unknown, unknown> | Set<unknown>>(c: T, limit = MEMORY_LIMIT): T {
  while (c.size > limit) c.delete(c.keys().next().value);
  return c;
}

export type OwedContinuation = StoredOwed;

export interface SessionMemory {
  /** Session key → the workspace its runs work in (tool hooks do not carry it). Kept. */
  workspaces: Map<string, string>;
  /** Sessions whose first turn has had the ground truth. */
  started: Set<string>;
  /** Sessions compacted since their last turn. */
  compacted: Set<string>;
  /** Run ids of the turns continuity itself started: never the operator's words. Kept. */
  ownRuns: Set<string>;
  /** Run id → a held stop not yet taken up by a turn that opened with it. Kept. */
  owed: Map<string, OwedContinuation>;
  /**
   * The held stops a previous gateway left (read from the store): taken up
   * by gateway_start, or by the session's next turn, whichever comes first.
   */
  orphans: Set<string>;
  /** A subagent's session key → the session that spawned it (its requester). Kept. */
  children: Map<string, string>;
  /** Run id of an announce run → the child whose result it hands over. Kept. */
  announces: Map<string, string>;
  /** A child's session key → when OpenClaw first put its result in the requester's context. Kept. */
  shown: Map<string, string>;
  /** Keys of the words sent to the person. Kept. */
  told: Set<string>;
  /** Runs admitted (their before_agent_run seen) and not yet ended: a second admission is a revision pass. */
  admitted: Set<string>;
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
  /** Where the kept part lives (null: nowhere, it ends with the process). */
  storePath: string | null;
  /** What the store said when it was read, if it could not be used. */
  storeError: string | null;
  /** Writes the kept part to the store, and cuts the memory to what a restart would read back. */
  save(): void;
  /** Cuts every table to its bound: what the memory holds does not grow with the turns. */
  trim(): void;
}

const KEY = Symbol.for('continuity.openclaw.session-memory');

/** The kept part of the memory, as the store holds it. */
export function storedPart(m: SessionMemory): StoredMemory {
  return {
    version: 1,
    workspaces: Object.fromEntries(m.workspaces),
    ownRuns: [...m.ownRuns],
    owed: Object.fromEntries(m.owed),
    children: Object.fromEntries(m.children),
    announces: Object.fromEntries(m.announces),
    shown: Object.fromEntries(m.shown),
    told: [...m.told],
  };
}

/** A memory taken up from the store at `storePath` (none: in the process only). */
export function newSessionMemory(storePath: string | null): SessionMemory {
  const loaded = storePath ? loadStore(storePath) : null;
  const s = loaded?.memory;
  const m: SessionMemory = {
    workspaces: new Map(Object.entries(s?.workspaces ?? {})),
    started: new Set(),
    compacted: new Set(),
    ownRuns: new Set(s?.ownRuns ?? []),
    owed: new Map(Object.entries(s?.owed ?? {})),
    orphans: new Set(Object.keys(s?.owed ?? {})),
    children: new Map(Object.entries(s?.children ?? {})),
    announces: new Map(Object.entries(s?.announces ?? {})),
    shown: new Map(Object.entries(s?.shown ?? {})),
    told: new Set(s?.told ?? []),
    admitted: new Set(),
    prompts: new Map(),
    feedback: new Map(),
    execWindows: new Map(),
    typed: new Map(),
    storePath,
    storeError: loaded && !loaded.ok ? loaded.error : null,
    save() {
      if (m.storePath) saveStore(m.storePath, storedPart(m));
      m.trim();
    },
    trim() {
      // The kept part as the store keeps it (its newest STORE_LIMIT entries); the rest to MEMORY_LIMIT (exec windows have their own bound).
      for (const kept of [m.workspaces, m.ownRuns, m.owed, m.children, m.announces, m.shown, m.told]) capped(kept, STORE_LIMIT);
      for (const other of [m.started, m.compacted, m.orphans, m.admitted, m.prompts, m.feedback, m.typed]) capped(other);
    },
  };
  return m;
}

/** The process's memory; the first call names the store. */
export function sessionMemory(storePath: string | null = null): SessionMemory {
  const g = globalThis as { [KEY]?: SessionMemory };
  g[KEY] ??= newSessionMemory(storePath);
  return g[KEY];
}
