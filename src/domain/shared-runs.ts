/**
 * Subagent runs across machines: what another machine's view of a run changes
 * here. Pure: the run as this machine holds it (or null) and the other's
 * snapshot in, the writes out.
 *
 * A run is known everywhere by the machine that dispatched it and its id
 * there. Its states merge monotonically, so every machine ends with the same
 * run whatever order the snapshots arrive in, and a snapshot taken in twice
 * changes nothing:
 *
 * - closed beats open; between closures, completed > recovered > blocked (a
 *   delivered result is evidence, a block is only the ladder giving up);
 * - a receipt (the child done, the result received, forwarded) once recorded
 *   anywhere stays recorded;
 * - recovery attempts are the union, one per action and time; an attempt's
 *   outcome moves from pending to delivered or failed, never back.
 *
 * The recovery happens once: a machine whose snapshot carries a recovery
 * attempt this machine did not make has taken the run up, so this machine
 * stops answering for it (its `attention` is cleared) unless it has an attempt
 * of its own made later. The last to step in answers for the run.
 */

export type Closed = 'completed' | 'recovered' | 'blocked';

export interface RunAttemptView {
  action: string;
  at: string;
  outcome: string;
  resolvedAt: string | null;
  channel: string;
  detail: string | null;
}

export interface RunSnapshot {
  /** The machine that dispatched the run and the run's id there. */
  origin: { machine: string; runId: string };
  sessionId: string | null;
  childSessionKey: string | null;
  agentType: string | null;
  description: string | null;
  brief: string | null;
  background: boolean;
  dispatchAt: string;
  expectedBy: string;
  startedAt: string | null;
  childDone: boolean;
  childDoneAt: string | null;
  capturedResult: string | null;
  completionReceivedAt: string | null;
  forwardedToMain: boolean | null;
  resultSource: string | null;
  closedAs: Closed | null;
  attempts: RunAttemptView[];
}

export interface RunHere {
  childDone: boolean;
  childDoneAt: string | null;
  capturedResult: string | null;
  completionReceivedAt: string | null;
  forwardedToMain: boolean | null;
  resultSource: string | null;
  startedAt: string | null;
  closedAs: Closed | null;
  attention: boolean;
  attempts: readonly RunAttemptView[];
}

export type RunMerge =
  | { take: 'insert'; snapshot: RunSnapshot; attention: boolean }
  | {
      take: 'patch';
      patch: Partial<Pick<RunHere, 'childDone' | 'childDoneAt' | 'capturedResult' | 'completionReceivedAt' | 'forwardedToMain' | 'resultSource' | 'startedAt' | 'closedAs' | 'attention'>>;
      addAttempts: RunAttemptView[];
      resolveAttempts: { action: string; at: string; outcome: string; resolvedAt: string | null }[];
    }
  | { take: 'nothing' };

const RANK: Record<Closed, number> = { blocked: 1, recovered: 2, completed: 3 };

export function closedMerge(a: Closed | null, b: Closed | null): Closed | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[b] > RANK[a] ? b : a;
}

const attemptKey = (a: Pick<RunAttemptView, 'action' | 'at'>) => `${a.action}\n${a.at}`;

/** What the other machine's snapshot of a run changes here. */
export function mergeRun(here: RunHere | null, there: RunSnapshot): RunMerge {
  if (!here) {
    // A run first seen here open is one this machine may be handed (its session there gone); one already closed there is owed nothing here.
    return { take: 'insert', snapshot: there, attention: there.closedAs === null };
  }
  const patch: Extract<RunMerge, { take: 'patch' }>['patch'] = {};
  if (there.childDone && !here.childDone) {
    patch.childDone = true;
    patch.childDoneAt = here.childDoneAt ?? there.childDoneAt;
  }
  if (here.capturedResult === null && there.capturedResult !== null) patch.capturedResult = there.capturedResult;
  if (here.completionReceivedAt === null && there.completionReceivedAt !== null) {
    patch.completionReceivedAt = there.completionReceivedAt;
    patch.resultSource = here.resultSource ?? there.resultSource;
  }
  if (there.forwardedToMain === true && here.forwardedToMain !== true) patch.forwardedToMain = true;
  if (here.startedAt === null && there.startedAt !== null) patch.startedAt = there.startedAt;
  const closed = closedMerge(here.closedAs, there.closedAs);
  if (closed !== here.closedAs) patch.closedAs = closed;

  const mine = new Map(here.attempts.map((a) => [attemptKey(a), a]));
  const addAttempts = there.attempts.filter((a) => !mine.has(attemptKey(a)));
  const resolveAttempts = there.attempts
    .filter((a) => a.outcome !== 'pending' && mine.get(attemptKey(a))?.outcome === 'pending')
    .map((a) => ({ action: a.action, at: a.at, outcome: a.outcome, resolvedAt: a.resolvedAt }));

  // The run closed elsewhere: its notice is owed where it closed. Taken up elsewhere after this machine's last attempt: answered for there.
  const lastMine = here.attempts.reduce<string | null>((m, a) => (m === null || a.at > m ? a.at : m), null);
  const takenUpThere = addAttempts.some((a) => lastMine === null || a.at > lastMine);
  if (here.attention && ((closed !== null && here.closedAs === null) || takenUpThere)) patch.attention = false;

  if (!Object.keys(patch).length && !addAttempts.length && !resolveAttempts.length) return { take: 'nothing' };
  return { take: 'patch', patch, addAttempts, resolveAttempts };
}

/** The snapshots a record carries (pushed with the event that changed the runs), well formed only. */
export function runSnapshotsOf(input: unknown): RunSnapshot[] {
  const runs = (input as { sharedRuns?: unknown } | null)?.sharedRuns;
  if (!Array.isArray(runs)) return [];
  return (runs as unknown[]).filter(isSnapshot);
}

function isSnapshot(v: unknown): v is RunSnapshot {
  const s = v as Partial<RunSnapshot> | null;
  return (
    !!s &&
    typeof s.origin?.machine === 'string' &&
    typeof s.origin.runId === 'string' &&
    typeof s.dispatchAt === 'string' &&
    typeof s.expectedBy === 'string' &&
    (s.closedAs === null || (typeof s.closedAs === 'string' && s.closedAs in RANK)) &&
    Array.isArray(s.attempts) &&
    s.attempts.every((a) => !!a && typeof a.action === 'string' && typeof a.at === 'string' && typeof a.outcome === 'string')
  );
}
