/**
 * `continuity watchdog assess --now ISO`: run records on stdin, one assessment
 * per run on stdout (docs/watchdog.md).
 *
 * Contract: exit 0 with `{ "runs": [ { runId, status, recoveryAction, ownerReport } ] }`
 * whatever the statuses; exit 2 on invalid input with one line of JSON on
 * stderr naming the field, the same shape as `gate evaluate`.
 * `--now` is required so that the same input always gives the same answer.
 */
import { invalidInput, parseJsonInput } from '../json-input.js';
import { parseArgs } from 'node:util';
import { ExitCode } from '../../util/errors.js';
import { readStdin } from '../../util/stdin.js';
import { parseIsoInstant } from '../../domain/receipts.js';
import { parseWatchdogInput } from '../../domain/watchdog-schema.js';
import { assessRuns, DEFAULT_WATCHDOG_POLICY, type WatchdogPolicy } from '../../domain/watchdog.js';

const USAGE = `usage: continuity watchdog assess --now ISO [--forward-grace SECONDS] [--attempt-timeout SECONDS] [--pretty]

Reads subagent run records (JSON) on stdin and prints one assessment per run (JSON) on stdout:
  in:  { "runs": [ { runId, childSessionKey, dispatchAt, expectedBy,                  (the dispatch receipt: required)
                     childDone, childDoneAt, capturedResult,                          (optional: absent = not done)
                     completionReceivedAt, forwardedToMain, resultSource,             (optional: absent = no completion)
                     recoveryAttempts: [ { action, at, outcome?, timeoutAt? } ] } ] } (optional: absent = none made)
  out: { "runs": [ { runId, status, recoveryAction, ownerReport } ] }

statuses: active suspect_delivery_failure done_but_not_forwarded completed recovered blocked
recoveryAction: none fetch_history respawn escalate   (ladder: fetch_history → respawn → escalate)

options:
  --now ISO                the time to assess at, ISO 8601 with a timezone (required)
  --forward-grace SECONDS  how long a finished child's result may take to reach the
                           main conversation (default ${DEFAULT_WATCHDOG_POLICY.forwardGraceSeconds})
  --attempt-timeout SECONDS
                           how long a recovery attempt without an outcome is waited for
                           before it counts as failed (default ${DEFAULT_WATCHDOG_POLICY.attemptTimeoutSeconds})
  --pretty                 indent the output
  -h, --help               show this help

exit codes: 0 assessed, 2 invalid input (error JSON on stderr)
rules: docs/watchdog.md

Receipts from an orchestrator, one JSON object on stdin, recorded in the project's ledger:
  continuity watchdog dispatch|child-done|complete|attempt   (see continuity watchdog dispatch --help)`;

const RECORD_SUBCOMMANDS = ['dispatch', 'child-done', 'complete', 'attempt'] as const;

export async function run(argv: string[]): Promise<number> {
  // Receipts from other orchestrators: watchdog-record.ts.
  const sub0 = argv[0];
  if (sub0 !== undefined && (RECORD_SUBCOMMANDS as readonly string[]).includes(sub0)) {
    const { runRecord } = await import('./watchdog-record.js');
    return runRecord(sub0 as (typeof RECORD_SUBCOMMANDS)[number], argv.slice(1));
  }
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        now: { type: 'string' },
        'forward-grace': { type: 'string' },
        'attempt-timeout': { type: 'string' },
        pretty: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    // parseArgs throws a TypeError naming the option; its message is already one line.
    return invalidInput(firstLine(err));
  }
  if (args.values.help) {
    process.stdout.write(USAGE + '\n');
    return ExitCode.ok;
  }
  const [sub, ...extra] = args.positionals;
  if (sub !== 'assess') {
    const expected = `expected "watchdog assess|${RECORD_SUBCOMMANDS.join('|')}"`;
    return invalidInput(sub === undefined ? `missing subcommand: ${expected}` : `unknown subcommand "watchdog ${sub}": ${expected}`);
  }
  if (extra.length > 0) return invalidInput(`unexpected argument "${extra[0]}": the runs are read from stdin`);

  const now = args.values.now;
  if (now === undefined) return invalidInput('--now: missing (expected an ISO 8601 timestamp with a timezone, e.g. 2026-04-24T10:30:00Z)');
  const nowMs = parseIsoInstant(now);
  if (nowMs === null) return invalidInput(`--now: expected an ISO 8601 timestamp with a timezone, received ${JSON.stringify(now)}`);

  const forwardGraceSeconds = seconds(args.values['forward-grace'], DEFAULT_WATCHDOG_POLICY.forwardGraceSeconds);
  if (forwardGraceSeconds === null) return invalidInput(`--forward-grace: expected a non-negative number of seconds, received ${JSON.stringify(args.values['forward-grace'])}`);
  const attemptTimeoutSeconds = seconds(args.values['attempt-timeout'], DEFAULT_WATCHDOG_POLICY.attemptTimeoutSeconds);
  if (attemptTimeoutSeconds === null) return invalidInput(`--attempt-timeout: expected a non-negative number of seconds, received ${JSON.stringify(args.values['attempt-timeout'])}`);
  return assess(readStdin(), nowMs, { forwardGraceSeconds, attemptTimeoutSeconds }, args.values.pretty === true);
}

/** A non-negative number of seconds from an option, its default when absent, null when unreadable. */
function seconds(text: string | undefined, fallback: number): number | null {
  if (text === undefined) return fallback;
  const n = Number(text);
  return text.trim() === '' || !Number.isFinite(n) || n < 0 ? null : n;
}

function assess(stdin: string, nowMs: number, policy: WatchdogPolicy, pretty: boolean): number {
  const input = parseJsonInput(stdin, '{ "runs": [ … ] } (JSON object)');
  if (!input.ok) return input.exitCode;
  const json = input.json;
  const parsed = parseWatchdogInput(json);
  if (!parsed.ok) return invalidInput(`invalid runs: ${parsed.message}`);
  const runs = assessRuns(parsed.runs, nowMs, policy).map((a) => ({
    runId: a.runId,
    status: a.status,
    recoveryAction: a.recoveryAction,
    ownerReport: a.ownerReport,
  }));
  process.stdout.write(JSON.stringify({ runs }, null, pretty ? 2 : undefined) + '\n');
  return ExitCode.ok;
}


function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
