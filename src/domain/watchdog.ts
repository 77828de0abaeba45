/**
 * The subagent delivery watchdog (seed 002): did a dispatched child's result
 * reach the main conversation, and if not, what is the next recovery step?
 *
 * Pure: a run record and the current time in, an assessment out. No clock, no
 * I/O; `now` is always an argument. The decision table and the ladder are in
 * docs/watchdog.md. In one line: a result counts only once it has reached the
 * main conversation; until then the run is `active` while it is within its SLA
 * (and, for a finished child, within the forward grace), and after that it is a
 * failure the owner is told about, with the ladder
 * fetch_history → respawn → blocked (escalate) deciding the next step.
 */
import { instantMs } from './watchdog-time.js';
import { ownerReport, type ReportedStatus } from './watchdog-report.js';

export const WATCHDOG_STATUSES = [
  'active',
  'suspect_delivery_failure',
  'done_but_not_forwarded',
  'completed',
  'recovered',
  'blocked',
] as const;
export type WatchdogStatus = (typeof WATCHDOG_STATUSES)[number];

/** The rungs of the recovery ladder, in order. */
export const RECOVERY_STEPS = ['fetch_history', 'respawn'] as const;
export type RecoveryStep = (typeof RECOVERY_STEPS)[number];

export const RECOVERY_ACTIONS = ['none', 'fetch_history', 'respawn', 'escalate'] as const;
export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];

