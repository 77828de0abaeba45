import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseTaskSummary } from '../../formats/task-summary.js';
import { CliError, ExitCode, ioError } from '../../util/errors.js';

const USAGE = `usage: continuity summary parse FILE [--json] [--task ID] [--plan ID]

Prints the Known Issues section and the pending actions of a task summary.
Action ids depend on the plan and task they belong to: give --plan and --task
to get the ids continuity records for them.`;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  if (sub !== 'parse') throw new CliError(`summary: unknown subcommand "${sub ?? ''}" (parse)`, ExitCode.invalidInput);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { json: { type: 'boolean' }, task: { type: 'string' }, plan: { type: 'string' } }, allowPositionals: true });
  } catch (err) {
    throw new CliError(`summary parse: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  const file = parsed.positionals[0];
  if (!file || parsed.positionals.length > 1) throw new CliError('summary parse: expected exactly one FILE', ExitCode.invalidInput);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw ioError(file, err);
  }
  const summary = parseTaskSummary(text, { ...(parsed.values.plan ? { planId: parsed.values.plan } : {}), ...(parsed.values.task ? { taskId: parsed.values.task } : {}) });
  if (parsed.values.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } else if (!summary.pendingActions.length) {
    process.stdout.write(`${file}: no pending actions${summary.knownIssues ? ' (a Known Issues section without a Pending actions: list)' : ''}.\n`);
  } else {
    process.stdout.write(`${file}: ${summary.pendingActions.length} pending action(s)\n${summary.pendingActions.map((a) => `  ${a.id}  ${a.text}`).join('\n')}\n`);
  }
  return ExitCode.ok;
}
