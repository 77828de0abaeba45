import { countEvents, recentEvents, type EventRecord } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { planProgress, type PlanProgress } from '../domain/progress.js';
import { loadPlanView, type PlanView } from './plan-view.js';
import { loadProgressTasks } from './progress.js';
import { recentViolations } from '../ledger/sessions.js';

/** The whole picture `status` shows, as data (`status --json` prints it as is). */
export interface Snapshot {
  enabled: true;
  root: string;
  ledger: { path: string; driver: string; events: number };
  plan: PlanView | null;
  progress: PlanProgress | null;
  pendingActions: unknown[];
  runs: unknown[];
  recentViolations: ReturnType<typeof recentViolations>;
  recentEvents: Pick<EventRecord, 'id' | 'at' | 'kind' | 'sessionId' | 'decision'>[];
}

export function takeSnapshot(ledger: Ledger): Snapshot {
  const plan = loadPlanView(ledger);
  return {
    enabled: true,
    root: ledger.root,
    ledger: { path: ledger.path, driver: ledger.driver, events: countEvents(ledger.db) },
    plan,
    progress: plan ? planProgress(loadProgressTasks(ledger.db, plan.id)) : null,
    pendingActions: [],
    runs: [],
    recentViolations: recentViolations(ledger.db, 5),
    recentEvents: recentEvents(ledger.db, { limit: 8 }).map(({ id, at, kind, sessionId, decision }) => ({ id, at, kind, sessionId, decision })),
  };
}
