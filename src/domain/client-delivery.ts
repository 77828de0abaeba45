/**
 * One delivery of a subagent's result, between the client and continuity.
 *
 * Some clients deliver a child's result by more than one path of their own
 * and keep a record of it: OpenClaw 2026.9.6 announces the result in the
 * requester (its task registry's `deliveryStatus` becomes `delivered`), and,
 * while an announce has not gone through, lists the result under "Child
 * results awaiting delivery" in the requester's context at each of its turns
 * (`delivery=pending`), a retained obligation kept in its own database across
 * restarts. continuity's recovery must not hand the model a result the client
 * has handed it, nor one the client will hand it at the requester's next turn;
 * and a result neither has delivered must not be lost between the two.
 *
 * The model must be handed the result once in all, whichever of the two does
 * it, in every order the two can meet:
 *   - the client shows it (announce, or its context at a turn): recorded as
 *     the client's delivery, continuity adds nothing;
 *   - the client keeps it and has not shown it yet: continuity holds its
 *     recovery (nothing is recorded as delivered on a promise), and the
 *     requester's next turn, where the client shows it, is recorded then;
 *   - the client gives it up (its record says so, or a requester turn after
 *     the child's end was built without it): continuity recovers it, once;
 *   - continuity recovered it first: the ledger has it delivered, nothing
 *     more; the client is asked first at every point, so that continuity
 *     recovers only what the client's record says it will not deliver.
 *
 * Pure: the facts the adapter loaded in, the decision out.
 */

/** The client's record of a child's delivery, as its task registry says it. */
export type ClientDeliveryRecord =
  /** The announce reached the requester. */
  | 'delivered'
  /** Not delivered yet, and the client keeps the obligation (pending, queued, retried, failed but retained). */
  | 'retained'
  /** The client gave the delivery up or never owed it (dismissed, parent missing, not applicable). */
  | 'abandoned'
  /** No record the adapter could read (no registry in this process, no task for the child). */
  | 'unknown';

export interface DeliveryFacts {
  /** The ledger already has the result delivered (by any path). */
  deliveredInLedger: boolean;
  /** The child is done (its result exists). */
  childDone: boolean;
  /** The client's registry. */
  record: ClientDeliveryRecord;
  /** The client put the child's result in the requester's context at a turn after the child ended. */
  shownInContext: boolean;
  /**
   * The client built the requester's context of a turn after the child ended
   * without the child's result: whatever its registry says, it no longer
   * lists the result (its obligation given up, or its retries spent).
   */
  omittedFromContext: boolean;
}

export type DeliveryDecision =
  /** Nothing to do: delivered already, or no result yet. */
  | { action: 'none'; why: 'already_delivered' | 'no_result' }
  /** The client delivered it: record the delivery as the client's; continuity delivers nothing. */
  | { action: 'record_client_delivery'; via: 'announce' | 'context' }
  /**
   * The client keeps the obligation and shows the result at the requester's
   * next turn: continuity's recovery is held (nothing recorded as delivered),
   * and continuity sees that the next turn comes; the result is recorded as
   * the client's delivery when that turn shows it.
   */
  | { action: 'await_client'; why: 'client_retains' }
  /** Neither has delivered it and the client will not: continuity's own recovery (the ladder) applies. */
  | { action: 'recover'; why: 'client_abandoned' | 'client_omitted' | 'no_client_record' };

export function decideDelivery(f: DeliveryFacts): DeliveryDecision {
  if (f.deliveredInLedger) return { action: 'none', why: 'already_delivered' };
  // What the model has seen comes first: an announce that went through, or the result in its context.
  if (f.record === 'delivered') return { action: 'record_client_delivery', via: 'announce' };
  if (f.shownInContext) return { action: 'record_client_delivery', via: 'context' };
  if (!f.childDone) return { action: 'none', why: 'no_result' };
  if (f.record === 'retained') return f.omittedFromContext ? { action: 'recover', why: 'client_omitted' } : { action: 'await_client', why: 'client_retains' };
  return { action: 'recover', why: f.record === 'abandoned' ? 'client_abandoned' : 'no_client_record' };
}

/** OpenClaw's `TaskDeliveryStatus` as a delivery record. */
export function openClawDeliveryRecord(status: string | null | undefined): ClientDeliveryRecord {
  switch (status) {
    case 'delivered':
      return 'delivered';
    // OpenClaw keeps listing these in the requester's context ("Child results awaiting delivery") and retries the announce.
    case 'pending':
    case 'session_queued':
    case 'in_progress':
    case 'failed':
    case 'suspended':
      return 'retained';
    case 'dismissed':
    case 'parent_missing':
    case 'not_applicable':
      return 'abandoned';
    default:
      return 'unknown';
  }
}
