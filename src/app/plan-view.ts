import type { TaskView } from '../domain/progress.js';
import type { Ledger } from '../ledger/ledger.js';
import { activePlan, type PlanRecord } from '../ledger/plans.js';
import { loadProgressTasks } from './progress.js';
import type { TaskRecorder } from '../ledger/event-client.js';
import { taskRecorders } from '../ledger/who.js';

export interface PlanView extends Pick<PlanRecord, 'id' | 'path' | 'dialect' | 'title' | 'structureHash' | 'state'> {
  approval: { at: string; via: string | null; structureHash: string } | null;
  tasks: (TaskView & { recordedBy?: RecordedBy })[];
}

/** Who recorded a task's state: the client (`unknown` when not known), its session, and what carried it in. */
export type RecordedBy = Omit<TaskRecorder, 'taskId'>;

/**
 * The active plan as the ledger knows it. A task's state is what the ledger
 * recorded for it (`task done`, the SDD ledger, progress marks when first
 * seen), else what the plan file marks.
 */
export function loadPlanView(ledger: Ledger): PlanView | null {
  const plan = activePlan(ledger.db);
  if (!plan) return null;
  const recorders = new Map(taskRecorders(ledger.db, plan.id).map(({ taskId, ...r }) => [taskId, r]));
  const tasks = loadProgressTasks(ledger.db, plan.id).map((t) => {
    const by = t.state === 'complete' || t.state === 'blocked' ? recorders.get(t.id) : undefined;
    return { id: t.id, title: t.title, state: t.state, highRiskStop: t.highRiskStop, ...(by ? { recordedBy: by } : {}) };
  });
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
