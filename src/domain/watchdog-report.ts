/**
 * The owner report: what the owner reads when a run's result has not reached
 * the main conversation after its SLA (or after the forward grace of a finished
 * child), or when recovery is exhausted. Facts only — the run, its age, its
 * SLA, what is known about the child and every recovery attempt with its
 * outcome — never an instruction: the recovery decision is `recoveryAction`,
 * and the owner decides what to do with the facts.
 *
 *   Run r-7 (child agent:ab12) was dispatched 22 min ago, expected within 15 min
 *   (7 min overdue); no completion has reached the main conversation and the
 *   child has not reported done. History fetch attempted 3 min ago: no result.
 */
import type { RecoveryAttempt, WatchdogRun } from './watchdog.js';
import { instantMs } from './watchdog-time.js';

export type ReportedStatus = 'suspect_delivery_failure' | 'done_but_not_forwarded' | 'blocked';

export interface ReportFacts {
  run: WatchdogRun;
  nowMs: number;
  dispatchMs: number;
  expectedMs: number;
  /** Milliseconds past expectedBy, or null within the SLA. */
  overdueMs: number | null;
  childDoneMs: number | null;
  receivedMs: number | null;
  failedAttempts: number;
  /** Indexes of the attempts that count as failed because they had no outcome by their timeout. */
  timedOut: readonly number[];
  attemptTimeoutMs: number;
}

const STEP_LABEL = { fetch_history: 'History fetch', respawn: 'Respawn' } as const;

export function ownerReport(status: ReportedStatus, f: ReportFacts): string {
  const { run } = f;
  let text =
    `Run ${run.runId} (child ${run.childSessionKey}) was dispatched ${ago(f.nowMs - f.dispatchMs)}, ` +
    `expected within ${describeDuration((f.expectedMs - f.dispatchMs) / 1000)}` +
    (f.overdueMs === null ? '' : ` (${describeDuration(f.overdueMs / 1000)} overdue)`) +
    `; ${childFact(f)}.`;
  const captured = run.capturedResult;
  if (typeof captured === 'string' && captured !== '') text += ` A captured result of ${captured.length} characters is on record.`;
  text += attemptFacts(f);
  if (status === 'blocked') {
    const timedOut = f.timedOut.length ? ` (${f.timedOut.length} timed out)` : '';
    text += ` ${f.failedAttempts} recovery attempts have failed${timedOut}; the run is blocked.`;
  }
  return text;
}

/** What is known about the child's result; the clause after the semicolon. */
function childFact(f: ReportFacts): string {
  if (f.receivedMs !== null) {
    return `a completion was received ${ago(f.nowMs - f.receivedMs)} but has not been forwarded to the main conversation`;
  }
  if (f.run.childDone) {
    const when = f.childDoneMs === null ? '' : ` ${ago(f.nowMs - f.childDoneMs)}`;
    return `the child reported done${when}, but its result did not bounce back to the main conversation`;
  }
  return 'no completion has reached the main conversation and the child has not reported done';
}

/** One sentence per attempt, oldest first (equal times keep their recorded order), each after a space. */
function attemptFacts(f: ReportFacts): string {
  const attempts = f.run.recoveryAttempts;
  const nowMs = f.nowMs;
  const n = attempts.length;
  if (n === 0) return '';
  const times = new Array<number>(n);
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    times[i] = instantMs(attempts[i]!.at) ?? Number.NaN;
    order[i] = i;
  }
  // Insertion sort: the list is short and usually already in order. Unreadable times stay in place.
  for (let i = 1; i < n; i++) {
    const k = order[i]!;
    let j = i - 1;
    while (j >= 0 && times[order[j]!]! > times[k]!) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = k;
  }
  let text = '';
  for (let i = 0; i < n; i++) {
    const a = attempts[order[i]!]!;
    const ms = times[order[i]!]!;
    const outcome =
      a.outcome === 'failed' ? 'no result' : a.outcome === 'delivered' ? 'delivered' : f.timedOut.includes(order[i]!) ? timedOutFact(a, ms, f.attemptTimeoutMs) : 'no outcome yet';
    text += ` ${STEP_LABEL[a.action]} attempted ${Number.isNaN(ms) ? `at ${a.at}` : ago(nowMs - ms)}: ${outcome}.`;
  }
  return text;
}

/** How long the attempt was waited for: its own deadline when it has one, else the attempt timeout. */
function timedOutFact(a: RecoveryAttempt, atMs: number, timeoutMs: number): string {
  const deadline = a.timeoutAt != null ? instantMs(a.timeoutAt) : null;
  const waitedMs = deadline !== null && !Number.isNaN(atMs) ? deadline - atMs : timeoutMs;
  return `no outcome within ${describeDuration(waitedMs / 1000)}, timed out`;
}

function ago(ms: number): string {
  return ms < 1000 ? 'just now' : `${describeDuration(ms / 1000)} ago`;
}

/** "45 s", "22 min", "3 h 5 min", "2 d 4 h": whole units, rounded down. */
export function describeDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
