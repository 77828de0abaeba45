import { findBoundary, latestChange, type Boundary, type ProgressTask } from './boundary.js';

export interface OpenAction {
  id: string;
  taskId: string;
  text: string;
}

export interface NextStepSnapshot {
  tasks: readonly ProgressTask[];
  /** Pending actions in the state `open`. */
  openActions: readonly OpenAction[];
  /** Tasks a replan has been recorded for (loop protection is keyed to the triggering task). */
  replannedTaskIds: readonly string[];
}

export type NextStep =
  | { kind: 'no_tasks'; boundary: Boundary }
  | { kind: 'blocked'; task: ProgressTask; boundary: Boundary }
  | { kind: 'replan'; from: ProgressTask; actions: OpenAction[]; boundary: Boundary }
  | { kind: 'in_progress'; task: ProgressTask; boundary: Boundary }
  | { kind: 'next_task'; from: ProgressTask | null; next: ProgressTask; boundary: Boundary }
  | { kind: 'no_next_task'; from: ProgressTask; boundary: Boundary }
  | { kind: 'plan_complete'; boundary: Boundary };

/**
 * What the plan needs next, decided in one place for every caller (the Stop
 * gate, status, session context), in this order:
 * blocked → replan → next task → plan complete.
 *
 * A replan is due when the task completed last — by completion time, never
 * by file or array order — left open pending actions and no replan has been
 * recorded for that task. An earlier replan, for another task, never
 * suppresses it.
 */
export function deriveNextStep(s: NextStepSnapshot): NextStep {
  const boundary = findBoundary(s.tasks);
  if (boundary.kind === 'no_tasks') return { kind: 'no_tasks', boundary };
  if (boundary.kind === 'blocked') return { kind: 'blocked', task: boundary.task, boundary };

  const last = latestCompleted(s.tasks);
  if (last && !s.replannedTaskIds.includes(last.id)) {
    const actions = s.openActions.filter((a) => a.taskId === last.id);
    if (actions.length) return { kind: 'replan', from: last, actions, boundary };
  }

  switch (boundary.kind) {
    case 'in_progress':
      return { kind: 'in_progress', task: boundary.task, boundary };
    case 'finished':
      return { kind: 'plan_complete', boundary };
    case 'not_started': {
      const first = s.tasks.find((t) => t.state === 'pending');
      return first ? { kind: 'next_task', from: null, next: first, boundary } : { kind: 'plan_complete', boundary };
    }
    case 'task_boundary':
      return boundary.next ? { kind: 'next_task', from: boundary.from, next: boundary.next, boundary } : { kind: 'no_next_task', from: boundary.from, boundary };
  }
}

/** The task completed most recently, by completion time. */
export function latestCompleted(tasks: readonly ProgressTask[]): ProgressTask | null {
  return latestChange(tasks.filter((t) => t.state === 'complete'));
}
