import { loadPlanState } from '../../../app/plan-state.js';
import { taskLineOf } from '../../../ledger/plans.js';
import type { PayloadOf } from '../payload.js';
import { describeGroundTruth } from '../render/ground-truth.js';
import { SOURCE } from '../source.js';
import type { Handler } from '../types.js';

type SessionStartPayload = PayloadOf<'SessionStart'>;

/**
 * SessionStart (startup, resume, clear, compact): the agent's context gets
 * the ledger's ground truth, read fresh, so what compaction dropped is back.
 */
export const handleSessionStart: Handler<SessionStartPayload> = async ({ payload, ledger, config, now }) => {
  const state = await loadPlanState(ledger, { now, config, source: SOURCE, sessionId: payload.session_id });
  if (!state) return { output: null, decision: { action: 'none', source: payload.source } };
  const context = describeGroundTruth(state, (id) => taskLineOf(ledger.db, state.plan.id, id));
  return {
    output: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } },
    decision: { action: 'context', source: payload.source, planId: state.plan.id, planState: state.plan.state, nextStep: state.nextStep.kind },
  };
};
