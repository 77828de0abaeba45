import { loadPlanState } from '../../app/plan-state.js';
import { parseClosureLine } from '../../domain/closure-line.js';
import { taskLineOf } from '../../ledger/plans.js';
import { receiptsForBoundary } from '../../ledger/receipts.js';
import { latestClosure, sessionById } from '../../ledger/sessions.js';
import { applyStopEffects } from '../../ledger/stop-effects.js';
import type { PayloadOf } from '../payload.js';
import { closureSince } from '../../domain/closure-since.js';
import { decideStopCall } from '../rules/stop-decide.js';
import type { Handler } from '../types.js';
import { watchdogAtStop, withWatchdog } from '../watchdog/step.js';

export { countRunningSubagents } from '../rules/stop-decide.js';

type StopPayload = PayloadOf<'Stop'>;

/**
 * Stop: bring the plan's state up to date, read this session's receipts,
 * closure and counters, let the Stop rule decide, record its receipt or
 * violation with the event, answer in Claude Code's protocol.
 * The common stop at a boundary is decided from the hot state instead
 * (src/hooks/rules/stop-hot.ts), by the same decideStopCall.
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
  const declared = line ? null : latestClosure(db, payload.session_id, closureSince(session.lastPromptAt, step));
  const receipts =
    plan && boundary.kind === 'task_boundary' && boundary.next
      ? receiptsForBoundary(db, { planId: plan.id, fromTaskId: boundary.from.id, nextTaskId: boundary.next.id, sessionId: payload.session_id })
      : [];

  const { output, summary, effects } = decideStopCall({
    plan,
    step,
    openActions: state?.openActions ?? [],
    nextTaskLine: (taskId) => (plan ? taskLineOf(db, plan.id, taskId) : null),
    session,
    declared,
    receipts,
    maxConsecutiveBlocks: config.stopGate.maxConsecutiveBlocks,
    payload,
  });

  return withWatchdog({
    output,
    decision: summary,
    persist: (tx, eventId) => applyStopEffects(tx, effects, { sessionId: payload.session_id, at: now, eventId }),
  }, watchdog.pass, 'Stop');
};
