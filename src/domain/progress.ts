import type { TaskState } from '../formats/plan/model.js';
import { findBoundary, type ProgressTask } from './boundary.js';

export interface TaskView {
  id: string;
  title: string;
  state: TaskState;
  highRiskStop: boolean;
}

export interface PlanProgress {
  total: number;
  complete: number;
  blocked: number;
  /** The task most recently completed, by completion time. */
  lastCompleted: TaskView | null;
  /** The task being worked on: in progress, or blocked after the last completion. */
  current: TaskView | null;
  /** The task that comes next, exactly as the Stop gate sees it. */
  next: TaskView | null;
  /** Every task is complete. */
  finished: boolean;
}

/** The numbers and the current/next tasks `status` shows, derived the way the Stop gate derives them. */
export function planProgress(tasks: readonly ProgressTask[]): PlanProgress {
  const b = findBoundary(tasks);
  const current = b.kind === 'in_progress' || b.kind === 'blocked' ? b.task : null;
  const next = b.kind === 'task_boundary' ? b.next : firstPendingAfter(tasks, current);
  const complete = tasks.filter((t) => t.state === 'complete');
  const latestDone = b.kind === 'task_boundary' ? b.from : null;
  return {
    total: tasks.length,
    complete: complete.length,
    blocked: tasks.filter((t) => t.state === 'blocked').length,
    lastCompleted: latestDone ? view(latestDone) : null,
    current: current ? view(current) : null,
    next: next ? view(next) : null,
    finished: b.kind === 'finished',
  };
}

function firstPendingAfter(tasks: readonly ProgressTask[], current: ProgressTask | null): ProgressTask | null {
  const from = current ? tasks.indexOf(current) + 1 : 0;
  return tasks.slice(from).find((t) => t.state === 'pending') ?? tasks.find((t) => t.state === 'pending') ?? null;
}

function view(t: ProgressTask): TaskView {
  return { id: t.id, title: t.title, state: t.state, highRiskStop: t.highRiskStop };
}
