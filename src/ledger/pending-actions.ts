import type { SqlDatabase } from './driver.js';
import { redactText } from './redact.js';
import { redactionKeyOf } from './redaction-key.js';

export type PendingActionState = 'open' | 'absorbed' | 'dropped' | 'done';

export interface PendingActionRecord {
  id: string;
  taskId: string;
  text: string;
  state: PendingActionState;
  raisedAt: string;
  absorbedInto: string | null;
  dropReason: string | null;
}

export function pendingActions(db: SqlDatabase, planId: string): PendingActionRecord[] {
  return db
    .all<{ id: string; task_id: string; text: string; state: string; raised_at: string; absorbed_into: string | null; drop_reason: string | null }>(
      'SELECT id, task_id, text, state, raised_at, absorbed_into, drop_reason FROM pending_actions WHERE plan_id = ? ORDER BY raised_at, event_id, rowid',
      planId,
    )
    .map((r) => ({ id: r.id, taskId: r.task_id, text: r.text, state: r.state as PendingActionState, raisedAt: r.raised_at, absorbedInto: r.absorbed_into, dropReason: r.drop_reason }));
}

/** Adds actions not seen before; an action already known keeps its state (re-reading a summary changes nothing). */
export function raisePendingActions(
  db: SqlDatabase,
  planId: string,
  taskId: string,
  actions: readonly { id: string; text: string }[],
  meta: { at: string; source: string; summaryPath: string | null; eventId: number },
): number {
  let added = 0;
  const key = redactionKeyOf(db);
  for (const a of actions) {
    added += db.run(
      `INSERT OR IGNORE INTO pending_actions (id, plan_id, task_id, text, state, raised_at, source, summary_path, event_id)
       VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?)`,
      a.id,
      planId,
      taskId,
      // The id is the action's own (plan, task and text as written), so a summary read again raises it once, redacted or not.
      redactText(a.text, key),
      meta.at,
      meta.source,
      meta.summaryPath,
      meta.eventId,
    ).changes;
  }
  return added;
}

export function replannedTasks(db: SqlDatabase, planId: string): string[] {
  return db.all<{ from_task_id: string }>('SELECT DISTINCT from_task_id FROM replans WHERE plan_id = ?', planId).map((r) => r.from_task_id);
}

export function recordReplan(
  db: SqlDatabase,
  planId: string,
  r: { fromTaskId: string; at: string; eventId: number; absorb: ReadonlyMap<string, string>; drop: ReadonlyMap<string, string> },
): number {
  const replanId = db.run('INSERT INTO replans (plan_id, from_task_id, at, event_id) VALUES (?, ?, ?, ?)', planId, r.fromTaskId, r.at, r.eventId).lastInsertRowid;
  for (const [id, taskId] of r.absorb) {
    db.run("UPDATE pending_actions SET state = 'absorbed', absorbed_into = ?, replan_id = ?, resolved_at = ? WHERE id = ? AND state = 'open'", taskId, replanId, r.at, id);
  }
  for (const [id, reason] of r.drop) {
    db.run("UPDATE pending_actions SET state = 'dropped', drop_reason = ?, replan_id = ?, resolved_at = ? WHERE id = ? AND state = 'open'", redactText(reason, redactionKeyOf(db)), replanId, r.at, id);
  }
  return replanId;
}

/** An absorbed action is done when the task it was mapped to completes. */
export function completeAbsorbedActions(db: SqlDatabase, planId: string, taskId: string, at: string): void {
  db.run("UPDATE pending_actions SET state = 'done', resolved_at = ? WHERE plan_id = ? AND absorbed_into = ? AND state = 'absorbed'", at, planId, taskId);
}
