import { loadPlanState } from '../../app/plan-state.js';
import { parseClosureLine } from '../../domain/closure-line.js';
import { decideStop, type StopDecision } from '../../domain/stop-gate.js';
import { setPlanState, taskLineOf } from '../../ledger/plans.js';
import { insertReceipt, receiptsForBoundary } from '../../ledger/receipts.js';
import { insertClosure, insertViolation, latestClosure, saveSession, sessionById } from '../../ledger/sessions.js';
import type { PayloadOf } from '../payload.js';
import { renderStopDecision } from '../render/stop-words.js';
import type { Handler } from '../types.js';
import { watchdogAtStop, withWatchdog } from '../watchdog/step.js';

type StopPayload = PayloadOf<'Stop'>;

/**
 * Stop: bring the plan's state up to date, read this session's receipts,
 * closure and counters, let the Stop rule decide, record its receipt or
 * violation with the event, answer in Claude Code's protocol.
 */
export const handleStop: Handler<StopPayload> = async ({ payload, ledger, config, now, source, inProcessClient }) => {
  // First the delivery watchdog: a subagent result that never reached this conversation is delivered by blocking this stop.
  const watchdog = await watchdogAtStop({ payload, ledger, config, now, root: ledger.root, source, ...(inProcessClient ? { inProcessClient } : {}) });
  if (watchdog.block) return watchdog.block;
  const state = await loadPlanState(ledger, { now, config, source, sessionId: payload.session_id });
  const db = ledger.db;
  const plan = state?.plan ?? null;
  const step = state?.nextStep ?? null;
  const boundary = step?.boundary ?? { kind: 'no_tasks' as const };
  const session = sessionById(db, payload.session_id);

  const line = parseClosureLine(payload.last_assistant_message);
  const since = maxIso(session.lastPromptAt, boundary.kind === 'task_boundary' ? boundary.from.changedAt : step?.kind === 'replan' ? step.from.changedAt : null);
  const declared = line ? null : latestClosure(db, payload.session_id, since);
  const closure = line ? { ...line, source: 'closure-line' } : declared ? { state: declared.state, reason: declared.reason, source: declared.source } : null;

  const receipts =
    plan && boundary.kind === 'task_boundary' && boundary.next
      ? receiptsForBoundary(db, { planId: plan.id, fromTaskId: boundary.from.id, nextTaskId: boundary.next.id, sessionId: payload.session_id })
      : [];

  const decision = decideStop({
    plan: plan ? { id: plan.id, state: plan.state } : null,
    boundary,
    replanDue: step?.kind === 'replan' ? { from: step.from, actions: step.actions } : null,
    receipts,
    closure,
    suspended: session.suspended,
    runningSubagents: countRunningSubagents(payload.background_tasks),
    previousBlocks: { boundary: session.boundary, count: session.blocks },
    maxConsecutiveBlocks: config.stopGate.maxConsecutiveBlocks,
  });

  const nextTaskId = decision.action !== 'allow' && decision.obligation === 'auto_next' ? decision.next.id : null;
  const output = renderStopDecision(decision, {
    planId: plan?.id ?? '',
    planPath: plan?.path ?? '',
    nextTaskLine: plan && nextTaskId ? taskLineOf(db, plan.id, nextTaskId) : null,
    openActions: state?.openActions ?? [],
    maxConsecutiveBlocks: config.stopGate.maxConsecutiveBlocks,
  });

  return withWatchdog({
    output,
    decision: summarize(decision, closure, payload.stop_hook_active),
    persist: (tx, eventId) => {
      if (line) insertClosure(tx, { state: line.state, reason: line.reason, declaredAt: now, source: 'closure-line', sessionId: payload.session_id, eventId });
      if (decision.action === 'allow' && decision.markPlanComplete && plan) setPlanState(tx, plan.id, 'complete', now);
      if (decision.action === 'block' && decision.obligation === 'auto_next' && plan) {
        insertReceipt(tx, {
          planId: plan.id,
          fromTaskId: decision.from.id,
          nextTaskId: decision.next.id,
          dispatchedAt: now,
          channel: 'stop-hook',
          evidence: `Stop hook block ${decision.blockNumber} of ${config.stopGate.maxConsecutiveBlocks} (event ${eventId})`,
          sessionId: payload.session_id,
          eventId,
        });
      }
      if (decision.action === 'allow_after_limit') {
        const what = decision.obligation === 'replan' ? `with the replan after Task ${decision.from.id} not recorded` : `with Task ${decision.next.id} not dispatched`;
        insertViolation(tx, {
          at: now,
          sessionId: payload.session_id,
          kind: decision.obligation === 'replan' ? 'stopped_with_replan_due' : 'stopped_at_task_boundary',
          summary: `stopped after Task ${decision.from.id} ${what}, after ${decision.blocks} blocks`,
          eventId,
        });
      }
      const blocking = decision.action === 'block';
      saveSession(tx, { ...session, boundary: blocking ? decision.boundary : null, blocks: blocking ? decision.blockNumber : 0 }, now);
    },
  }, watchdog.pass, 'Stop');
};

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

function summarize(d: StopDecision, closure: { state: string; source: string } | null, stopHookActive: boolean): Record<string, unknown> {
  const base = { stopHookActive, closure };
  if (d.action === 'allow') return { ...base, action: 'allow', why: d.why, reason: d.verdict?.reason ?? null, planCompleted: !!d.markPlanComplete };
  const reason = d.obligation === 'replan' ? 'replan_due' : d.verdict.reason;
  const extra = d.obligation === 'replan' ? { actions: d.actions.map((a) => a.id) } : {};
  return { ...base, action: d.action, obligation: d.obligation, boundary: d.boundary, reason, blocks: d.action === 'block' ? d.blockNumber : d.blocks, ...extra };
}

function maxIso(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}
