import type { PlanState } from '../../../app/plan-state.js';
import { planProgress } from '../../../domain/progress.js';
import { carriedForward } from './stop-words.js';

/**
 * The plan's state in declarative words, for the agent's context at session
 * start and after compaction. Facts only: an unapproved plan is described as
 * not authorised, never followed by anything that reads as an instruction.
 */
export function describeGroundTruth(state: PlanState, where: (taskId: string) => number | null): string {
  const { plan } = state;
  const head = `continuity ledger: plan ${plan.id} (${plan.path}, ${state.tasks.length} tasks)`;
  if (plan.state === 'draft') return `${head} is a draft: it is not approved and its execution has not been authorised.`;
  if (plan.state === 'stale') return `${head} changed after it was approved: the approval no longer applies and its execution has not been authorised.`;
  const p = planProgress(state.tasks);
  if (plan.state === 'complete') return `${head} is complete: all ${p.total} tasks are done.`;

  const parts = [`${head} is approved${plan.approvedAt ? ` (${plan.approvedAt})` : ''}; ${p.complete} of ${p.total} tasks are complete.`];
  const step = state.nextStep;
  if (p.lastCompleted) parts.push(`Last completed: Task ${p.lastCompleted.id} "${p.lastCompleted.title}".`);
  if (step.kind === 'blocked') parts.push(`Task ${step.task.id} "${step.task.title}" is blocked.`);
  else if (step.kind === 'in_progress') parts.push(`Task ${step.task.id} "${step.task.title}" is in progress.`);
  else if (step.kind === 'replan') parts.push(`A replan is due for the open pending actions of Task ${step.from.id} before the next task.`);
  if (step.kind === 'next_task' || (step.kind === 'replan' && p.next)) {
    const next = step.kind === 'next_task' ? step.next : p.next!;
    const line = where(next.id);
    parts.push(`The next task of the plan is Task ${next.id} "${next.title}"${line ? ` (${plan.path}:${line})` : ''}${next.highRiskStop ? ', a declared high-risk stop point' : ''}.`);
  }
  return parts.join(' ') + carriedForward(state.openActions);
}
