import type { TaskState } from '../formats/plan/model.js';
import { appendEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { activePlan, planTasks } from '../ledger/plans.js';
import { setTaskStatus } from '../ledger/task-status.js';
import { CliError, ExitCode } from '../util/errors.js';
import type { PendingActionText } from '../formats/task-summary.js';
import { recordSummary } from './summaries.js';

export interface TaskRecordResult {
  planId: string;
  taskId: string;
  title: string;
  state: TaskState;
  at: string;
}

/** Records a task's completion (or block) in the active plan, with its evidence. */
export function recordTaskState(
  ledger: Ledger,
  opts: {
    taskId: string;
    state: 'complete' | 'blocked';
    now: string;
    source: string;
    evidence: string;
    summary?: { path: string; text: string; pendingActions: readonly PendingActionText[] } | null;
    sessionId?: string | null;
    /** The agent client it came from, where the source does not say (a command). */
    client?: string;
    /** How the request arrived (`command`, `inbox`), kept in the event. */
    via?: string;
  },
): TaskRecordResult & { pendingActions: readonly PendingActionText[] } {
  const plan = activePlan(ledger.db);
  if (!plan) throw new CliError('no active plan: run `continuity plan import FILE`', ExitCode.invalidInput);
  const tasks = planTasks(ledger.db, plan.id);
  const task = tasks.find((t) => t.id === opts.taskId);
  if (!task) {
    const ids = tasks.map((t) => t.id);
    const shown = ids.length > 12 ? `${ids.slice(0, 12).join(', ')}, …` : ids.join(', ');
    throw new CliError(`plan ${plan.id} has no task "${opts.taskId}" (tasks: ${shown})`, ExitCode.invalidInput);
  }
  return ledger.write((db) => {
    const eventId = appendEvent(db, {
      at: opts.now,
      source: opts.source,
      kind: opts.state === 'complete' ? 'task.done' : 'task.blocked',
      sessionId: opts.sessionId ?? null,
      ...(opts.client ? { client: opts.client } : {}),
      input: { taskId: opts.taskId, evidence: opts.evidence, summaryPath: opts.summary?.path ?? null, ...(opts.via ? { via: opts.via } : {}) },
      decision: { planId: plan.id, taskId: task.id, state: opts.state },
    });
    setTaskStatus(db, plan.id, { taskId: task.id, state: opts.state, at: opts.now, eventId, source: opts.source, evidence: opts.evidence, summaryPath: opts.summary?.path ?? null });
    const recorded = opts.summary
      ? recordSummary(db, { planId: plan.id, taskId: task.id, text: opts.summary.text, path: opts.summary.path, source: opts.source, at: opts.now, eventId, pendingActions: opts.summary.pendingActions })
      : { actions: [] };
    return { planId: plan.id, taskId: task.id, title: task.title, state: opts.state, at: opts.now, pendingActions: recorded.actions };
  });
}
