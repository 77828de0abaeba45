import { clientOfSource } from '../../domain/run-hand-over.js';
import type { PlanState } from '../../app/plan-state.js';
import { planProgress } from '../../domain/progress.js';
import { carriedForward } from './stop-words.js';
import type { RunView } from '../../app/watchdog-runs.js';
import { describeDuration } from '../../domain/watchdog-report.js';

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

/** One line of state for every user prompt: enough to notice a lost approval step after compaction. */
export function describeStateLine(state: PlanState): string {
  const { plan } = state;
  const p = planProgress(state.tasks);
  if (plan.state === 'draft') return `continuity: plan ${plan.id} is a draft, not approved; its execution has not been authorised.`;
  if (plan.state === 'stale') return `continuity: plan ${plan.id} changed after approval and is not approved; its execution has not been authorised.`;
  if (plan.state === 'complete') return `continuity: plan ${plan.id} is complete (${p.total} tasks).`;
  const step = state.nextStep;
  const next =
    step.kind === 'replan'
      ? `a replan is due for ${step.actions.length} open pending action(s) of Task ${step.from.id}`
      : step.kind === 'next_task'
        ? `next: Task ${step.next.id} "${step.next.title}"`
        : step.kind === 'in_progress'
          ? `in progress: Task ${step.task.id} "${step.task.title}"`
          : step.kind === 'blocked'
            ? `blocked: Task ${step.task.id} "${step.task.title}"`
            : 'no next task';
  return `continuity: plan ${plan.id} is approved; ${p.complete}/${p.total} tasks complete; ${next}.`;
}

const ALERT_WORDS: Partial<Record<RunView['status'], (r: RunView) => string>> = {
  suspect_delivery_failure: (r) => `is past its SLA${r.overdueSeconds !== undefined ? ` (${describeDuration(r.overdueSeconds)} overdue)` : ''} and no result from it has reached this conversation`,
  done_but_not_forwarded: () => 'finished, but its result has not reached this conversation',
  blocked: () => 'is blocked: its result never reached this conversation and the recovery steps gave no result',
};

/**
 * The delivery watchdog's alerts for the agent's context at session start and
 * after compaction: this session's runs whose result has not reached the
 * conversation in time, or whose recovery is exhausted. Facts only; '' when none.
 */
export function describeWatchdogAlerts(runs: readonly RunView[], elsewhere: readonly { view: RunView; from: { sessionId: string; source: string | null } }[] = []): string {
  const lines: string[] = [];
  for (const { view: r, from } of elsewhere) {
    const client = from.source ? `a ${clientOfSource(from.source)} session` : 'another session';
    const words = ALERT_WORDS[r.status]?.(r) ?? (r.overdueSeconds === undefined ? `has not reported done; its SLA ends at ${r.expectedBy}` : 'has not reported done');
    lines.push(`Subagent run ${r.runId} (${r.agentType ?? 'subagent'}${r.description ? `, "${r.description}"` : ''}, dispatched ${r.age} ago in ${client}, ${from.sessionId}) is open and ${words}.`);
  }
  for (const r of runs) {
    const words = ALERT_WORDS[r.status];
    if (!words) continue;
    const attempts = r.recoveryAttempts.filter((a) => a.action !== 'escalate');
    const tried = attempts.length ? `; recovery attempts: ${attempts.map((a) => `${a.action} ${a.outcome}`).join(', ')}` : '';
    lines.push(`Subagent run ${r.runId} (${r.agentType ?? 'subagent'}${r.description ? `, "${r.description}"` : ''}, dispatched ${r.age} ago) ${words(r)}${tried}.`);
  }
  return lines.length ? `continuity watchdog: ${lines.join(' ')}` : '';
}
