/**
 * `{ "runs": [ … ] }` as it arrives from outside (stdin, another tool), checked
 * before any rule reads it. Errors name the field: `runs[3].expectedBy: missing`.
 *
 * Required: the dispatch receipt (runId, childSessionKey, dispatchAt,
 * expectedBy). Everything else is a receipt of something that may not have
 * happened yet, and an absent receipt means exactly that (seed 002 sends a run
 * with only its dispatch receipt): no `childDone` is no child-done signal
 * (false, unless a `childDoneAt` says when it came), no `recoveryAttempts` is
 * none made ([]), no completion fields is no completion. None of these
 * defaults can hide a late run: past the SLA every run whose result has not
 * reached the main conversation is reported and given a recovery step,
 * child-done signal or not (an absent `childDone` can only move the report
 * from the end of the forward grace to the SLA). What an absent
 * `recoveryAttempts` costs is repetition: a producer that never sends the
 * attempts it made is told `fetch_history` again, with the same owner report.
 * What is given must be consistent: a completion time needs
 * `forwardedToMain`, `forwardedToMain: true` needs a time, `childDone: false`
 * cannot have a `childDoneAt`, run ids are unique, `expectedBy` is not before
 * `dispatchAt`.
 */
import * as v from 'valibot';
import { describeIssue } from '../util/validation.js';
import { parseIsoInstant } from './receipts.js';
import { ATTEMPT_OUTCOMES, RECOVERY_STEPS, type WatchdogRun } from './watchdog.js';

// valibot's object schema accepts arrays (they are objects); a record never is one.
const notAnArray = v.check((x: unknown) => !Array.isArray(x), 'expected Object');
const objectNotArray = <T extends v.ObjectEntries>(entries: T) => v.pipe(v.unknown(), notAnArray, v.object(entries));

const isoInstant = v.pipe(
  v.string(),
  v.check((s) => parseIsoInstant(s) !== null, 'expected an ISO 8601 timestamp with a timezone'),
);
// A check, not v.nonEmpty: describeIssue prints a check's message, and v.nonEmpty's expectation reads `!0`.
const nonEmpty = v.pipe(v.string(), v.check((s) => s.trim() !== '', 'expected a non-empty string'));

const RecoveryAttemptSchema = objectNotArray({
  action: v.picklist(RECOVERY_STEPS),
  at: isoInstant,
  outcome: v.optional(v.picklist(ATTEMPT_OUTCOMES)),
  timeoutAt: v.optional(v.nullable(isoInstant)),
});

const RunSchema = objectNotArray({
  runId: nonEmpty,
  childSessionKey: nonEmpty,
  dispatchAt: isoInstant,
  expectedBy: isoInstant,
  completionReceivedAt: v.optional(v.nullable(isoInstant)),
  forwardedToMain: v.optional(v.nullable(v.boolean())),
  resultSource: v.optional(v.nullable(v.string())),
  childDone: v.optional(v.boolean()),
  childDoneAt: v.optional(v.nullable(isoInstant)),
  capturedResult: v.optional(v.nullable(v.string())),
  recoveryAttempts: v.optional(v.array(RecoveryAttemptSchema)),
});

const InputSchema = objectNotArray({ runs: v.array(RunSchema) });

export type WatchdogInputParse = { ok: true; runs: WatchdogRun[] } | { ok: false; message: string };

/** Validates parsed JSON; the message names the first offending field. */
export function parseWatchdogInput(json: unknown): WatchdogInputParse {
  const result = v.safeParse(InputSchema, json);
  if (!result.success) return { ok: false, message: describeIssue(result.issues) };
  const problem = checkConsistency(result.output.runs);
  if (problem !== null) return { ok: false, message: problem };
  const runs = result.output.runs.map((r): WatchdogRun => {
    const { childDone, recoveryAttempts, ...rest } = r;
    // Absent receipts are events that have not happened (see above); a childDoneAt is a child-done signal.
    return { ...rest, childDone: childDone ?? r.childDoneAt != null, recoveryAttempts: recoveryAttempts ?? [] };
  });
  return { ok: true, runs };
}

/** Facts the types cannot check: an SLA after dispatch, a coherent completion receipt, unique run ids. */
function checkConsistency(runs: readonly v.InferOutput<typeof RunSchema>[]): string | null {
  const seen = new Map<string, number>();
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    const at = `runs[${i}]`;
    const first = seen.get(r.runId);
    if (first !== undefined) return `${at}.runId: duplicate of runs[${first}] (${JSON.stringify(r.runId)}); one record per run`;
    seen.set(r.runId, i);
    if (parseIsoInstant(r.expectedBy)! < parseIsoInstant(r.dispatchAt)!) return `${at}.expectedBy: earlier than dispatchAt`;
    const received = r.completionReceivedAt != null;
    if (received && r.forwardedToMain == null) return `${at}.forwardedToMain: missing (required when completionReceivedAt is set)`;
    if (!received && r.forwardedToMain === true) return `${at}.completionReceivedAt: missing (required when forwardedToMain is true)`;
    if (r.childDone === false && r.childDoneAt != null) return `${at}.childDoneAt: set while childDone is false`;
    const attempts = r.recoveryAttempts ?? [];
    for (let k = 0; k < attempts.length; k++) {
      const a = attempts[k]!;
      if (a.timeoutAt != null && parseIsoInstant(a.timeoutAt)! < parseIsoInstant(a.at)!) return `${at}.recoveryAttempts[${k}].timeoutAt: earlier than at`;
    }
  }
  return null;
}
