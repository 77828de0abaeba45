import * as v from 'valibot';
import { describeIssue } from '../util/validation.js';

/**
 * What a spool file must hold for its event to be taken into the ledger.
 * The spool is a folder in the project: a file there may come from anything
 * that can write the project (a script where no wall stands), not only from
 * continuity. One the events table would refuse (no `source`, an `at` that
 * is not a time, violations that are not a list) is set aside before its
 * insert is tried, so that it can never hold back the events spooled after
 * it. The input and the decision are any JSON: they are stored bounded and
 * redacted, whatever they are.
 */
let schema: v.GenericSchema | null = null;

/** Built at first use, its parts too: only an opening of the ledger that finds spooled files reads them, and every call that spools its event loads this module. */
function spooledEventSchema(): v.GenericSchema {
  if (schema) return schema;
  const Name = v.pipe(v.string(), v.minLength(1), v.maxLength(1_000));
  const Text = v.pipe(v.string(), v.maxLength(100_000));
  schema = v.object({
    at: v.pipe(
      v.string(),
      v.check((at) => Number.isFinite(Date.parse(at)), 'expected a time'),
    ),
    source: Name,
    kind: Name,
    sessionId: v.nullish(Name),
    violations: v.optional(v.array(v.object({ kind: Name, summary: Text }))),
  });
  return schema;
}

/** Why the spool file's content cannot be taken in, in one line; null when it can. */
export function spooledEventProblem(value: unknown): string | null {
  const r = v.safeParse(spooledEventSchema(), value);
  return r.success ? null : describeIssue(r.issues);
}
