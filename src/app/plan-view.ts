import type { TaskView } from '../domain/progress.js';
import type { Ledger } from '../ledger/ledger.js';
import { activePlan, type PlanRecord } from '../ledger/plans.js';
import { loadProgressTasks } from './progress.js';

export interface PlanView extends Pick<PlanRecord, 'id' | 'path' | 'dialect' | 'title' | 'structureHash' | 'state'> {
  approval: { at: string; via: string | null; structureHash: string } | null;
  tasks: TaskView[];
}

/**
 * The active plan as the ledger knows it. A task's state is what the ledger
 * recorded for it (`task done`, the SDD ledger, progress marks when first
 * seen), else what the plan file marks.
 */
export function loadPlanView(ledger: Ledger): PlanView | null {
  const plan = activePlan(ledger.db);
  if (!plan) return null;
  const tasks = loadProgressTasks(ledger.db, plan.id).map((t) => ({ id: t.id, title: t.title, state: t.state, highRiskStop: t.highRiskStop }));
  return {
    id: plan.id,
    path: plan.path,
    dialect: plan.dialect,
    title: plan.title,
    structureHash: plan.structureHash,
    state: plan.state,
    approval: plan.approvedAt && plan.approvedHash ? { at: plan.approvedAt, via: plan.approvedVia, structureHash: plan.approvedHash } : null,
    tasks,
  };
}
