import type { NextStep } from './next-step.js';

/**
 * The time since which a session's declared closure counts at a stop: its
 * last prompt or the completion of the boundary's task, whichever is later
 * (a closure declared for an earlier boundary does not cover this one).
 */
export function closureSince(lastPromptAt: string | null, step: NextStep | null): string | null {
  const b = step?.boundary;
  return maxIso(lastPromptAt, b?.kind === 'task_boundary' ? b.from.changedAt : step?.kind === 'replan' ? step.from.changedAt : null);
}

function maxIso(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}
