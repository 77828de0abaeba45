import type { Config } from '../config/schema.js';
import type { SqlDatabase } from '../ledger/driver.js';
import type { Ledger } from '../ledger/ledger.js';
import type { GenericPayload } from './payload.js';

/** What a handler has to work with: facts are read through the ledger; time is given. */
export interface HookContext<P = GenericPayload> {
  payload: P;
  ledger: Ledger;
  config: Config;
  root: string;
  now: string;
  /** The event source the records this call writes carry (`hook:claude-code`, `hook:codex`, …). */
  source: string;
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
