/**
 * The auto-next obligation gate (seeds 000 and 001): may the agent stop here?
 *
 * Pure: the envelope's facts in, a verdict out. The rule, in one line: when the
 * current task is complete and the next task of the same approved plan is known,
 * a task-boundary stop needs a real dispatch receipt for that next task, unless
 * the reply closes as waiting_user, blocked or pending_verification, or the stop
 * is a declared high-risk stop. The full decision table is in docs/reason-codes.md.
 */
import { checkReceiptLinkage, type DispatchReceipt, type ReceiptLinkage } from './receipts.js';

/** The only closures that may stop without dispatching. `completed` is the normal closeout and is not one. */
export const LEGAL_CLOSURE_STATES = ['waiting_user', 'blocked', 'pending_verification'] as const;
export type LegalClosureState = (typeof LEGAL_CLOSURE_STATES)[number];

/**
 * What a planner says it would do next. Intent, not evidence: the evaluator
 * only asks whether one exists (a next action is known) and never reads it as
 * proof of dispatch, even when it looks like a receipt.
 */
export type DerivedAction = Readonly<Record<string, unknown>>;

/** The seed's continuity envelope. */
export interface ContinuityInput {
  planId: string;
  currentTask: string;
  /** "complete" is the only state that can create an obligation. */
  taskState: string;
  nextTaskKnown: boolean;
  sameApprovedPlan: boolean;
  taskBoundaryStop: boolean;
  nextDerivedAction?: DerivedAction | null;
  /** Older producers' name for nextDerivedAction; nextDerivedAction wins when both are given. */
  derivedAction?: DerivedAction | null;
  replyClosureState: string | null;
  highRiskStop: boolean;
  dispatchReceipt: DispatchReceipt | null;
  /** Names the next task so a receipt for another task cannot pass (see ExpectedLinkage). */
  nextTaskId?: string | null;
  /** When the current task completed; a receipt dated earlier is stale. */
  currentTaskCompletedAt?: string | null;
}

export type FailureReason = 'missing_auto_next_dispatch' | 'missing_dispatch_receipt';
export type PassReason =
  | 'task_not_complete'
  | `legal_closure_${LegalClosureState}`
  | 'high_risk_stop'
  | 'next_task_unknown'
  | 'receipt_valid';
export type ReasonCode = FailureReason | PassReason;

/** The seed's derived booleans (Task 7), plus nextActionKnown for the legacy rule. */
export interface DerivedFacts {
  taskComplete: boolean;
  nextTaskKnown: boolean;
  /** nextTaskKnown, or a planner-derived next action exists. */
  nextActionKnown: boolean;
  sameApprovedPlan: boolean;
  taskBoundaryStop: boolean;
  highRiskStop: boolean;
  hasDispatchReceipt: boolean;
  isLegalTerminalState: boolean;
  autoNextObligatory: boolean;
}

export interface ContinuityVerdict {
  ok: boolean;
  status: 'pass' | 'continuity_failure';
  verdict: 'pass' | 'continuity_failure';
  reason: ReasonCode;
  autoNextObligatory: boolean;
  /** One sentence of facts, never an order. */
  message: string;
  derived: DerivedFacts;
  receipt: ReceiptLinkage;
}

export function evaluateContinuity(input: ContinuityInput): ContinuityVerdict {
  const receipt = checkReceiptLinkage(input.dispatchReceipt, {
    planId: input.planId,
    fromTaskId: input.currentTask,
    nextTaskId: input.nextTaskId ?? null,
    fromTaskCompletedAt: input.currentTaskCompletedAt ?? null,
  });
  const derived = deriveFacts(input, receipt);
  const reason = decideReason(input, derived);
  const ok = !isFailure(reason);
  const status = ok ? 'pass' : 'continuity_failure';
  return {
    ok,
    status,
    verdict: status,
    reason,
    autoNextObligatory: derived.autoNextObligatory,
    message: describe(reason, input, derived, receipt),
    derived,
    receipt,
  };
}

function deriveFacts(input: ContinuityInput, receipt: ReceiptLinkage): DerivedFacts {
  const taskComplete = input.taskState === 'complete';
  const nextTaskKnown = input.nextTaskKnown === true;
  const sameApprovedPlan = input.sameApprovedPlan === true;
  const taskBoundaryStop = input.taskBoundaryStop === true;
  const highRiskStop = input.highRiskStop === true;
  const isLegalTerminalState = legalClosure(input.replyClosureState) !== null;
  return {
    taskComplete,
    nextTaskKnown,
    nextActionKnown: nextTaskKnown || plannerIntent(input) !== null,
    sameApprovedPlan,
    taskBoundaryStop,
    highRiskStop,
    hasDispatchReceipt: receipt.valid,
    isLegalTerminalState,
    autoNextObligatory:
      taskComplete && nextTaskKnown && sameApprovedPlan && taskBoundaryStop && !isLegalTerminalState && !highRiskStop,
  };
}

