import * as v from 'valibot';
import type { LegalClosureState } from '../domain/gate.js';
import type { SqlDatabase } from './driver.js';
import { setPlanState } from './plans.js';
import { insertReceipt } from './receipts.js';
import { insertClosure, insertViolation, saveSession, sessionById } from './sessions.js';

/**
 * What a Stop records besides its event: the closure line of its message,
 * the plan completed, the stop-hook receipt of a block, the violation of a
 * stop let through at the loop limit, and the session's block counter.
 * Written by a Stop decided from the ledger (handlers/stop.ts) inside its
 * transaction, and by one decided from the hot state through its spool file,
 * applied when the spool is taken in, with the event's id: one writer, so
 * the two records cannot differ.
 */
export interface StopEffects {
  closure?: { state: LegalClosureState; reason: string };
  planComplete?: string;
  receipt?: { planId: string; fromTaskId: string; nextTaskId: string; blockNumber: number; maxConsecutiveBlocks: number };
  violation?: { kind: string; summary: string };
  session: { boundary: string | null; blocks: number };
}

/**
 * What a spool file may carry: the effects of a Stop held from the hot state
 * (src/hooks/rules/stop-hot.ts decides nothing else), its stop-hook receipt
 * and the session's counter. The spool is a folder in the project: a file
 * that claims more (a closure, the plan completed, a violation) is not
 * continuity's and is set aside whole, its event with it, as is a malformed one.
 */
export type SpooledStopEffects = Pick<StopEffects, 'receipt' | 'session'>;

let schema: v.GenericSchema | null = null;

/**
 * Built at first use: only an opening of the ledger that finds a held Stop's
 * spool file reads it, and this module is loaded by every hook call that
 * spools its event.
 */
function spooledStopEffectsSchema(): v.GenericSchema {
  if (schema) return schema;
  const Text = v.pipe(v.string(), v.maxLength(100_000));
  const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
  schema = v.strictObject({
    receipt: v.optional(v.strictObject({ planId: Text, fromTaskId: Text, nextTaskId: Text, blockNumber: v.pipe(Count, v.minValue(1)), maxConsecutiveBlocks: Count })),
    session: v.strictObject({ boundary: v.nullable(Text), blocks: Count }),
  });
  return schema;
}

export function isSpooledStopEffects(value: unknown): value is SpooledStopEffects {
  return v.is(spooledStopEffectsSchema(), value);
}

/** Applies a Stop's effects inside the transaction of its event (`eventId`), in the order the Stop handler always wrote them. */
export function applyStopEffects(db: SqlDatabase, e: StopEffects, ctx: { sessionId: string; at: string; eventId: number }): void {
  const { sessionId, at, eventId } = ctx;
  if (e.closure) insertClosure(db, { state: e.closure.state, reason: e.closure.reason, declaredAt: at, source: 'closure-line', sessionId, eventId });
  if (e.planComplete) setPlanState(db, e.planComplete, 'complete', at);
  if (e.receipt) {
    insertReceipt(db, {
      planId: e.receipt.planId,
      fromTaskId: e.receipt.fromTaskId,
      nextTaskId: e.receipt.nextTaskId,
      dispatchedAt: at,
      channel: 'stop-hook',
      evidence: `Stop hook block ${e.receipt.blockNumber} of ${e.receipt.maxConsecutiveBlocks} (event ${eventId})`,
      sessionId,
      eventId,
    });
  }
  if (e.violation) insertViolation(db, { at, sessionId, kind: e.violation.kind, summary: e.violation.summary, eventId });
  // The session row as it stands now, with the counter this stop leaves.
  saveSession(db, { ...sessionById(db, sessionId), boundary: e.session.boundary, blocks: e.session.blocks }, at);
}
