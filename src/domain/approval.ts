import type { PlanState } from './plan-state.js';

/**
 * Plan lifecycle: draft → approved (bound to a structure hash) → stale when
 * the structure changes after approval → complete. Progress marks are not part
 * of the structure hash, so ticking progress never voids an approval.
 */
export interface PriorApproval {
  state: PlanState;
  approvedHash: string | null;
}

export function stateAfterImport(prior: PriorApproval | null, structureHash: string): PlanState {
  if (!prior || prior.approvedHash === null) return 'draft';
  if (prior.approvedHash !== structureHash) return 'stale';
  return prior.state === 'complete' ? 'complete' : 'approved';
}

/** Only an approved plan (its approval bound to the current structure) may be executed. */
export function isExecutable(state: PlanState): boolean {
  return state === 'approved';
}
