/**
 * `{ "runs": [ … ] }` as it arrives from outside (stdin, another tool), checked
 * before any rule reads it. Errors name the field: `runs[3].expectedBy: missing`.
 *
 * Required: the dispatch receipt (runId, childSessionKey, dispatchAt,
 * expectedBy), `childDone` and `recoveryAttempts`. The last two have no safe
 * default: a forgotten `recoveryAttempts` would restart the ladder at
 * fetch_history on every call and never escalate, and a forgotten `childDone`
 * would hide a finished child. The completion receipt is optional as a whole
 * (absent or null until a completion arrives), but consistent: a completion
 * time needs `forwardedToMain`, and `forwardedToMain: true` needs a time.
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
});

const RunSchema = objectNotArray({
  runId: nonEmpty,
  childSessionKey: nonEmpty,
  dispatchAt: isoInstant,
  expectedBy: isoInstant,
  completionReceivedAt: v.optional(v.nullable(isoInstant)),
  forwardedToMain: v.optional(v.nullable(v.boolean())),
  resultSource: v.optional(v.nullable(v.string())),
  childDone: v.boolean(),
  childDoneAt: v.optional(v.nullable(isoInstant)),
  capturedResult: v.optional(v.nullable(v.string())),
  recoveryAttempts: v.array(RecoveryAttemptSchema),
});

const InputSchema = objectNotArray({ runs: v.array(RunSchema) });

export type WatchdogInputParse = { ok: true; runs: WatchdogRun[] } | { ok: false; message: string };

/** Validates parsed JSON; the message names the first offending field. */
export function parseWatchdogInput(json: unknown): WatchdogInputParse {
  const result = v.safeParse(InputSchema, json);
  if (!result.success) return { ok: false, message: describeIssue(result.issues) };
  const runs = result.output.runs as WatchdogRun[];
  const problem = checkConsistency(runs);
  return problem === null ? { ok: true, runs } : { ok: false, message: problem };
}

/** Facts the types cannot check: an SLA after dispatch, a coherent completion receipt, unique run ids. */
function checkConsistency(runs: readonly WatchdogRun[]): string | null {
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
    if (!r.childDone && r.childDoneAt != null) return `${at}.childDoneAt: set while childDone is false`;
  }
  return null;
}
