import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { toProjectPath } from '../../app/plan-files.js';
import { CliError, ExitCode, ioError } from '../../util/errors.js';
import { projectRoot } from '../project.js';
import { QUEUED_NOTE, submitRequest } from '../requests.js';

const USAGE = `usage:
  continuity task done ID [--summary FILE]     record that task ID of the active plan is complete
  continuity task blocked ID --reason TEXT     record that task ID is blocked`;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return ExitCode.ok;
  }
  if (sub !== 'done' && sub !== 'blocked') throw new CliError(`task: unknown subcommand "${sub ?? ''}" (done, blocked)`, ExitCode.invalidInput);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { summary: { type: 'string' }, reason: { type: 'string' } }, allowPositionals: true });
  } catch (err) {
    throw new CliError(`task ${sub}: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  const { values, positionals } = parsed;
  const taskId = positionals[0];
  if (!taskId || positionals.length > 1) throw new CliError(`task ${sub}: expected exactly one task ID`, ExitCode.invalidInput);
  const reason = values.reason?.trim();
  if (sub === 'blocked' && !reason) throw new CliError('task blocked: --reason TEXT is required', ExitCode.invalidInput);
  let summary: { path: string; text: string } | undefined;
  if (values.summary !== undefined) {
    try {
      summary = { path: toProjectPath(projectRoot(), resolve(values.summary)), text: readFileSync(values.summary, 'utf8') };
    } catch (err) {
      throw ioError(values.summary, err);
    }
  }
  const result = await submitRequest({ kind: 'task', state: sub === 'done' ? 'complete' : 'blocked', taskId, ...(reason ? { reason } : {}), ...(summary ? { summary } : {}) });
  process.stdout.write(`${result.line}\n${result.queued ? `${QUEUED_NOTE}\n` : ''}`);
  return ExitCode.ok;
}
