/**
 * Dispatch receipts: the only proof that a next task was actually handed off.
 *
 * Pure: no clock, no I/O. A receipt is written by whatever really bound the
 * dispatch (a subagent spawn, a message to a session); planner output or a
 * "derived action" is a different type and is never accepted here, so intent
 * can never be mistaken for evidence.
 */

export interface DispatchReceipt {
  /** The plan the hand-off was made from (the from-task's plan). */
  planId: string;
  /** The task whose completion triggered the dispatch. */
  fromTaskId: string;
  /** The task that was dispatched. */
  nextTaskId: string;
  /** When the dispatch was bound: ISO 8601 with a timezone. */
  dispatchedAt: string;
  /** How it was dispatched, e.g. "subagent" or "session_message". */
  channel: string;
  /**
   * Where the dispatch can be checked: a run id, a message id, or any JSON an
   * orchestrator keeps (`{ "runId": "r1" }`). Kept, never judged: linkage rests
   * on plan, from-task, next-task and freshness only.
   */
  evidence?: unknown;
}

/** What the receipt has to match. Null fields are facts the caller does not know. */
export interface ExpectedLinkage {
  planId: string;
  fromTaskId: string;
  /**
   * The next task the envelope names, or null when it names none.
   *
   * Schema gap (seed 000, Task 8): the seed envelope only says `nextTaskKnown`,
   * a boolean, without naming the task. When `nextTaskId` is absent the
   * next-task check is skipped, so a receipt for *any* task dispatched from the
   * right plan and from-task is accepted. Producers should send `nextTaskId`.
   */
  nextTaskId: string | null;
  /** When the from-task completed (ISO), or null when unknown: then freshness is not checked. */
  fromTaskCompletedAt: string | null;
}

export type ReceiptDefect =
  | 'missing'
  | 'malformed'
  | 'wrong_plan'
  | 'wrong_from_task'
  | 'wrong_next_task'
  | 'stale';

export type ReceiptLinkage = { valid: true } | { valid: false; why: ReceiptDefect };

/**
 * Does this receipt prove that the expected next task was dispatched from the
 * expected task of the expected plan, after that task completed?
 * Checks run from the coarsest defect to the finest, so `why` names the first
 * thing that is wrong.
 */
export function checkReceiptLinkage(receipt: DispatchReceipt | null, expected: ExpectedLinkage): ReceiptLinkage {
  if (receipt === null) return invalid('missing');
  if (!isWellFormed(receipt)) return invalid('malformed');
  if (receipt.planId !== expected.planId) return invalid('wrong_plan');
  if (receipt.fromTaskId !== expected.fromTaskId) return invalid('wrong_from_task');
  if (expected.nextTaskId !== null && receipt.nextTaskId !== expected.nextTaskId) return invalid('wrong_next_task');
  if (isDispatchedBeforeCompletion(receipt, expected.fromTaskCompletedAt)) return invalid('stale');
  return { valid: true };
}

function invalid(why: ReceiptDefect): ReceiptLinkage {
  return { valid: false, why };
}

// Empty ids or an unreadable time cannot link anything: a fake or half-written receipt.
// The evidence is not an id: whatever shape it has, it links nothing.
function isWellFormed(r: DispatchReceipt): boolean {
  const ids = [r.planId, r.fromTaskId, r.nextTaskId, r.channel];
  return ids.every((s) => typeof s === 'string' && s.trim() !== '') && parseIsoInstant(r.dispatchedAt) !== null;
}

// A receipt dated before the from-task completed belongs to an earlier hand-off
// (a retry, a previous run), not to this one. Equal times are accepted.
function isDispatchedBeforeCompletion(r: DispatchReceipt, completedAt: string | null): boolean {
  if (completedAt === null) return false;
  const completed = parseIsoInstant(completedAt);
  const dispatched = parseIsoInstant(r.dispatchedAt);
  if (completed === null || dispatched === null) return false;
  return dispatched < completed;
}

// Date and time with an explicit zone: without one, Date.parse would read the
// time in the local zone and the same receipt could be fresh on one machine
// and stale on another.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Epoch milliseconds of an ISO 8601 instant with a timezone, or null. */
export function parseIsoInstant(text: string): number | null {
  if (!ISO_INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
