/**
 * What the watchdog does now for one run, at a hook point of the main
 * conversation (seed 002). Pure: the run's record, a few facts the adapter
 * read (is the child still running, what brief would a respawn re-dispatch,
 * what has the user already been told) and `now` in; the steps to take, the
 * recovery attempts to record and the run as it will be afterwards out.
 *
 * The order of things, for a run whose result has not reached the main
 * conversation:
 *   1. a pending attempt that can no longer deliver is resolved as failed: a
 *      respawn whose re-dispatch ended blocked, and any attempt with no outcome
 *      by its timeout (policy.attemptTimeoutSeconds after it was made; for a
 *      respawn that was dispatched again, the re-dispatched run's own SLA);
 *   2. a captured result (the child's final message) that is past the forward
 *      grace, or past the SLA, is delivered: a `fetch_history` attempt with
 *      outcome `delivered`, and a completion forwarded through `fetch_history`
 *      (mergeCompletion keeps this at most once per run);
 *   3. with nothing captured, the ladder of assessRun decides: `fetch_history`
 *      finds nothing (recorded as failed) and the respawn follows at once;
 *      a respawn is the same brief dispatched again (recorded pending), or
 *      fails at once when the brief is not on record, or when the run is
 *      itself a re-dispatch (its origin's ladder already spent that rung, and
 *      a chain of re-dispatches would never end). A child known to be
 *      still running is not respawned: it is slow, not lost;
 *   4. a run whose ladder is exhausted (`blocked`) is escalated to the user once.
 * A result that already reached the main conversation is never touched: the
 * ladder ends at delivery, by whatever path.
 */
import { describeDuration } from './watchdog-report.js';
import { instantMs } from './watchdog-time.js';
import { assessRun, DEFAULT_ATTEMPT_TIMEOUT_SECONDS, isDelivered, isRecoverySource, mergeCompletion, type CompletionReceipt, type RecoveryAttempt, type RunAssessment, type WatchdogPolicy, type WatchdogRun } from './watchdog.js';

export interface RecoveryFacts {
  run: WatchdogRun;
  /** The dispatch brief (the prompt): what a respawn dispatches again. Null when not on record. */
  brief: string | null;
  /** The child is known to be still working (e.g. Claude Code lists it as a running background task). */
  childRunning: boolean;
  /** The run dispatched for this run's pending respawn, if one was linked, and whether its own ladder is exhausted. */
  respawnedAs: { runId: string; blocked: boolean } | null;
  /** The run this run re-dispatches (this run is a respawn), or null. */
  respawnOf?: string | null;
  /** An escalation was already recorded for this run. */
  escalated: boolean;
  /** The notice key the user was last told about (see noticeKey), or null. */
  notified: string | null;
}

export interface RecoveryContext {
  /** ISO 8601 with a timezone: when the attempts are recorded. */
  now: string;
  policy: WatchdogPolicy;
  /** This hook point can put words in front of the agent (false: a Stop the user paused). */
  canAct: boolean;
  /** This hook point can tell the user (a systemMessage at Stop or UserPromptSubmit). */
  userVisible: boolean;
}

export type RecoveryStep =
  | { kind: 'deliver'; result: string }
  | { kind: 'respawn'; brief: string }
  | { kind: 'escalate' };

/** `detail` says in a few words why the attempt has its outcome; it is kept with the attempt. */
export type AttemptChange =
  | { op: 'insert'; attempt: RecoveryAttempt & { outcome: 'delivered' | 'failed' | 'pending' }; detail: string }
  | { op: 'resolve'; index: number; outcome: 'delivered' | 'failed'; detail: string };

export interface RecoveryPlan {
  runId: string;
  /** The run with the changes applied. */
  run: WatchdogRun;
  /** assessRun of the run after the changes. */
  assessment: RunAssessment;
  /** Attempts to record, in order; `resolve` indexes the input run's recoveryAttempts. */
  changes: AttemptChange[];
  steps: RecoveryStep[];
  /** The completion this plan records (a delivery), or null. */
  completion: CompletionReceipt | null;
  /** The notice the user gets now (its key is recorded as told), or null. */
  notice: string | null;
}