/**
 * Precedence: first the reasons nothing is owed (task not complete, a legal
 * closure, a high-risk stop, nothing known to do next), then the receipt, then
 * the two failures. The strict obligation only sharpens the reason of the
 * legacy rule (complete + next action known + no receipt + no exemption); the
 * new envelope fields never turn a legacy failure into a pass.
 */
function decideReason(input: ContinuityInput, d: DerivedFacts): ReasonCode {
  if (!d.taskComplete) return 'task_not_complete';
  const closure = legalClosure(input.replyClosureState);
  if (closure !== null) return `legal_closure_${closure}`;
  if (d.highRiskStop) return 'high_risk_stop';
  if (!d.nextActionKnown) return 'next_task_unknown';
  if (d.hasDispatchReceipt) return 'receipt_valid';
  return d.autoNextObligatory ? 'missing_auto_next_dispatch' : 'missing_dispatch_receipt';
}

function isFailure(reason: ReasonCode): reason is FailureReason {
  return reason === 'missing_auto_next_dispatch' || reason === 'missing_dispatch_receipt';
}

function legalClosure(state: string | null): LegalClosureState | null {
  return (LEGAL_CLOSURE_STATES as readonly (string | null)[]).includes(state) ? (state as LegalClosureState) : null;
}

function plannerIntent(input: ContinuityInput): DerivedAction | null {
  return input.nextDerivedAction ?? input.derivedAction ?? null;
}

// ── messages: facts about the plan and the evidence, never instructions ──

const ALLOWED_STOPS = 'stopping here is allowed only for waiting_user, blocked, pending_verification or a declared high-risk stop';

function describe(reason: ReasonCode, input: ContinuityInput, d: DerivedFacts, receipt: ReceiptLinkage): string {
  const task = `Task ${input.currentTask} of plan ${input.planId}`;
  const next = input.nextTaskId ? `task ${input.nextTaskId}` : 'the next task';
  switch (reason) {
    case 'task_not_complete':
      return `${task} is not complete (taskState "${input.taskState}"), so no dispatch is owed yet.`;
    case 'legal_closure_waiting_user':
    case 'legal_closure_blocked':
    case 'legal_closure_pending_verification':
      return `${task} is complete and the reply closes as ${input.replyClosureState}, a legal closure, so auto-next dispatch is not required.`;
    case 'high_risk_stop':
      return `${task} is complete and this is a declared high-risk stop, so auto-next dispatch is not required.`;
    case 'next_task_unknown':
      return `${task} is complete and no next task or next action is known, so auto-next dispatch is not required.`;
    case 'receipt_valid': {
      const r = input.dispatchReceipt!;
      return `${task} is complete and a dispatch receipt shows task ${r.nextTaskId} was dispatched at ${r.dispatchedAt} via ${r.channel}.`;
    }
    case 'missing_auto_next_dispatch':
      return `${task} is complete and ${next} of the same approved plan is known; ${receiptFact(input, next, receipt)}; ${ALLOWED_STOPS}.`;
    case 'missing_dispatch_receipt':
      return `${task} is complete and a next action is known (${obligationGaps(d).join(', ')}); ${receiptFact(input, next, receipt)}; ${ALLOWED_STOPS}.`;
  }
}

function receiptFact(input: ContinuityInput, next: string, linkage: ReceiptLinkage): string {
  const r = input.dispatchReceipt;
  if (linkage.valid || r === null) return `no dispatch receipt for ${next} exists`;
  const none = `no valid dispatch receipt for ${next} exists`;
  switch (linkage.why) {
    case 'missing':
      return `no dispatch receipt for ${next} exists`;
    case 'malformed':
      return `${none}: the one given has an empty field or an unreadable dispatchedAt`;
    case 'wrong_plan':
      return `${none}: the one given is for plan ${r.planId}`;
    case 'wrong_from_task':
      return `${none}: the one given was dispatched from task ${r.fromTaskId}`;
    case 'wrong_next_task':
      return `${none}: the one given is for task ${r.nextTaskId}`;
    case 'stale':
      return `${none}: the one given is dated ${r.dispatchedAt}, before task ${input.currentTask} completed at ${input.currentTaskCompletedAt}`;
  }
}

// Why the strict obligation does not apply, so the legacy failure says what was not established.
function obligationGaps(d: DerivedFacts): string[] {
  const gaps: string[] = [];
  if (!d.nextTaskKnown) gaps.push('only as planner intent, the next task itself is not known');
  if (!d.sameApprovedPlan) gaps.push('not shown to be in the same approved plan');
  if (!d.taskBoundaryStop) gaps.push('the stop is not marked as a task-boundary stop');
  return gaps;
}
