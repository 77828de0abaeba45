import { parseArgs } from 'node:util';
import { loadPlanState } from '../../app/plan-state.js';
import { checkReplan } from '../../domain/replan.js';
import { appendEvent } from '../../ledger/events.js';
import { recordReplan } from '../../ledger/pending-actions.js';
import { CliError, ExitCode } from '../errors.js';
import { withLedger } from '../project.js';

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
  const now = new Date().toISOString();
  const sessionId = process.env.CLAUDE_CODE_SESSION_ID ?? null;

  const summary = await withLedger({ create: false }, async (ledger, { config }) => {
    const state = await loadPlanState(ledger, { now, config, source: 'cli', sessionId });
    if (!state) throw new CliError('no active plan: run `continuity plan import FILE`', ExitCode.invalidInput);
    const check = checkReplan(
      { fromTaskId, absorb, drop },
      { openActions: state.openActions, taskIds: state.tasks.map((t) => t.id), completedTaskIds: state.tasks.filter((t) => t.state === 'complete').map((t) => t.id) },
    );
    if (!check.ok) throw new CliError(`replan refused: ${check.problems.join('; ')}`, ExitCode.invalidInput);
    ledger.write((db) => {
      const eventId = appendEvent(db, {
        at: now,
        source: 'cli',
        kind: 'replan',
        sessionId,
        input: { fromTaskId, absorb: Object.fromEntries(absorb), drop: Object.fromEntries(drop) },
        decision: { planId: state.plan.id, accepted: true },
      });
      recordReplan(db, state.plan.id, { fromTaskId, at: now, eventId, absorb, drop });
    });
    return { planId: state.plan.id, absorbed: absorb.size, dropped: drop.size };
  });
  process.stdout.write(`Replan after Task ${fromTaskId} of plan ${summary.planId} recorded: ${summary.absorbed} action(s) absorbed, ${summary.dropped} dropped.\n`);
  return ExitCode.ok;
}

function pairs(items: readonly string[], flag: string, shape: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new CliError(`replan: ${flag} expects ${shape} (got "${item}")`, ExitCode.invalidInput);
    out.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
  }
  return out;
}
