import type { Config } from '../config/schema.js';
import type { SqlDatabase } from '../ledger/driver.js';
import type { Ledger } from '../ledger/ledger.js';
import type { LedgerConnections } from '../ledger/ledger-connections.js';
import type { GenericPayload } from './payload.js';
import type { BackgroundShell, TranscriptFacts } from '../domain/human-turn.js';

/** What a handler has to work with: facts are read through the ledger; time is given. */
export interface HookContext<P = GenericPayload> {
  payload: P;
  ledger: Ledger;
  config: Config;
  root: string;
  now: string;
  /** The event source the records this call writes carry (`hook:claude-code`, `hook:codex`, …). */
  source: string;
  /** Set when the agent client runs continuity in its own process: what it says of itself and of the session's turn (src/hooks/trust/human-turn-facts.ts). */
  inProcessClient?: InProcessClient;
  /** The hook's environment (the client's). */
  env?: NodeJS.ProcessEnv;
}

/**
 * An agent client that runs continuity in its own process (the OpenClaw
 * plugin). The hook process's ancestors say nothing about it there, and it
 * keeps no transcript file: it states who it is and what its own record of
 * the session's turn is. Only code in the client's process can pass it; a
 * payload piped into the hook command never can.
 */
export interface InProcessClient {
  /** The client, as the records name it (`openclaw (in process, pid 123)`). */
  name: string;
  /** The client's record of the session's turn, in the terms the transcript rules use. */
  transcript: TranscriptFacts;
  /** Processes an agent's shell call started that are still alive (read when a person's words would approve or pause). */
  liveAgentProcesses?: () => readonly BackgroundShell[];
  /**
   * The client takes a connection without any credential (OpenClaw's
   * `gateway.auth.mode: "none"`): a process inside continuity's wall, which
   * hides the client's token and config, can still speak as the operator.
   */
  openWithoutCredential?: boolean;
  /** The client's process keeps ledger connections open between its calls (src/ledger/ledger-connections.ts). */
  ledgers?: LedgerConnections;
}

/**
 * A handler's answer. `output` is Claude Code's protocol JSON (null: say
 * nothing). `decision` is the audit record of what was decided and why.
 * `persist` runs inside the same transaction that appends the event, so the
 * record and the projections it changes can never disagree.
 */
export interface HandlerResult {
  output: Record<string, unknown> | null;
  decision: Record<string, unknown>;
  persist?: (db: SqlDatabase, eventId: number) => void;
}

export type Handler<P = GenericPayload> = (ctx: HookContext<P>) => Promise<HandlerResult> | HandlerResult;

export const NOTHING_TO_SAY: HandlerResult = { output: null, decision: { action: 'none' } };
