/**
 * `continuity watchdog dispatch|child-done|complete|attempt`: receipts from an
 * orchestrator other than Claude Code (OpenClaw-style: `sessions_spawn` →
 * `{ runId, childSessionKey }`), one JSON object on stdin, recorded in the
 * same ledger the hooks use. Every answer is one line of JSON with the run's
 * status after the receipt (docs/watchdog.md).
 *
 * Exit 0: recorded, or a duplicate that changed nothing (`duplicate: true`:
 * the caller forwards a result only when a `complete` is not a duplicate).
 * Exit 2: invalid input or an unknown run, one line of JSON on stderr.
 */
import * as v from 'valibot';
import { createRun, expectedByFor, loadRun, policyOf, recordChildDone, recordCompletion, settleRun, viewRun } from '../../app/watchdog-runs.js';
import { parseIsoInstant } from '../../domain/receipts.js';
import { ATTEMPT_OUTCOMES, RECOVERY_STEPS } from '../../domain/watchdog.js';
import { insertAttempt, resolveAttempt, runByChild, runById } from '../../ledger/runs.js';
import { describeIssue } from '../../util/validation.js';
import { readStdin } from '../../util/stdin.js';
import { ExitCode } from '../../util/errors.js';
import { ledgerAccess } from '../../ledger/ledger-dir.js';
import { projectRoot, withLedger } from '../project.js';
import { refuseInsideWall } from '../requests.js';

const RECORD_SUBCOMMANDS = ['dispatch', 'child-done', 'complete', 'attempt'] as const;
export type RecordSubcommand = (typeof RECORD_SUBCOMMANDS)[number];

export const RECORD_USAGE = `usage: continuity watchdog dispatch|child-done|complete|attempt [--pretty]   (one JSON object on stdin)

  dispatch    { runId, childSessionKey, dispatchAt?, expectedBy?, agentType?, description?, brief?, sessionId?, respawnOf? }
              expectedBy defaults to dispatchAt + watchdog.slaSeconds (or slaSecondsByAgentType[agentType]);
              dispatchAt to now; sessionId (the main conversation) to $CLAUDE_CODE_SESSION_ID
  child-done  { runId | childSessionKey, at?, result?, transcriptPath? }     the child reported done (result: its final text)
  complete    { runId, forwardedToMain, completionReceivedAt?, resultSource? }
              recorded at most once per run: a duplicate changes nothing and answers "duplicate": true
  attempt     { runId, action: "fetch_history"|"respawn", outcome?: "delivered"|"failed"|"pending", at?, detail? }
              an outcome for a pending attempt of the same action resolves it

out: { "ok": true, "runId", "duplicate", "why"?, "status", "recoveryAction", "ownerReport" }
exit codes: 0 recorded (or a duplicate), 2 invalid input or unknown run (error JSON on stderr)`;

const iso = v.pipe(v.string(), v.check((s) => parseIsoInstant(s) !== null, 'expected an ISO 8601 timestamp with a timezone'));
const nonEmpty = v.pipe(v.string(), v.check((s) => s.trim() !== '', 'expected a non-empty string'));
const optText = v.optional(v.nullable(v.string()));

const SCHEMAS = {
  dispatch: v.object({
    runId: nonEmpty,
    childSessionKey: nonEmpty,
    dispatchAt: v.optional(iso),
    expectedBy: v.optional(iso),
    agentType: optText,
    description: optText,
    brief: optText,
    sessionId: optText,
    respawnOf: optText,
  }),
  'child-done': v.object({ runId: v.optional(nonEmpty), childSessionKey: v.optional(nonEmpty), at: v.optional(iso), result: optText, transcriptPath: optText }),
  complete: v.object({ runId: nonEmpty, forwardedToMain: v.boolean(), completionReceivedAt: v.optional(iso), resultSource: optText }),
  attempt: v.object({ runId: nonEmpty, action: v.picklist(RECOVERY_STEPS), outcome: v.optional(v.picklist(ATTEMPT_OUTCOMES)), at: v.optional(iso), detail: optText }),
} as const;

class InputError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid_input' | 'unknown_run' = 'invalid_input',
  ) {
    super(message);
  }
}

