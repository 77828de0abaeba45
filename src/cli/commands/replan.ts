import { parseArgs } from 'node:util';
import { CliError, ExitCode } from '../../util/errors.js';
import { QUEUED_NOTE, submitRequest } from '../requests.js';

const USAGE = `usage: continuity replan --from-task ID [--absorb ACTION_ID=TASK_ID]… [--drop ACTION_ID=REASON]…

Records a replan for the open pending actions a completed task left. It is
refused unless every open action of that task is absorbed into a task of the
plan or dropped with a reason.`;

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { 'from-task': { type: 'string' }, absorb: { type: 'string', multiple: true }, drop: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    throw new CliError(`replan: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  const fromTaskId = values['from-task'];
  if (!fromTaskId) throw new CliError('replan: --from-task ID is required', ExitCode.invalidInput);
  const absorb = pairs(values.absorb ?? [], '--absorb', 'ACTION_ID=TASK_ID');
  const drop = pairs(values.drop ?? [], '--drop', 'ACTION_ID=REASON');
  const result = await submitRequest({ kind: 'replan', fromTaskId, absorb, drop });
  process.stdout.write(`${result.line}\n${result.queued ? `${QUEUED_NOTE}\n` : ''}`);
  return ExitCode.ok;
}

function pairs(items: readonly string[], flag: string, shape: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new CliError(`replan: ${flag} expects ${shape} (got "${item}")`, ExitCode.invalidInput);
    out[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
  return out;
}
