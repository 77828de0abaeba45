import { describeWatchdogAddition, describeWatchdogDecision } from './watchdog-decision-words.js';

/**
 * A recorded decision in a few words, for the demo timeline and `status`.
 * Reads the audit record a handler wrote; unknown shapes fall back to the action.
 */
export function describeDecision(kind: string, decision: unknown): string {
  const d = (decision ?? {}) as Record<string, unknown>;
  const watchdog = describeWatchdogDecision(kind, d);
  if (watchdog) return watchdog;
  const words = describePlanDecision(kind, d);
  return `${d.watchdog ? `${words}${describeWatchdogAddition(d)}` : words}${describeRunsLaterAddition(d)}`;
}

/** A Stop that named what the session changed that runs later (src/hooks/render/runs-later-words.ts): the parts, after the verdict. */
export function describeRunsLaterAddition(d: Record<string, unknown>): string {
  const words = describeRunsLater(d);
  return words ? `; ${words}` : '';
}

/** The parts a Stop named as changed in its session and run later, in a few words; '' when it named none. */
export function describeRunsLater(d: Record<string, unknown>): string {
  if (!Array.isArray(d.runsLater) || !d.runsLater.length) return '';
  const names = (d.runsLater as { path?: unknown; part?: unknown }[]).map((c) => (typeof c.part === 'string' ? `${String(c.path)} ${c.part}` : String(c.path)));
  return `runs later: ${names.join(', ')} (changed in this session)`;
}

function describePlanDecision(kind: string, d: Record<string, unknown>): string {
  const action = typeof d.action === 'string' ? d.action : '';
  if (kind === 'Stop') return describeStop(d, action);
  if ((kind === 'PreToolUse' || kind === 'PostToolUse') && d.rules) return describeToolRules(d.rules as Record<string, Record<string, unknown>>, action);
  if (kind === 'SessionStart' && action === 'context') return `the ledger's ground truth added to the context (${String(d.planState)} plan)`;
  if (kind === 'UserPromptSubmit') {
    if (action === 'approved') return `plan ${String(d.planId)} approved by the user`;
    if (action === 'paused') return 'Stop gate paused for this session';
    if (action === 'context') return 'plan state restated in one line';
  }
  return action && action !== 'none' ? action : 'recorded';
}

const ALLOW_WORDS: Record<string, string> = {
  no_active_plan: 'allowed: no plan registered',
  plan_not_approved: 'allowed: the plan is not approved (nothing said)',
  plan_complete: 'allowed: the plan is complete',
  plan_finished: 'allowed: every task is complete; plan marked complete',
  suspended_by_user: 'allowed: the user paused the gate',
  no_tasks: 'allowed: the plan has no tasks',
  not_started: 'allowed: no task completed yet',
  mid_task: 'allowed: a task is in progress (not a boundary)',
  task_blocked: 'allowed: the last task is blocked',
  background_subagents_running: 'allowed: background subagents are running',
  replan_closure: 'allowed: replan due, but a closure or high-risk stop applies',
};

function describeStop(d: Record<string, unknown>, action: string): string {
  if (action === 'block' && d.obligation === 'replan') return `BLOCKED: replan due (block ${String(d.blocks)})`;
  if (action === 'block') return `BLOCKED (block ${String(d.blocks)} at this boundary)`;
  if (action === 'allow_after_limit') return `allowed after ${String(d.blocks)} blocks: continuity failure recorded`;
  const why = String(d.why ?? '');
  if (why !== 'continuity_pass') return ALLOW_WORDS[why] ?? `allowed (${why})`;
  const reason = String(d.reason ?? '');
  const closure = d.closure as { state?: string; source?: string } | null;
  if (reason.startsWith('legal_closure_') && closure) return `allowed: closure ${closure.state} (${closure.source})`;
  if (reason === 'high_risk_stop') return 'allowed: declared high-risk stop point';
  if (reason === 'receipt_valid') return 'allowed: the next task was dispatched (receipt)';
  if (reason === 'next_task_unknown') return 'allowed: no next task';
  return `allowed (${reason})`;
}

function describeToolRules(rules: Record<string, Record<string, unknown>>, action: string): string {
  const guard = rules['guard-before'];
  if (guard?.action === 'deny') return `DENIED: ${String(guard.path)} is guarded (${String(guard.via)})`;
  const control = rules['client-control'];
  if (control?.action === 'deny') return `DENIED: ${String(control.tool)} (${String(control.why)})`;
  const after = rules['guard-after'];
  if (after?.action === 'reverted') return `BLOCKED: guarded files put back (${(after.restored as string[]).join('; ')})`;
  const registered = rules['register-plan'];
  if (registered?.action === 'registered') return `plan ${String(registered.planId)} registered (${String(registered.state)})`;
  const approval = rules['approval-answer'];
  if (approval?.action === 'approved') return `plan ${String(approval.planId)} approved by the user (${String(approval.channel)})`;
  return action && action !== 'none' ? action : 'recorded';
}
