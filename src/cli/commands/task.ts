import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadProgressTasks } from '../../app/progress.js';
import { recordTaskState } from '../../app/record-task.js';
import { refreshActivePlan } from '../../app/refresh-plan.js';
import { toProjectPath } from '../../app/plan-files.js';
import { findBoundary } from '../../domain/boundary.js';
import { resolve } from 'node:path';
import { CliError, ExitCode } from '../errors.js';
import { withLedger } from '../project.js';

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
  if (sub === 'blocked' && !values.reason?.trim()) throw new CliError('task blocked: --reason TEXT is required', ExitCode.invalidInput);
  if (values.summary !== undefined && !existsSync(values.summary)) throw new CliError(`cannot read ${values.summary}: no such file`, ExitCode.io);

  const now = new Date().toISOString();
  const sessionId = process.env.CLAUDE_CODE_SESSION_ID ?? null;
  const out = await withLedger({ create: false }, async (ledger, { config, root }) => {
    await refreshActivePlan(ledger, { now, config, source: 'cli' });
    const result = recordTaskState(ledger, {
      taskId,
      state: sub === 'done' ? 'complete' : 'blocked',
      now,
      source: 'cli',
      evidence: sub === 'done' ? `continuity task done ${taskId}` : `continuity task blocked ${taskId}: ${values.reason}`,
      summaryPath: values.summary ? toProjectPath(root, resolve(values.summary)) : null,
      sessionId,
    });
    const boundary = findBoundary(loadProgressTasks(ledger.db, result.planId));
    return { result, boundary };
  });
  const { result, boundary } = out;
  const what = result.state === 'complete' ? 'is complete' : `is blocked: ${values.reason}`;
  let line = `Task ${result.taskId} "${result.title}" of plan ${result.planId} ${what} (recorded ${result.at}).`;
  if (boundary.kind === 'finished') line += ' Every task of the plan is complete.';
  else if (boundary.kind === 'task_boundary' && boundary.next) line += ` Next in the plan: Task ${boundary.next.id} "${boundary.next.title}".`;
  process.stdout.write(`${line}\n`);
  return ExitCode.ok;
}
