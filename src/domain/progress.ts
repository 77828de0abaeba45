import type { TaskState } from '../formats/plan/model.js';

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
  /** The task being worked on: the first in progress or blocked, in plan order. */
  current: TaskView | null;
  /** The first task that has not been started, after the current one when there is one. */
  next: TaskView | null;
  /** Every task is complete. */
  finished: boolean;
}

export function planProgress(tasks: readonly TaskView[]): PlanProgress {
  const currentIndex = tasks.findIndex((t) => t.state === 'in_progress' || t.state === 'blocked');
  const from = currentIndex >= 0 ? currentIndex + 1 : 0;
  const next = tasks.slice(from).find((t) => t.state === 'pending') ?? null;
  const complete = tasks.filter((t) => t.state === 'complete').length;
  return {
    total: tasks.length,
    complete,
    blocked: tasks.filter((t) => t.state === 'blocked').length,
    current: currentIndex >= 0 ? tasks[currentIndex]! : null,
    next,
    finished: tasks.length > 0 && complete === tasks.length,
  };
}
