import { parseClosureLine } from '../../domain/closure-line.js';
import type { LegalClosureState } from '../../domain/gate.js';
import type { NextStep, OpenAction } from '../../domain/next-step.js';
import type { PlanState } from '../../domain/plan-state.js';
import type { DispatchReceipt } from '../../domain/receipts.js';
import { decideStop, type StopDecision } from '../../domain/stop-gate.js';
import type { StopEffects } from '../../ledger/stop-effects.js';
import { renderStopDecision } from '../render/stop-words.js';

/** A closure as the ledger returns it (latestClosure). */
export interface DeclaredClosure {
  state: LegalClosureState;
  reason: string;
  source: string;
}

/** Everything a Stop is decided on, however it was read: from the ledger (handlers/stop.ts) or from the hot state (rules/stop-hot.ts). */
export interface StopInputs {
  plan: { id: string; path: string; state: PlanState } | null;
  step: NextStep | null;
  openActions: readonly OpenAction[];
  /** The line of the boundary's next task in the plan file (taskLineOf). */
  nextTaskLine: (taskId: string) => number | null;
  session: { suspended: boolean; boundary: string | null; blocks: number };
  /** The session's newest closure declared since the boundary (latestClosure), used when the message has no closure line. */
  declared: DeclaredClosure | null;
  receipts: readonly DispatchReceipt[];
  maxConsecutiveBlocks: number;
  payload: { last_assistant_message?: string | null; stop_hook_active?: boolean; background_tasks?: unknown };
}

/**
 * One Stop decided: the rule, its words, the audit record and what it
 * records. Pure: both ways of reading the facts end here, so they cannot
 * answer or record differently.
 */
export function decideStopCall(i: StopInputs): { decision: StopDecision; output: Record<string, unknown> | null; summary: Record<string, unknown>; effects: StopEffects } {
  const plan = i.plan;
  const step = i.step;
  const boundary = step?.boundary ?? { kind: 'no_tasks' as const };
  const line = parseClosureLine(i.payload.last_assistant_message);
  const closure = line ? { ...line, source: 'closure-line' } : i.declared ? { state: i.declared.state, reason: i.declared.reason, source: i.declared.source } : null;
  const decision = decideStop({
    plan: plan ? { id: plan.id, state: plan.state } : null,
    boundary,
    replanDue: step?.kind === 'replan' ? { from: step.from, actions: step.actions } : null,
    receipts: i.receipts,
    closure,
    suspended: i.session.suspended,
    runningSubagents: countRunningSubagents(i.payload.background_tasks),
    previousBlocks: { boundary: i.session.boundary, count: i.session.blocks },
    maxConsecutiveBlocks: i.maxConsecutiveBlocks,
  });
  const nextTaskId = decision.action !== 'allow' && decision.obligation === 'auto_next' ? decision.next.id : null;
  const output = renderStopDecision(decision, {
    planId: plan?.id ?? '',
    planPath: plan?.path ?? '',
    nextTaskLine: plan && nextTaskId ? i.nextTaskLine(nextTaskId) : null,
    openActions: i.openActions,
    maxConsecutiveBlocks: i.maxConsecutiveBlocks,
  });
  const blocking = decision.action === 'block';
  const effects: StopEffects = {
    ...(line ? { closure: { state: line.state, reason: line.reason } } : {}),
    ...(decision.action === 'allow' && decision.markPlanComplete && plan ? { planComplete: plan.id } : {}),
    ...(decision.action === 'block' && decision.obligation === 'auto_next' && plan
      ? { receipt: { planId: plan.id, fromTaskId: decision.from.id, nextTaskId: decision.next.id, blockNumber: decision.blockNumber, maxConsecutiveBlocks: i.maxConsecutiveBlocks } }
      : {}),
    ...(decision.action === 'allow_after_limit' ? { violation: limitViolation(decision) } : {}),
    session: { boundary: blocking ? decision.boundary : null, blocks: blocking ? decision.blockNumber : 0 },
  };
  return { decision, output, summary: summarize(decision, closure, i.payload.stop_hook_active), effects };
}

function limitViolation(d: Extract<StopDecision, { action: 'allow_after_limit' }>): { kind: string; summary: string } {
  const what = d.obligation === 'replan' ? `with the replan after Task ${d.from.id} not recorded` : `with Task ${d.next.id} not dispatched`;
  return { kind: d.obligation === 'replan' ? 'stopped_with_replan_due' : 'stopped_at_task_boundary', summary: `stopped after Task ${d.from.id} ${what}, after ${d.blocks} blocks` };
}

/** Background subagents still in flight: the session is waiting for them, not stopping at a boundary. */
export function countRunningSubagents(backgroundTasks: unknown): number {
  if (!Array.isArray(backgroundTasks)) return 0;
  return backgroundTasks.filter((t) => {
    const task = t as { type?: unknown; status?: unknown };
    const type = String(task.type ?? '');
    const status = String(task.status ?? 'running');
    return /agent/i.test(type) && !/^(completed|failed|killed|stopped|cancelled)$/i.test(status);
  }).length;
}

function summarize(d: StopDecision, closure: { state: string; source: string } | null, stopHookActive: boolean | undefined): Record<string, unknown> {
  const base = { stopHookActive, closure };
  if (d.action === 'allow') return { ...base, action: 'allow', why: d.why, reason: d.verdict?.reason ?? null, planCompleted: !!d.markPlanComplete };
  const reason = d.obligation === 'replan' ? 'replan_due' : d.verdict.reason;
  const extra = d.obligation === 'replan' ? { actions: d.actions.map((a) => a.id) } : {};
  return { ...base, action: d.action, obligation: d.obligation, boundary: d.boundary, reason, blocks: d.action === 'block' ? d.blockNumber : d.blocks, ...extra };
}