export function planRecovery(f: RecoveryFacts, ctx: RecoveryContext): RecoveryPlan {
  const nowMs = instantMs(ctx.now);
  if (nowMs === null) throw new RangeError(`now: expected an ISO 8601 timestamp with a timezone, received ${JSON.stringify(ctx.now)}`);
  let run = f.run;
  const changes: AttemptChange[] = [];
  const steps: RecoveryStep[] = [];
  let completion: CompletionReceipt | null = null;

  if (!isDelivered(run)) {
    // 1. Pending attempts that cannot deliver any more have failed.
    const timedOut = new Set(assessRun(run, nowMs, ctx.policy).timedOutAttempts);
    const pendingRespawn = lastPendingRespawn(run.recoveryAttempts);
    const resolved: AttemptChange[] = [];
    run.recoveryAttempts.forEach((attempt, i) => {
      const detail =
        i === pendingRespawn && f.respawnedAs?.blocked
          ? `the re-dispatched run ${f.respawnedAs.runId} is blocked`
          : timedOut.has(i)
            ? timeoutDetail(f, attempt, ctx.policy)
            : null;
      if (detail !== null) resolved.push({ op: 'resolve', index: i, outcome: 'failed', detail });
    });
    if (resolved.length) {
      const failed = new Set(resolved.map((c) => (c.op === 'resolve' ? c.index : -1)));
      run = withAttempts(run, run.recoveryAttempts.map((a, i) => (failed.has(i) ? { ...a, outcome: 'failed' as const } : a)));
      changes.push(...resolved);
    }

    let a = assessRun(run, nowMs, ctx.policy);
    const captured = typeof run.capturedResult === 'string' && run.capturedResult.trim() !== '' ? run.capturedResult : null;
    if (ctx.canAct && captured !== null && (a.status === 'done_but_not_forwarded' || a.status === 'blocked')) {
      // 2. The result exists and did not bounce back: deliver it.
      completion = { completionReceivedAt: ctx.now, forwardedToMain: true, resultSource: 'fetch_history' };
      run = mergeCompletion(run, completion).run;
      const attempt = { action: 'fetch_history' as const, at: ctx.now, outcome: 'delivered' as const };
      run = withAttempts(run, [...run.recoveryAttempts, attempt]);
      changes.push({ op: 'insert', attempt, detail: 'the captured final message was delivered to the main conversation' });
      steps.push({ kind: 'deliver', result: captured });
    } else if (ctx.canAct && (a.recoveryAction === 'fetch_history' || a.recoveryAction === 'respawn') && !f.childRunning) {
      // 3. Nothing to deliver: the ladder.
      const added: AttemptChange[] = [];
      if (a.recoveryAction === 'fetch_history') {
        const why = run.childDone ? 'the child reported done without a final message on record' : 'the child has not reported done and no result is on record';
        added.push({ op: 'insert', attempt: { action: 'fetch_history', at: ctx.now, outcome: 'failed' }, detail: why });
      }
      if (f.respawnOf != null) {
        added.push({ op: 'insert', attempt: { action: 'respawn', at: ctx.now, outcome: 'failed' }, detail: `the run is itself the re-dispatch of ${f.respawnOf}, so its brief is not dispatched a third time` });
      } else if (f.brief !== null && f.brief.trim() !== '') {
        added.push({ op: 'insert', attempt: { action: 'respawn', at: ctx.now, outcome: 'pending' }, detail: 'the same brief is to be dispatched again' });
        steps.push({ kind: 'respawn', brief: f.brief });
      } else {
        added.push({ op: 'insert', attempt: { action: 'respawn', at: ctx.now, outcome: 'failed' }, detail: 'the brief is not on record, so the run cannot be dispatched again' });
      }
      run = withAttempts(run, [...run.recoveryAttempts, ...added.map((c) => (c.op === 'insert' ? c.attempt : null)).filter((x): x is NonNullable<typeof x> => x !== null)]);
      changes.push(...added);
    }

    // 4. An exhausted ladder is escalated to the user, once.
    a = assessRun(run, nowMs, ctx.policy);
    if (a.status === 'blocked' && ctx.userVisible && !f.escalated) steps.push({ kind: 'escalate' });
  }

  const assessment = assessRun(run, nowMs, ctx.policy);
  const key = noticeKey(assessment, run, f.childRunning);
  return { runId: run.runId, run, assessment, changes, steps, completion, notice: ctx.userVisible && key !== null && key !== f.notified ? key : null };
}