export const ATTEMPT_OUTCOMES = ['delivered', 'failed', 'pending'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * One recovery step that was taken. An attempt without an outcome is pending
 * until it times out: `timeoutAt` when given, else `at` + the policy's
 * attemptTimeoutSeconds. A timed-out attempt counts as failed.
 */
export interface RecoveryAttempt {
  action: RecoveryStep;
  /** ISO 8601 with a timezone. */
  at: string;
  outcome?: AttemptOutcome;
  /** ISO 8601 with a timezone: until when a pending attempt is waited for (a respawn: the re-dispatched run's own SLA). */
  timeoutAt?: string | null;
}

/**
 * One dispatched child run: the dispatch receipt, the completion receipt (all
 * three fields absent or null until a completion arrives), the child's own
 * done signal and the recovery attempts made so far.
 */
export interface WatchdogRun {
  // dispatch receipt
  runId: string;
  childSessionKey: string;
  /** ISO 8601 with a timezone. */
  dispatchAt: string;
  /** ISO 8601 with a timezone: when the result is due in the main conversation (the SLA). */
  expectedBy: string;
  // completion receipt
  completionReceivedAt?: string | null;
  /** True only when the completion reached the main conversation. */
  forwardedToMain?: boolean | null;
  /** Which path delivered the completion; `fetch_history` or `respawn` name a recovery. */
  resultSource?: string | null;
  // the child's own signal
  childDone: boolean;
  childDoneAt?: string | null;
  capturedResult?: string | null;
  recoveryAttempts: readonly RecoveryAttempt[];
}

export interface WatchdogPolicy {
  /**
   * How long a finished child's result may take to reach the main conversation
   * before the run counts as done_but_not_forwarded. Never extends the SLA.
   */
  forwardGraceSeconds: number;
  /**
   * How long a recovery attempt without an outcome is waited for before it
   * counts as failed, so the ladder moves on. Default 300.
   */
  attemptTimeoutSeconds?: number;
}

// The same defaults as the config keys watchdog.forwardGraceSeconds and watchdog.attemptTimeoutSeconds.
export const DEFAULT_ATTEMPT_TIMEOUT_SECONDS = 300;
export const DEFAULT_WATCHDOG_POLICY: Required<WatchdogPolicy> = { forwardGraceSeconds: 30, attemptTimeoutSeconds: DEFAULT_ATTEMPT_TIMEOUT_SECONDS };

/** Why a run has its status; one code per row of the decision table. */
export type AssessmentReason =
  | 'completion_forwarded'
  | 'recovery_delivered'
  | 'awaiting_completion'
  | 'forward_in_grace'
  | 'no_completion_after_sla'
  | 'result_not_forwarded'
  | 'recovery_exhausted';

export interface RunAssessment {
  runId: string;
  status: WatchdogStatus;
  recoveryAction: RecoveryAction;
  /** One factual paragraph for the owner when the run needs their attention; null otherwise. Never an instruction. */
  ownerReport: string | null;
  reason: AssessmentReason;
  /** Seconds since dispatch. */
  ageSeconds: number;
  /** Seconds past expectedBy; present only while the result has not reached the main conversation. */
  overdueSeconds?: number;
  /** Attempts that failed, timed-out ones included. */
  failedAttempts: number;
  /** Indexes (in recoveryAttempts) of the attempts that count as failed because they had no outcome by their timeout. */
  timedOutAttempts: number[];
  /** The attempt still awaiting an outcome within its timeout, if any; the ladder waits for it. */
  pendingAttempt: RecoveryStep | null;
}

/** `now` as epoch milliseconds, an ISO 8601 instant with a timezone, or a Date. */
export type Instant = number | string | Date;

/** Results that name a recovery step came back through that step. */
export function isRecoverySource(source: string | null | undefined): boolean {
  return source === 'fetch_history' || source === 'respawn';
}

export function assessRun(run: WatchdogRun, now: Instant, policy: WatchdogPolicy = DEFAULT_WATCHDOG_POLICY): RunAssessment {
  return assessAt(run, toEpochMs(now), graceMs(policy), attemptTimeoutMs(policy));
}

/** Assesses every run against one `now`; the order of the output is the order of the input. */
export function assessRuns(runs: readonly WatchdogRun[], now: Instant, policy: WatchdogPolicy = DEFAULT_WATCHDOG_POLICY): RunAssessment[] {
  const nowMs = toEpochMs(now);
  const grace = graceMs(policy);
  const timeout = attemptTimeoutMs(policy);
  const out = new Array<RunAssessment>(runs.length);
  for (let i = 0; i < runs.length; i++) out[i] = assessAt(runs[i]!, nowMs, grace, timeout);
  return out;
}

// ── the decision ──

interface Ladder {
  failed: number;
  timedOut: number[];
  pending: RecoveryStep | null;
  delivered: RecoveryStep | null;
}

function readLadder(run: WatchdogRun, nowMs: number, timeoutMs: number): Ladder {
  const attempts = run.recoveryAttempts;
  let failed = 0;
  const timedOut: number[] = [];
  let pending: RecoveryStep | null = null;
  let delivered: RecoveryStep | null = null;
  for (let i = 0; i < attempts.length; i++) {
    const a = attempts[i]!;
    if (a.outcome === 'failed') failed++;
    else if (a.outcome === 'delivered') delivered ??= a.action;
    else if (nowMs > attemptDeadlineMs(run, a, timeoutMs)) {
      // No outcome by its deadline: the attempt failed, or the ladder would wait on it forever.
      failed++;
      timedOut.push(i);
    } else pending = a.action;
  }
  return { failed, timedOut, pending, delivered };
}

/**
 * When a pending attempt stops being waited for: its own `timeoutAt`, else
 * `at` + the attempt timeout. Inclusive, like the SLA: at exactly the
 * deadline the attempt is still pending.
 */
export function attemptDeadlineMs(run: WatchdogRun, a: RecoveryAttempt, timeoutMs: number): number {
  if (a.timeoutAt != null) return instant(run, 'recoveryAttempts[].timeoutAt', a.timeoutAt);
  return instant(run, 'recoveryAttempts[].at', a.at) + timeoutMs;
}

/**
 * Zero failed attempts: fetch_history (reading the child's history duplicates
 * no work and tells a slow child from a lost result). One: respawn. A pending
 * attempt is waited for, but only until its timeout: after that it counts as
 * failed, so the ladder never stalls. Two or more failures never reach here (blocked).
 */
function nextStep(ladder: Ladder): RecoveryAction {
  if (ladder.pending !== null) return 'none';
  return ladder.failed === 0 ? 'fetch_history' : 'respawn';
}

/**
 * Precedence, top to bottom (docs/watchdog.md):
 *   1. the result reached the main conversation → completed / recovered
 *   2. two or more recovery attempts failed     → blocked, escalate
 *      (an attempt with no outcome by its timeout counts as failed)
 *   3. the child's result exists (childDone, or a completion that was not forwarded):
 *      within the SLA and the forward grace → active; else done_but_not_forwarded
 *   4. nothing known: within the SLA → active; after it → suspect_delivery_failure
 * "Within" is inclusive: at exactly expectedBy (or exactly the end of the grace)
 * the run is not yet late.
 */
function assessAt(run: WatchdogRun, nowMs: number, graceMs: number, timeoutMs: number): RunAssessment {
  const dispatchMs = instant(run, 'dispatchAt', run.dispatchAt);
  const ladder = readLadder(run, nowMs, timeoutMs);

  if ((run.completionReceivedAt != null && run.forwardedToMain === true) || ladder.delivered !== null) {
    const byRecovery = ladder.delivered !== null || isRecoverySource(run.resultSource);
    return {
      runId: run.runId,
      status: byRecovery ? 'recovered' : 'completed',
      recoveryAction: 'none',
      ownerReport: null,
      reason: byRecovery ? 'recovery_delivered' : 'completion_forwarded',
      ageSeconds: (nowMs - dispatchMs) / 1000,
      failedAttempts: ladder.failed,
      timedOutAttempts: ladder.timedOut,
      pendingAttempt: ladder.pending,
    };
  }

  const expectedMs = instant(run, 'expectedBy', run.expectedBy);
  const receivedMs = run.completionReceivedAt == null ? null : instant(run, 'completionReceivedAt', run.completionReceivedAt);
  const overdueMs = nowMs - expectedMs;
  const pastSla = overdueMs > 0;
  const childDoneMs = run.childDone && run.childDoneAt != null ? instant(run, 'childDoneAt', run.childDoneAt) : null;

  let status: WatchdogStatus;
  let recoveryAction: RecoveryAction = 'none';
  let reason: AssessmentReason;
  if (ladder.failed >= 2) {
    status = 'blocked';
    recoveryAction = 'escalate';
    reason = 'recovery_exhausted';
  } else if (run.childDone || receivedMs !== null) {
    // The result exists. Without a time for it, how long it has waited is unknown: the grace counts as spent.
    const since = earliest(childDoneMs, receivedMs);
    const waitedMs = since === null ? Infinity : nowMs - since;
    if (!pastSla && waitedMs <= graceMs) {
      status = 'active';
      reason = 'forward_in_grace';
    } else {
      status = 'done_but_not_forwarded';
      recoveryAction = nextStep(ladder);
      reason = 'result_not_forwarded';
    }
  } else if (!pastSla) {
    status = 'active';
    reason = 'awaiting_completion';
  } else {
    status = 'suspect_delivery_failure';
    recoveryAction = nextStep(ladder);
    reason = 'no_completion_after_sla';
  }

  const reported = status === 'suspect_delivery_failure' || status === 'done_but_not_forwarded' || status === 'blocked';
  const assessment: RunAssessment = {
    runId: run.runId,
    status,
    recoveryAction,
    ownerReport: reported
      ? ownerReport(status as ReportedStatus, {
          run,
          nowMs,
          dispatchMs,
          expectedMs,
          overdueMs: pastSla ? overdueMs : null,
          childDoneMs,
          receivedMs,
          failedAttempts: ladder.failed,
          timedOut: ladder.timedOut,
          attemptTimeoutMs: timeoutMs,
        })
      : null,
    reason,
    ageSeconds: (nowMs - dispatchMs) / 1000,
    failedAttempts: ladder.failed,
    timedOutAttempts: ladder.timedOut,
    pendingAttempt: ladder.pending,
  };
  if (pastSla) assessment.overdueSeconds = overdueMs / 1000;
  return assessment;
}

// ── idempotent completion ──

export interface CompletionReceipt {
  /** ISO 8601 with a timezone. */
  completionReceivedAt: string;
  /** True when this completion reached (or is being delivered to) the main conversation. */
  forwardedToMain: boolean;
  resultSource: string | null;
}

export type CompletionMerge =
  | { duplicate: false; run: WatchdogRun }
  | { duplicate: true; run: WatchdogRun; why: 'already_delivered' | 'already_received' };

/**
 * Records a completion on a run, at most once per run. A run whose result has
 * already reached the main conversation (a forwarded completion, or a recovery
 * attempt that delivered) keeps its receipt: any later completion — the late
 * original after a respawn, the respawn's after a late original, a replayed
 * event — is a duplicate and changes nothing. A completion that was received
 * but not forwarded may be superseded once by a forwarded one; a second
 * unforwarded one is a duplicate (the first keeps the grace clock).
 * The input run is never mutated; a duplicate returns it unchanged.
 * A caller forwards a result to the main conversation only when it is not a duplicate.
 */
export function mergeCompletion(run: WatchdogRun, completion: CompletionReceipt): CompletionMerge {
  if (isDelivered(run)) return { duplicate: true, run, why: 'already_delivered' };
  if (run.completionReceivedAt != null && !completion.forwardedToMain) return { duplicate: true, run, why: 'already_received' };
  return {
    duplicate: false,
    run: {
      ...run,
      completionReceivedAt: completion.completionReceivedAt,
      forwardedToMain: completion.forwardedToMain,
      resultSource: completion.resultSource,
    },
  };
}

/** True once the run's result has reached the main conversation, by any path. */
export function isDelivered(run: WatchdogRun): boolean {
  if (run.completionReceivedAt != null && run.forwardedToMain === true) return true;
  return run.recoveryAttempts.some((a) => a.outcome === 'delivered');
}

// ── time ──

function toEpochMs(now: Instant): number {
  const ms = typeof now === 'number' ? now : typeof now === 'string' ? instantMs(now) : now.getTime();
  if (ms === null || !Number.isFinite(ms)) throw new RangeError(`now: expected an ISO 8601 timestamp with a timezone or epoch milliseconds, received ${String(now)}`);
  return ms;
}

function attemptTimeoutMs(policy: WatchdogPolicy): number {
  const s = policy.attemptTimeoutSeconds ?? DEFAULT_ATTEMPT_TIMEOUT_SECONDS;
  if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) throw new RangeError(`attemptTimeoutSeconds: expected a non-negative number, received ${String(s)}`);
  return s * 1000;
}

function graceMs(policy: WatchdogPolicy): number {
  const s = policy.forwardGraceSeconds;
  if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) throw new RangeError(`forwardGraceSeconds: expected a non-negative number, received ${String(s)}`);
  return s * 1000;
}

/** Run records are validated at the boundary (watchdog-schema.ts); an unreadable time here is a caller's bug. */
function instant(run: WatchdogRun, field: string, text: string): number {
  const ms = instantMs(text);
  if (ms === null) throw new RangeError(`run ${run.runId}: ${field} is not an ISO 8601 timestamp with a timezone: ${JSON.stringify(text)}`);
  return ms;
}

function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}
