import type { TaskState } from '../formats/plan/model.js';
import { appendEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { activePlan, planTasks } from '../ledger/plans.js';
import { setTaskStatus } from '../ledger/task-status.js';
import { CliError, ExitCode } from '../util/errors.js';
import type { PendingActionText } from '../formats/task-summary.js';
import { recordSummary } from './summaries.js';
import type { SqlDatabase } from '../ledger/driver.js';
import type { TaskRecorder } from '../ledger/event-client.js';
import { taskRecorders } from '../ledger/who.js';

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
): TaskRecordResult & { pendingActions: readonly PendingActionText[]; already?: Omit<TaskRecorder, 'taskId'> } {
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
    // A second `task done` (another client's, or the same one again, maybe at the same moment: checked in the write transaction) records nothing new.
    const earlier = opts.state === 'complete' ? completionOf(db, plan.id, task.id) : null;
    if (earlier) {
      appendEvent(db, {
        at: opts.now,
        source: opts.source,
        kind: 'task.done.repeated',
        sessionId: opts.sessionId ?? null,
        ...(opts.client ? { client: opts.client } : {}),
        input: { taskId: opts.taskId, evidence: opts.evidence, ...(opts.via ? { via: opts.via } : {}) },
        decision: { planId: plan.id, taskId: task.id, state: 'complete', unchanged: true, recordedAt: earlier.at, recordedBy: earlier.client, recordedInSession: earlier.sessionId },
      });
      return { planId: plan.id, taskId: task.id, title: task.title, state: opts.state, at: earlier.at, pendingActions: [], already: earlier };
    }
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

/** The recorded completion of a task, when its recorded state is complete. */
function completionOf(db: SqlDatabase, planId: string, taskId: string): Omit<TaskRecorder, 'taskId'> | null {
  const found = taskRecorders(db, planId).find((r) => r.taskId === taskId);
  if (!found) return null;
  const state = db.get<{ state: string }>('SELECT state FROM task_status WHERE plan_id = ? AND task_id = ?', planId, taskId)?.state;
  if (state !== 'complete') return null;
  const { taskId: _id, ...rest } = found;
  return rest;
}
