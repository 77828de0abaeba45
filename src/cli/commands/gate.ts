/**
 * `continuity gate evaluate`: a continuity envelope on stdin, a verdict on stdout.
 *
 * Contract (docs/reason-codes.md): exit 0 pass, 1 continuity failure, 2 invalid
 * input. Invalid input is one line of JSON on stderr, so an orchestrator that
 * pipes the envelope in can parse the failure the same way it parses a verdict.
 */
import { invalidInput, parseJsonInput } from '../json-input.js';
import { parseArgs } from 'node:util';
import { ExitCode } from '../../util/errors.js';
import { readStdin } from '../../util/stdin.js';
import { parseEnvelope } from '../../domain/envelope-schema.js';
import { evaluateContinuity } from '../../domain/gate.js';

const USAGE = `usage: continuity gate evaluate [--pretty]

Reads a continuity envelope (JSON) on stdin and prints the verdict (JSON) on stdout:
  { ok, status, verdict: "pass"|"continuity_failure", reason, autoNextObligatory, message, derived, receipt }

envelope fields:
  planId currentTask taskState nextTaskKnown sameApprovedPlan taskBoundaryStop
  replyClosureState highRiskStop dispatchReceipt          (required)
  nextDerivedAction|derivedAction nextTaskId currentTaskCompletedAt   (optional)

options:
  --pretty    indent the verdict
  -h, --help  show this help

exit codes: 0 pass, 1 continuity failure, 2 invalid input (error JSON on stderr)
reason codes: docs/reason-codes.md`;

export async function run(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { pretty: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (err) {
    // parseArgs throws a TypeError naming the unknown option; its message is already one line.
    return invalidInput(err instanceof Error ? err.message : String(err));
  }
  const [sub, ...extra] = args.positionals;
  if (args.values.help) {
    process.stdout.write(USAGE + '\n');
    return ExitCode.ok;
  }
  if (sub !== 'evaluate') {
    return invalidInput(sub === undefined ? 'missing subcommand: expected "gate evaluate"' : `unknown subcommand "gate ${sub}": expected "gate evaluate"`);
  }
  if (extra.length > 0) return invalidInput(`unexpected argument "${extra[0]}": the envelope is read from stdin`);
  return evaluate(readStdin(), args.values.pretty === true);
}

function evaluate(stdin: string, pretty: boolean): number {
  const input = parseJsonInput(stdin, 'a continuity envelope (JSON object)');
  if (!input.ok) return input.exitCode;
  const json = input.json;
  const parsed = parseEnvelope(json);
  if (!parsed.ok) return invalidInput(`invalid envelope: ${parsed.message}`);
  const verdict = evaluateContinuity(parsed.envelope);
  process.stdout.write(JSON.stringify(verdict, null, pretty ? 2 : undefined) + '\n');
  return verdict.ok ? ExitCode.ok : ExitCode.failure;
}
