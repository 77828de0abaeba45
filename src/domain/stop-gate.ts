import type { PlanState } from './plan-state.js';
import type { Boundary, ProgressTask } from './boundary.js';
import type { OpenAction } from './next-step.js';
import { evaluateContinuity, type ContinuityVerdict, type LegalClosureState } from './gate.js';
import type { DispatchReceipt } from './receipts.js';

/** Everything the Stop gate decides on, read fresh from the ledger by the adapter. */
export interface StopFacts {
  plan: { id: string; state: PlanState } | null;
  boundary: Boundary;
  /** A replan deriveNextStep found due: it comes before dispatching the next task. */
  replanDue?: { from: ProgressTask; actions: readonly OpenAction[] } | null;
  /** Receipts recorded for this boundary in this session, newest first. */
  receipts: readonly DispatchReceipt[];
  closure: { state: LegalClosureState; reason: string; source: string } | null;
  /** The user said stop or pause in this session. */
  suspended: boolean;
  /** In-flight background subagents named by the payload. */
  runningSubagents: number;
  /** The boundary the gate last blocked at in this session, and how many times in a row. */
  previousBlocks: { boundary: string | null; count: number };
  maxConsecutiveBlocks: number;
}

export type StopDecision =
  | { action: 'allow'; why: AllowReason; verdict?: ContinuityVerdict; markPlanComplete?: boolean }
  | { action: 'block'; obligation: 'auto_next'; boundary: string; blockNumber: number; from: ProgressTask; next: ProgressTask; verdict: ContinuityVerdict }
  | { action: 'allow_after_limit'; obligation: 'auto_next'; boundary: string; blocks: number; from: ProgressTask; next: ProgressTask; verdict: ContinuityVerdict }
  | { action: 'block'; obligation: 'replan'; boundary: string; blockNumber: number; from: ProgressTask; actions: readonly OpenAction[] }
  | { action: 'allow_after_limit'; obligation: 'replan'; boundary: string; blocks: number; from: ProgressTask; actions: readonly OpenAction[] };

export type AllowReason =
  | 'no_active_plan'
  | 'plan_not_approved'
  | 'plan_finished'
  | 'plan_complete'
  | 'suspended_by_user'
  | 'no_tasks'
  | 'not_started'
  | 'mid_task'
  | 'task_blocked'
  | 'background_subagents_running'
  | 'continuity_pass'
  | 'replan_closure';

/**
 * The Stop gate: derives the seed envelope from ledger facts, conservatively,
 * asks the evaluator, and keeps the user from being trapped: a bounded number
 * of consecutive blocks at one boundary, a user's stop/pause, and running
 * background subagents all let the stop through.
 *
 * A receipt written by the Stop gate itself does not count as proof here: it
 * records that continuity dispatched the next task, and stopping again at
 * the same boundary shows that dispatch did not take.
 */
export function decideStop(f: StopFacts): StopDecision {
  if (!f.plan) return { action: 'allow', why: 'no_active_plan' };
  if (f.plan.state === 'complete') return { action: 'allow', why: 'plan_complete' };
  if (f.plan.state !== 'approved') return { action: 'allow', why: 'plan_not_approved' };
  const b = f.boundary;
  if (f.replanDue) return decideReplanStop(f, f.plan.id, f.replanDue);
  if (b.kind === 'finished') return { action: 'allow', why: 'plan_finished', markPlanComplete: true };
  if (f.suspended) return { action: 'allow', why: 'suspended_by_user' };
  if (b.kind === 'no_tasks') return { action: 'allow', why: 'no_tasks' };
  if (b.kind === 'not_started') return { action: 'allow', why: 'not_started' };
  if (b.kind === 'in_progress') return { action: 'allow', why: 'mid_task' };
  if (b.kind === 'blocked') return { action: 'allow', why: 'task_blocked' };

  const { from, next } = b;
  const proof = f.receipts.find((r) => r.channel !== 'stop-hook') ?? null;
  const verdict = evaluateContinuity({
    planId: f.plan.id,
    currentTask: from.id,
    taskState: 'complete',
    nextTaskKnown: next !== null,
    sameApprovedPlan: true,
    taskBoundaryStop: true,
    nextDerivedAction: next ? { type: 'dispatch_task', task: next.id } : null,
    replyClosureState: f.closure?.state ?? 'completed',
    highRiskStop: from.highRiskStop || (next?.highRiskStop ?? false),
    dispatchReceipt: proof,
    nextTaskId: next?.id ?? null,
    currentTaskCompletedAt: from.changedAt,
  });
  if (verdict.ok || !next) return { action: 'allow', why: 'continuity_pass', verdict };
  if (f.runningSubagents > 0) return { action: 'allow', why: 'background_subagents_running', verdict };

  const boundary = boundaryKey(f.plan.id, from.id, next.id);
  const blocksSoFar = f.previousBlocks.boundary === boundary ? f.previousBlocks.count : 0;
  if (blocksSoFar >= f.maxConsecutiveBlocks) return { action: 'allow_after_limit', obligation: 'auto_next', boundary, blocks: blocksSoFar, from, next, verdict };
  return { action: 'block', obligation: 'auto_next', boundary, blockNumber: blocksSoFar + 1, from, next, verdict };
}

/**
 * A replan is owed before the next task is dispatched. The same exemptions
 * hold as for the auto-next obligation (a legal closure, a declared high-risk
 * stop, the user's pause, running subagents) and the same loop limit.
 */
function decideReplanStop(f: StopFacts, planId: string, due: { from: ProgressTask; actions: readonly OpenAction[] }): StopDecision {
  if (f.suspended) return { action: 'allow', why: 'suspended_by_user' };
  if (f.closure || due.from.highRiskStop) return { action: 'allow', why: 'replan_closure' };
  if (f.runningSubagents > 0) return { action: 'allow', why: 'background_subagents_running' };
  const boundary = replanKey(planId, due.from.id);
  const blocksSoFar = f.previousBlocks.boundary === boundary ? f.previousBlocks.count : 0;
  if (blocksSoFar >= f.maxConsecutiveBlocks) return { action: 'allow_after_limit', obligation: 'replan', boundary, blocks: blocksSoFar, from: due.from, actions: due.actions };
  return { action: 'block', obligation: 'replan', boundary, blockNumber: blocksSoFar + 1, from: due.from, actions: due.actions };
}

export function replanKey(planId: string, fromTaskId: string): string {
  return `${planId}#replan-after-${fromTaskId}`;
}

export function boundaryKey(planId: string, fromTaskId: string, nextTaskId: string): string {
  return `${planId}#${fromTaskId}->${nextTaskId}`;
}
