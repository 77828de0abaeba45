import { planProgress, type PlanProgress } from '../domain/progress.js';
import type { NextStep } from '../domain/next-step.js';
import { countEvents, recentEvents, type EventRecord } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import type { PendingActionRecord } from '../ledger/pending-actions.js';
import { recentViolations } from '../ledger/sessions.js';
import { loadPlanView, type PlanView } from './plan-view.js';
import { readPlanState } from './plan-state.js';
import type { Config } from '../config/schema.js';
import { DEFAULT_WATCHDOG_POLICY } from '../domain/watchdog.js';
import { policyOf, runViews, type RunView } from './watchdog-runs.js';

/** The whole picture `status` shows, as data (`status --json` prints it as is). */
export interface Snapshot {
  enabled: true;
  root: string;
  ledger: { path: string; driver: string; events: number };
  plan: PlanView | null;
  progress: PlanProgress | null;
  nextStep: NextStepView | null;
  pendingActions: PendingActionRecord[];
  /** Subagent runs, newest first, with their watchdog status and age (docs/watchdog.md). */
  runs: RunView[];
  recentViolations: ReturnType<typeof recentViolations>;
  recentEvents: Pick<EventRecord, 'id' | 'at' | 'kind' | 'sessionId' | 'decision'>[];
}

/** deriveNextStep's answer without the internals: what kind of step, and the tasks and actions it names. */
export type NextStepView = { kind: NextStep['kind']; taskId?: string; fromTaskId?: string | null; actionIds?: string[] };

export function takeSnapshot(ledger: Ledger, opts: { now?: string; config?: Config } = {}): Snapshot {
  const plan = loadPlanView(ledger);
  const state = readPlanState(ledger);
  return {
    enabled: true,
    root: ledger.root,
    ledger: { path: ledger.path, driver: ledger.driver, events: countEvents(ledger.db) },
    plan,
    progress: state ? planProgress(state.tasks) : null,
    nextStep: state ? viewStep(state.nextStep) : null,
    pendingActions: state?.actions ?? [],
    runs: runViews(ledger.db, { nowMs: Date.parse(opts.now ?? new Date().toISOString()), policy: opts.config ? policyOf(opts.config) : DEFAULT_WATCHDOG_POLICY }),
    recentViolations: recentViolations(ledger.db, 5),
    recentEvents: recentEvents(ledger.db, { limit: 8 }).map(({ id, at, kind, sessionId, decision }) => ({ id, at, kind, sessionId, decision })),
  };
}

function viewStep(s: NextStep): NextStepView {
  switch (s.kind) {
    case 'blocked':
    case 'in_progress':
      return { kind: s.kind, taskId: s.task.id };
    case 'replan':
      return { kind: s.kind, fromTaskId: s.from.id, actionIds: s.actions.map((a) => a.id) };
    case 'next_task':
      return { kind: s.kind, taskId: s.next.id, fromTaskId: s.from?.id ?? null };
    case 'no_next_task':
      return { kind: s.kind, fromTaskId: s.from.id };
    default:
      return { kind: s.kind };
  }
}
