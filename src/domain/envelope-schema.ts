/**
 * The continuity envelope as it arrives from outside (stdin, another tool).
 *
 * Every fact the seed's canonical envelope carries is required: a producer that
 * forgets `taskBoundaryStop` or `highRiskStop` must be told, not silently read
 * as `false`, because a silent default would decide whether an obligation
 * exists. Only the fields the seed itself treats as optional are optional.
 */
import * as v from 'valibot';
import { describeIssue } from '../util/validation.js';
import type { ContinuityInput } from './gate.js';
import { parseIsoInstant } from './receipts.js';

// valibot's object schema accepts arrays (they are objects); an envelope never is one.
const notAnArray = v.check((x: unknown) => !Array.isArray(x), 'expected Object');
const objectNotArray = <T extends v.ObjectEntries>(entries: T) => v.pipe(v.unknown(), notAnArray, v.object(entries));

const isoInstant = v.pipe(
  v.string(),
  v.check((s) => parseIsoInstant(s) !== null, 'expected an ISO 8601 timestamp with a timezone'),
);

/**
 * Field types are checked here; content (empty ids, an unreadable dispatchedAt)
 * is judged by checkReceiptLinkage, because a fake receipt is a continuity
 * failure, not a malformed request.
 */
const DispatchReceiptSchema = objectNotArray({
  planId: v.string(),
  fromTaskId: v.string(),
  nextTaskId: v.string(),
  dispatchedAt: v.string(),
  channel: v.string(),
  // Any JSON value (a run id, an object, an array), or absent: kept, never judged.
  evidence: v.optional(v.unknown()),
});

const DerivedActionSchema = v.pipe(v.unknown(), notAnArray, v.looseObject({}));

export const ContinuityEnvelopeSchema = objectNotArray({
  planId: v.pipe(v.string(), v.nonEmpty('expected a non-empty string')),
  currentTask: v.pipe(v.string(), v.nonEmpty('expected a non-empty string')),
  taskState: v.string(),
  nextTaskKnown: v.boolean(),
  sameApprovedPlan: v.boolean(),
  taskBoundaryStop: v.boolean(),
  nextDerivedAction: v.optional(v.nullable(DerivedActionSchema)),
  derivedAction: v.optional(v.nullable(DerivedActionSchema)),
  replyClosureState: v.nullable(v.string()),
  highRiskStop: v.boolean(),
  dispatchReceipt: v.nullable(DispatchReceiptSchema),
  nextTaskId: v.optional(v.nullable(v.pipe(v.string(), v.nonEmpty('expected a non-empty string')))),
  currentTaskCompletedAt: v.optional(v.nullable(isoInstant)),
});

export type EnvelopeParse = { ok: true; envelope: ContinuityInput } | { ok: false; message: string };

/** Validates parsed JSON; the message names the first offending field, e.g. `dispatchReceipt.nextTaskId`. */
export function parseEnvelope(json: unknown): EnvelopeParse {
  const result = v.safeParse(ContinuityEnvelopeSchema, json);
  if (!result.success) return { ok: false, message: describeIssue(result.issues) };
  return { ok: true, envelope: result.output };
}
