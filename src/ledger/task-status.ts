import type { TaskState } from '../formats/plan/model.js';
import type { SqlDatabase } from './driver.js';
import { completeAbsorbedActions } from './pending-actions.js';
import { redactColumn } from './redact.js';
import { redactionKeyOf } from './redaction-key.js';

export interface TaskStatusRecord {
  taskId: string;
  state: TaskState;
  changedAt: string;
  eventId: number;
  source: string;
  evidence: string | null;
  summaryPath: string | null;
}

export function taskStatuses(db: SqlDatabase, planId: string): TaskStatusRecord[] {
  return db
    .all<{ task_id: string; state: string; changed_at: string; event_id: number; source: string; evidence: string | null; summary_path: string | null }>(
      'SELECT task_id, state, changed_at, event_id, source, evidence, summary_path FROM task_status WHERE plan_id = ?',
      planId,
    )
    .map((r) => ({
      taskId: r.task_id,
      state: r.state as TaskState,
      changedAt: r.changed_at,
      eventId: Number(r.event_id),
      source: r.source,
      evidence: r.evidence,
      summaryPath: r.summary_path,
    }));
}

/**
 * Records a task's new state; the event id orders changes made in the same
 * instant. Completing a task also completes the pending actions a replan
 * absorbed into it, so every completion signal does so alike.
 */
export function setTaskStatus(
  db: SqlDatabase,
  planId: string,
  s: { taskId: string; state: TaskState; at: string; eventId: number; source: string; evidence?: string | null; summaryPath?: string | null },
): void {
  db.run(
    `INSERT INTO task_status (plan_id, task_id, state, changed_at, event_id, source, evidence, summary_path) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (plan_id, task_id) DO UPDATE SET state = excluded.state, changed_at = excluded.changed_at, event_id = excluded.event_id,
       source = excluded.source, evidence = excluded.evidence, summary_path = excluded.summary_path`,
    planId,
    s.taskId,
    s.state,
    s.at,
    s.eventId,
    s.source,
    redactColumn(s.evidence ?? null, redactionKeyOf(db)),
    s.summaryPath ?? null,
  );
  if (s.state === 'complete') completeAbsorbedActions(db, planId, s.taskId, s.at);
}
