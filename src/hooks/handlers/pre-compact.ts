import { readPlanState } from '../../app/plan-state.js';
import type { PayloadOf } from '../payload.js';
import type { Handler } from '../types.js';

/**
 * PreCompact: a checkpoint in the audit trail of what the ledger held when
 * the agent's context was compacted, so the state re-injected afterwards can
 * be compared with it.
 */
export const handlePreCompact: Handler<PayloadOf<'PreCompact'>> = ({ payload, ledger }) => {
  const state = readPlanState(ledger);
  return {
    output: null,
    decision: {
      action: 'checkpoint',
      trigger: payload.trigger ?? null,
      plan: state ? { id: state.plan.id, state: state.plan.state, complete: state.tasks.filter((t) => t.state === 'complete').length, total: state.tasks.length } : null,
      nextStep: state?.nextStep.kind ?? null,
      openActions: state?.openActions.map((a) => a.id) ?? [],
    },
  };
};
