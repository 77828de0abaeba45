import type { Config } from '../config/schema.js';
import type { ProgressTask } from '../domain/boundary.js';
import { deriveNextStep, type NextStep, type OpenAction } from '../domain/next-step.js';
import type { Ledger } from '../ledger/ledger.js';
import { pendingActions, replannedTasks, type PendingActionRecord } from '../ledger/pending-actions.js';
import { activePlan, type PlanRecord } from '../ledger/plans.js';
import { ingestSddLedger, loadProgressTasks } from './progress.js';
import { refreshActivePlan } from './refresh-plan.js';
import { ingestSummaryFiles } from './summaries.js';

export interface PlanState {
  plan: PlanRecord;
  tasks: ProgressTask[];
  actions: PendingActionRecord[];
  openActions: OpenAction[];
  nextStep: NextStep;
}

/**
 * Brings the ledger up to date with the files it watches (the plan, the SDD
 * ledger, task summaries), then reads the plan's state and asks
 * deriveNextStep what comes next. Every reader (Stop, SessionStart, status)
 * goes through here, so they all see the same thing.
 */
export async function loadPlanState(ledger: Ledger, opts: { now: string; config: Config; source: string; sessionId?: string | null }): Promise<PlanState | null> {
  const { plan: refreshed } = await refreshActivePlan(ledger, opts);
  if (refreshed) {
    ingestSddLedger(ledger, refreshed, opts);
    await ingestSummaryFiles(ledger, activePlan(ledger.db) ?? refreshed, opts);
  }
  return readPlanState(ledger);
}

/** The plan's state as the ledger holds it, with no file read: what any ingestion path has recorded. */
export function readPlanState(ledger: Ledger): PlanState | null {
  const plan = activePlan(ledger.db);
  if (!plan) return null;
  const tasks = loadProgressTasks(ledger.db, plan.id);
  const actions = pendingActions(ledger.db, plan.id);
  const openActions = actions.filter((a) => a.state === 'open').map(({ id, taskId, text }) => ({ id, taskId, text }));
  const nextStep = deriveNextStep({ tasks, openActions, replannedTaskIds: replannedTasks(ledger.db, plan.id) });
  return { plan, tasks, actions, openActions, nextStep };
}