/**
 * What the user has been told about a run, as a key: a new key means there is
 * something new to tell. Null: nothing to tell (in time, or delivered by the
 * normal path). Terminal states have one key each; a late run's key changes
 * with every recovery attempt and outcome, and when its child is seen running.
 */
export function noticeKey(a: RunAssessment, run: WatchdogRun, childRunning: boolean): string | null {
  if (a.status === 'completed' || a.status === 'active') return null;
  if (a.status === 'recovered' || a.status === 'blocked') return a.status;
  const ladder = run.recoveryAttempts.map((x, i) => `${x.action === 'fetch_history' ? 'f' : 'r'}${a.timedOutAttempts.includes(i) ? 't' : (x.outcome ?? 'pending')[0]}`).join('');
  return `${a.status}:${ladder}${childRunning ? ':running' : ''}`;
}

export type ClosedAs = 'completed' | 'recovered' | 'blocked';

/**
 * Whether the run is finished for the watchdog: its result reached the main
 * conversation (completed, or recovered by a recovery path), or its ladder is
 * exhausted with nothing left to deliver (blocked). Null: still open. A blocked
 * run that holds a captured result is open: the result can still be delivered.
 */
export function closedAs(run: WatchdogRun): ClosedAs | null {
  if (isDelivered(run)) {
    return run.recoveryAttempts.some((a) => a.outcome === 'delivered') || isRecoverySource(run.resultSource) ? 'recovered' : 'completed';
  }
  const failed = run.recoveryAttempts.filter((a) => a.outcome === 'failed').length;
  const captured = typeof run.capturedResult === 'string' && run.capturedResult.trim() !== '';
  return failed >= 2 && !captured ? 'blocked' : null;
}

/**
 * A re-dispatched run delivered its result: the original run's pending
 * respawn delivered, and the original counts as recovered through `respawn`.
 * Null when the original's result had already reached the main conversation
 * (its late original, say): nothing changes then.
 */
export function settleRespawn(origin: WatchdogRun, at: string): { run: WatchdogRun; resolveIndex: number | null } | null {
  const merged = mergeCompletion(origin, { completionReceivedAt: at, forwardedToMain: true, resultSource: 'respawn' });
  if (merged.duplicate) return null;
  const idx = lastPendingRespawn(origin.recoveryAttempts);
  const attempts = idx < 0 ? merged.run.recoveryAttempts : merged.run.recoveryAttempts.map((a, i) => (i === idx ? { ...a, outcome: 'delivered' as const } : a));
  return { run: withAttempts(merged.run, attempts), resolveIndex: idx < 0 ? null : idx };
}

/** The run's SLA window (expectedBy − dispatchAt) in seconds. */
export function slaWindowSeconds(run: WatchdogRun): number {
  return ((instantMs(run.expectedBy) ?? 0) - (instantMs(run.dispatchAt) ?? 0)) / 1000;
}

/** Why a timed-out attempt failed, in a few words. */
function timeoutDetail(f: RecoveryFacts, attempt: RecoveryAttempt, policy: WatchdogPolicy): string {
  if (attempt.action === 'respawn' && f.respawnedAs && attempt.timeoutAt != null) return `the re-dispatched run ${f.respawnedAs.runId} did not deliver within its SLA`;
  const waited = attempt.timeoutAt != null ? ((instantMs(attempt.timeoutAt) ?? 0) - (instantMs(attempt.at) ?? 0)) / 1000 : (policy.attemptTimeoutSeconds ?? DEFAULT_ATTEMPT_TIMEOUT_SECONDS);
  const span = describeDuration(waited);
  if (attempt.action === 'fetch_history') return `no outcome within ${span}`;
  return f.respawnedAs ? `the re-dispatched run ${f.respawnedAs.runId} did not deliver within ${span}` : `the brief was not dispatched again within ${span}`;
}

function lastPendingRespawn(attempts: readonly RecoveryAttempt[]): number {
  for (let i = attempts.length - 1; i >= 0; i--) {
    const a = attempts[i]!;
    if (a.action === 'respawn' && (a.outcome === undefined || a.outcome === 'pending')) return i;
  }
  return -1;
}

function withAttempts(run: WatchdogRun, recoveryAttempts: readonly RecoveryAttempt[]): WatchdogRun {
  return { ...run, recoveryAttempts };
}
