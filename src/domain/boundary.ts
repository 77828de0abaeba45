import type { TaskState } from '../formats/plan/model.js';

/** A task as the Stop gate sees it: the effective state and when it last changed. */
export interface ProgressTask {
  id: string;
  title: string;
  state: TaskState;
  highRiskStop: boolean;
  /** When the ledger recorded the current state (null: only the plan file's marks). */
  changedAt: string | null;
  /** Orders changes recorded at the same instant. */
  changeSeq: number;
}

export type Boundary =
  | { kind: 'no_tasks' }
  | { kind: 'finished' }
  | { kind: 'not_started' }
  | { kind: 'in_progress'; task: ProgressTask }
  | { kind: 'blocked'; task: ProgressTask }
  | { kind: 'task_boundary'; from: ProgressTask; next: ProgressTask | null };

/**
 * Where the plan stands, by completion time (never by file or array order):
 * the most recent completion is the boundary, and the next task is the first
 * pending task after it in plan order (else the first pending one anywhere).
 * A task in progress means the work is mid-task, not at a boundary; a block
 * recorded after the last completion means the work is blocked.
 */
export function findBoundary(tasks: readonly ProgressTask[]): Boundary {
  if (tasks.length === 0) return { kind: 'no_tasks' };
  if (tasks.every((t) => t.state === 'complete')) return { kind: 'finished' };
  const inProgress = tasks.find((t) => t.state === 'in_progress');
  if (inProgress) return { kind: 'in_progress', task: inProgress };

  const latest = latestChange(tasks.filter((t) => t.state === 'complete' || t.state === 'blocked'));
  if (!latest) return { kind: 'not_started' };
  if (latest.state === 'blocked') return { kind: 'blocked', task: latest };

  const at = tasks.indexOf(latest);
  const next = tasks.slice(at + 1).find((t) => t.state === 'pending') ?? tasks.find((t) => t.state === 'pending') ?? null;
  return { kind: 'task_boundary', from: latest, next };
}

/** The candidate whose state changed last (ties: recording order, then plan order). */
export function latestChange(candidates: readonly ProgressTask[]): ProgressTask | null {
  let best: ProgressTask | null = null;
  for (const t of candidates) {
    if (!best || compareChange(t, best) >= 0) best = t;
  }
  return best;
}

// Recorded changes beat file-only marks; then time; then the recording order;
// then plan order, so that marks without a time read as done in sequence.
function compareChange(a: ProgressTask, b: ProgressTask): number {
  if ((a.changedAt === null) !== (b.changedAt === null)) return a.changedAt === null ? -1 : 1;
  if (a.changedAt !== null && b.changedAt !== null && a.changedAt !== b.changedAt) return a.changedAt < b.changedAt ? -1 : 1;
  if (a.changeSeq !== b.changeSeq) return a.changeSeq - b.changeSeq;
  return 0;
}
