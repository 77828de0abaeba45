import { join } from 'node:path';
import { planProgress, type PlanProgress } from '../domain/progress.js';
import type { NextStep } from '../domain/next-step.js';
import { countStopBlocks, countViolations, recentStopBlocks, type StopBlockRecord } from '../ledger/audit-query.js';
import { countEvents, recentEvents, type EventRecord } from '../ledger/events.js';
import { LEDGER_DIR, type Ledger } from '../ledger/ledger.js';
import { countSpooled, spooledViolations } from '../ledger/spool.js';
import type { PendingActionRecord } from '../ledger/pending-actions.js';
import { recentViolations } from '../ledger/sessions.js';
import { sessionsByClient, type ClientSessions } from '../ledger/who.js';
import type { ClientGuard } from '../domain/client-guard.js';
import { loadPlanView, type PlanView } from './plan-view.js';
import { readPlanState } from './plan-state.js';
import type { Config } from '../config/schema.js';
import { DEFAULT_WATCHDOG_POLICY } from '../domain/watchdog.js';
import { policyOf, runViews, type RunView } from './watchdog-runs.js';

/** The whole picture `status` shows, as data (`status --json` prints it as is; docs/status-and-log.md). */
export interface Snapshot {
  enabled: true;
  root: string;
  /** The instant the picture was taken: run ages and statuses are as of then. */
  takenAt: string;
  /** `spooled`: events recorded in the spool and not yet moved into the events table (counted in `events` once moved). */
  ledger: { path: string; driver: string; events: number; spooled: number };
  plan: PlanView | null;
  progress: ProgressView | null;
  nextStep: NextStepView | null;
  pendingActions: PendingActionRecord[];
  /** Subagent runs, newest first, with their watchdog status and age (docs/watchdog.md). */
  runs: RunView[];
  recentViolations: ReturnType<typeof recentViolations>;
  /** The Stop gate's latest blocks (and stops let go after the block limit), newest first. */
  recentStopBlocks: StopBlockRecord[];
  totals: { violations: number; stopBlocks: number };
  recentEvents: Pick<EventRecord, 'id' | 'at' | 'kind' | 'sessionId' | 'decision'>[];
  /** The sessions the ledger has events of, by agent client (`unknown`: a command whose client could not be told). */
  sessions: ClientSessions[];
  /** Claude Code's layer (src/install/wall-status.ts), read from its settings by `status`, absent where nobody asked; `guard` has every client's. */
  wall?: { level: 'structural' | 'hooks-only'; summary: string; gaps: string[] };
  /** The layer in force for each agent client wired here, one per client (src/install/client-guards.ts); empty when none is wired. */
  guard?: ClientGuard[];
  /** Files that run at the person's next git or package command, changed in a recorded session (src/app/runs-later.ts), absent where nobody asked. */
  runsLater?: RunsLaterView[];
  /** The exchange with the team's shared ledger (src/app/shared-status.ts), in a project that shares one. */
  shared?: import('./shared-status.js').SharedStatus;
}

/** A part that runs later, changed in a session: when it runs, and the session (`latest`: the last one recorded). */
export interface RunsLaterView {
  path: string;
  part: string | null;
  when: string;
  new: boolean;
  sessionId: string;
  since: string;
  latest: boolean;
}

/** The plan's progress with every task state counted (complete + inProgress + blocked + pending = total). */
export type ProgressView = PlanProgress & { inProgress: number; pending: number };

/** deriveNextStep's answer without the internals: what kind of step, and the tasks and actions it names. */
export type NextStepView = { kind: NextStep['kind']; taskId?: string; fromTaskId?: string | null; actionIds?: string[] };

/**
 * Reads the picture. The reads run in one read transaction, so a frame never
 * mixes states from before and after a hook's commit; in WAL mode a reader
 * blocks no writer, and the transaction ends before this returns.
 */
export function takeSnapshot(ledger: Ledger, opts: { now?: string; config?: Config } = {}): Snapshot {
  const now = opts.now ?? new Date().toISOString();
  ledger.db.exec('BEGIN');
  try {
    return readSnapshot(ledger, now, opts.config);
  } finally {
    ledger.db.exec('COMMIT');
  }
}

function readSnapshot(ledger: Ledger, now: string, config: Config | undefined): Snapshot {
  const plan = loadPlanView(ledger);
  const state = readPlanState(ledger);
  // Denials judged from the hot state wait in the spool until the next command moves them: shown now.
  const waiting = spooledViolations(join(ledger.root, LEDGER_DIR));
  const violations = [...waiting, ...recentViolations(ledger.db, 5)].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, 5);
  return {
    enabled: true,
    root: ledger.root,
    takenAt: now,
    ledger: { path: ledger.path, driver: ledger.driver, events: countEvents(ledger.db), spooled: countSpooled(join(ledger.root, LEDGER_DIR)) },
    plan,
    progress: state ? progressView(state.tasks) : null,
    nextStep: state ? viewStep(state.nextStep) : null,
    pendingActions: state?.actions ?? [],
    runs: runViews(ledger.db, { nowMs: Date.parse(now), policy: config ? policyOf(config) : DEFAULT_WATCHDOG_POLICY }),
    recentViolations: violations,
    recentStopBlocks: recentStopBlocks(ledger.db, 5),
    totals: { violations: countViolations(ledger.db) + waiting.length, stopBlocks: countStopBlocks(ledger.db) },
    recentEvents: recentEvents(ledger.db, { limit: 8 }).map(({ id, at, kind, sessionId, decision }) => ({ id, at, kind, sessionId, decision })),
    sessions: sessionsByClient(ledger.db),
  };
}

function progressView(tasks: Parameters<typeof planProgress>[0]): ProgressView {
  const of = (state: string) => tasks.filter((t) => t.state === state).length;
  return { ...planProgress(tasks), inProgress: of('in_progress'), pending: of('pending') };
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