export async function runRecord(sub: RecordSubcommand, argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(RECORD_USAGE + '\n');
    return ExitCode.ok;
  }
  const extra = argv.find((a) => a !== '--pretty');
  if (extra !== undefined) return fail(new InputError(`unexpected argument "${extra}": the receipt is read from stdin`));
  const pretty = argv.includes('--pretty');
  const stdin = readStdin();
  if (stdin.trim() === '') return fail(new InputError('stdin is empty: expected one JSON object'));
  let json: unknown;
  try {
    json = JSON.parse(stdin);
  } catch (err) {
    return fail(new InputError(`stdin is not valid JSON: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`));
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return fail(new InputError('stdin: expected one JSON object'));
  const parsed = v.safeParse(SCHEMAS[sub], json);
  if (!parsed.success) return fail(new InputError(describeIssue(parsed.issues)));
  // Receipts decide whether a subagent's result is reported lost: an orchestrator's to give, never the agent's.
  if (ledgerAccess(projectRoot()) === 'read-only') refuseInsideWall(`continuity watchdog ${sub}`, "subagent receipts come from the orchestrator or the agent client, outside the agent's sandbox");

  try {
    const answer = await withLedger({ create: true }, (ledger, { config }) => {
      const now = new Date().toISOString();
      const policy = policyOf(config);
      const outcome = ledger.write((db): { runId: string; duplicate: boolean; why?: string } => {
        switch (sub) {
          case 'dispatch': {
            const d = parsed.output as v.InferOutput<(typeof SCHEMAS)['dispatch']>;
            if (runById(db, d.runId)) return { runId: d.runId, duplicate: true, why: 'already_dispatched' };
            const dispatchAt = d.dispatchAt ?? now;
            const expectedBy = d.expectedBy ?? expectedByFor(config, d.agentType, dispatchAt);
            if (parseIsoInstant(expectedBy)! < parseIsoInstant(dispatchAt)!) throw new InputError('expectedBy: earlier than dispatchAt');
            if (d.respawnOf && !runById(db, d.respawnOf)) throw new InputError(`respawnOf: no run ${JSON.stringify(d.respawnOf)} in the ledger`, 'unknown_run');
            createRun(db, {
              runId: d.runId,
              sessionId: d.sessionId ?? process.env.CLAUDE_CODE_SESSION_ID ?? null,
              source: 'cli',
              toolUseId: null,
              childSessionKey: d.childSessionKey,
              agentType: d.agentType ?? null,
              description: d.description ?? null,
              brief: d.brief ?? null,
              background: true,
              launched: true,
              dispatchAt,
              expectedBy,
              respawnOf: d.respawnOf ?? null,
              updatedAt: now,
            });
            return { runId: d.runId, duplicate: false };
          }
          case 'child-done': {
            const d = parsed.output as v.InferOutput<(typeof SCHEMAS)['child-done']>;
            if (!d.runId && !d.childSessionKey) throw new InputError('runId: missing (or childSessionKey)');
            const row = d.runId ? runById(db, d.runId) : runByChild(db, d.childSessionKey!);
            if (!row) throw new InputError(`no run ${JSON.stringify(d.runId ?? d.childSessionKey)} in the ledger`, 'unknown_run');
            const duplicate = row.childDone;
            recordChildDone(db, row, { at: d.at ?? now, result: d.result ?? null, transcriptPath: d.transcriptPath ?? null });
            return duplicate ? { runId: row.runId, duplicate: true, why: 'already_done' } : { runId: row.runId, duplicate: false };
          }
          case 'complete': {
            const d = parsed.output as v.InferOutput<(typeof SCHEMAS)['complete']>;
            const loaded = loadRun(db, d.runId);
            if (!loaded) throw new InputError(`no run ${JSON.stringify(d.runId)} in the ledger`, 'unknown_run');
            const at = d.completionReceivedAt ?? now;
            const merged = recordCompletion(db, loaded, { completionReceivedAt: at, forwardedToMain: d.forwardedToMain, resultSource: d.resultSource ?? null }, now);
            return merged.duplicate ? { runId: d.runId, duplicate: true, why: merged.why } : { runId: d.runId, duplicate: false };
          }
          case 'attempt': {
            const d = parsed.output as v.InferOutput<(typeof SCHEMAS)['attempt']>;
            const loaded = loadRun(db, d.runId);
            if (!loaded) throw new InputError(`no run ${JSON.stringify(d.runId)} in the ledger`, 'unknown_run');
            const at = d.at ?? now;
            const pending = loaded.attempts.filter((a) => a.action === d.action && a.outcome === 'pending').pop();
            if (pending && d.outcome !== undefined && d.outcome !== 'pending') resolveAttempt(db, pending.id, d.outcome, at, d.detail ?? `recorded by continuity watchdog attempt`);
            else insertAttempt(db, { runId: d.runId, action: d.action, at, outcome: d.outcome ?? 'pending', channel: 'cli', detail: d.detail ?? null });
            settleRun(db, d.runId, now);
            return { runId: d.runId, duplicate: false };
          }
        }
      });
      const view = viewRun(loadRun(ledger.db, outcome.runId)!, Date.parse(now), policy);
      return { ok: true, ...outcome, status: view.status, recoveryAction: view.recoveryAction, ownerReport: view.ownerReport };
    });
    process.stdout.write(JSON.stringify(answer, null, pretty ? 2 : undefined) + '\n');
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof InputError) return fail(err);
    throw err;
  }
}

function fail(err: InputError): number {
  process.stderr.write(JSON.stringify({ ok: false, error: err.code, message: err.message }) + '\n');
  return ExitCode.invalidInput;
}
