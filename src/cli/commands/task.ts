import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { toProjectPath } from '../../app/plan-files.js';
import { loadPlanState, readPlanState } from '../../app/plan-state.js';
import { recordTaskState } from '../../app/record-task.js';
import { CliError, ExitCode, ioError } from '../errors.js';
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
  let summaryText: string | null = null;
  if (values.summary !== undefined) {
    try {
      summaryText = readFileSync(values.summary, 'utf8');
    } catch (err) {
      throw ioError(values.summary, err);
    }
  }

  const now = new Date().toISOString();
  const sessionId = process.env.CLAUDE_CODE_SESSION_ID ?? null;
  const { result, step } = await withLedger({ create: false }, async (ledger, { config, root }) => {
    const state = await loadPlanState(ledger, { now, config, source: 'cli', sessionId });
    const summary =
      summaryText === null
        ? null
        : { text: summaryText, pendingActions: (await import('../../formats/task-summary.js')).parseTaskSummary(summaryText, { planId: state?.plan.id ?? '', taskId }).pendingActions };
    const result = recordTaskState(ledger, {
      taskId,
      state: sub === 'done' ? 'complete' : 'blocked',
      now,
      source: 'cli',
      evidence: sub === 'done' ? `continuity task done ${taskId}` : `continuity task blocked ${taskId}: ${values.reason}`,
      summary: summary ? { path: toProjectPath(root, resolve(values.summary!)), text: summary.text, pendingActions: summary.pendingActions } : null,
      sessionId,
    });
    return { result, step: readPlanState(ledger)?.nextStep ?? null };
  });
  const what = result.state === 'complete' ? 'is complete' : `is blocked: ${values.reason}`;
  let line = `Task ${result.taskId} "${result.title}" of plan ${result.planId} ${what} (recorded ${result.at}).`;
  if (result.pendingActions.length) line += ` Its summary lists ${result.pendingActions.length} pending action(s): ${result.pendingActions.map((a) => `${a.id}: ${a.text}`).join('; ')}.`;
  if (step?.kind === 'replan') line += ` A replan is due before the next task (continuity replan --from-task ${step.from.id} …).`;
  else if (step?.kind === 'plan_complete') line += ' Every task of the plan is complete.';
  else if (step?.kind === 'next_task') line += ` Next in the plan: Task ${step.next.id} "${step.next.title}".`;
  process.stdout.write(`${line}\n`);
  return ExitCode.ok;
}
