/**
 * A plan's lifecycle state (docs/approval-and-guards.md): draft until a person
 * approves it, approved while bound to its structure, stale once its tasks
 * change after approval, complete when every task is done.
 */
export type PlanState = 'draft' | 'approved' | 'stale' | 'complete';

/** Plan states in plain, declarative words: facts about the plan, never instructions. */
export function describePlanState(state: PlanState): string {
  switch (state) {
    case 'draft':
      return 'draft: not approved; its execution has not been authorised.';
    case 'approved':
      return 'approved: bound to its current structure.';
    case 'stale':
      return 'stale: its tasks changed after approval; the approval no longer applies and its execution has not been authorised.';
    case 'complete':
      return 'complete: every task is done.';
  }
}
