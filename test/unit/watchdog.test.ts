/**
 * The delivery watchdog's rules (seed 002): one test per seed scenario, plus
 * the boundaries, the ladder and idempotent completion. Time is an argument.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  assessRun,
  assessRuns,
  isDelivered,
  mergeCompletion,
  type RecoveryAttempt,
  type RunAssessment,
  type WatchdogRun,
} from '../../src/domain/watchdog.js';
import { describeDuration } from '../../src/domain/watchdog-report.js';

// Dispatched at 10:00, due in the main conversation by 10:15 (a 15-minute SLA).
const DISPATCH = '2026-04-24T10:00:00Z';
const EXPECTED_BY = '2026-04-24T10:15:00Z';
const POLICY = { forwardGraceSeconds: 60 };

/** A dispatched run with nothing back yet. */
function dispatched(overrides: Partial<WatchdogRun> = {}): WatchdogRun {
  return {
    runId: 'r-7',
    childSessionKey: 'agent:ab12',
    dispatchAt: DISPATCH,
    expectedBy: EXPECTED_BY,
    completionReceivedAt: null,
    forwardedToMain: false,
    resultSource: null,
    childDone: false,
    recoveryAttempts: [],
    ...overrides,
  };
}

function at(hhmmss: string): string {
  return `2026-04-24T${hhmmss}Z`;
}

function attempt(action: RecoveryAttempt['action'], when: string, outcome?: RecoveryAttempt['outcome']): RecoveryAttempt {
  return outcome === undefined ? { action, at: at(when) } : { action, at: at(when), outcome };
}

function assess(run: WatchdogRun, now: string): RunAssessment {
  return assessRun(run, at(now), POLICY);
}

/** Owner reports state facts; they never tell anyone what to do. */
function assertFactual(report: string): void {
  assert.doesNotMatch(report, /\b(please|should|must|need to|try|make sure|do not|don't)\b/i, report);
}

describe('watchdog: the seed scenarios', () => {
  it('normal completion: a completion forwarded to the main conversation → completed, nothing to do', () => {
    const run = dispatched({ completionReceivedAt: at('10:09:00'), forwardedToMain: true, resultSource: 'announce', childDone: true });
    const a = assess(run, '10:30:00');
    assert.equal(a.status, 'completed');
    assert.equal(a.recoveryAction, 'none');
    assert.equal(a.ownerReport, null);
    assert.equal(a.overdueSeconds, undefined, 'a delivered run is never overdue');
  });

  it('slow but active: before the SLA without a completion → active, no report', () => {
    const a = assess(dispatched(), '10:10:00');
    assert.equal(a.status, 'active');
    assert.equal(a.recoveryAction, 'none');
    assert.equal(a.ownerReport, null);
    assert.equal(a.reason, 'awaiting_completion');
  });

  it('child done, not forwarded after the grace → done_but_not_forwarded, fetch_history first, owner told', () => {
    const run = dispatched({ childDone: true, childDoneAt: at('10:05:00'), capturedResult: 'migration written' });
    const a = assess(run, '10:07:00'); // 2 min after done, grace 1 min, SLA not yet crossed
    assert.equal(a.status, 'done_but_not_forwarded');
    assert.equal(a.recoveryAction, 'fetch_history');
    assert.ok(a.ownerReport);
    assert.match(a.ownerReport, /^Run r-7 \(child agent:ab12\) was dispatched 7 min ago, expected within 15 min; the child reported done 2 min ago, but its result did not bounce back to the main conversation\./);
    assert.match(a.ownerReport, /A captured result of 17 characters is on record\./);
    assertFactual(a.ownerReport);
  });

  it('child done within the forward grace → still active, not yet a failure', () => {
    const run = dispatched({ childDone: true, childDoneAt: at('10:05:00') });
    const a = assess(run, '10:05:30');
    assert.equal(a.status, 'active');
    assert.equal(a.recoveryAction, 'none');
    assert.equal(a.ownerReport, null);
    assert.equal(a.reason, 'forward_in_grace');
  });

  it('missing completion event: past the SLA, no child-done, no completion → suspect_delivery_failure with an owner report', () => {
    const a = assess(dispatched(), '10:22:00');
    assert.equal(a.status, 'suspect_delivery_failure');
    assert.equal(a.recoveryAction, 'fetch_history');
    assert.equal(a.overdueSeconds, 7 * 60);
    assert.equal(
      a.ownerReport,
      'Run r-7 (child agent:ab12) was dispatched 22 min ago, expected within 15 min (7 min overdue); no completion has reached the main conversation and the child has not reported done.',
    );
    assertFactual(a.ownerReport);
  });

  it('one failed recovery → respawn, and the report says what was tried', () => {
    const run = dispatched({ recoveryAttempts: [attempt('fetch_history', '10:19:00', 'failed')] });
    const a = assess(run, '10:22:00');
    assert.equal(a.status, 'suspect_delivery_failure');
    assert.equal(a.recoveryAction, 'respawn');
    assert.equal(a.failedAttempts, 1);
    assert.match(a.ownerReport ?? '', /7 min overdue\); no completion has reached the main conversation and the child has not reported done\. History fetch attempted 3 min ago: no result\.$/);
  });

  it('repeated failure: fetch_history then respawn both failed → blocked, escalate, owner report', () => {
    const run = dispatched({
      recoveryAttempts: [attempt('fetch_history', '10:16:00', 'failed'), attempt('respawn', '10:17:00', 'failed')],
    });
    const a = assess(run, '10:40:00');
    assert.equal(a.status, 'blocked');
    assert.equal(a.recoveryAction, 'escalate');
    assert.equal(a.reason, 'recovery_exhausted');
    assert.ok(a.ownerReport);
    assert.match(a.ownerReport, /History fetch attempted 24 min ago: no result\. Respawn attempted 23 min ago: no result\. 2 recovery attempts have failed; the run is blocked\.$/);
    assertFactual(a.ownerReport);
  });

  it('recovered delivery: a completion delivered by the respawn → recovered, nothing to do', () => {
    const run = dispatched({
      completionReceivedAt: at('10:35:00'),
      forwardedToMain: true,
      resultSource: 'respawn',
      recoveryAttempts: [attempt('fetch_history', '10:16:00', 'failed'), attempt('respawn', '10:17:00')],
    });
    const a = assess(run, '10:40:00');
    assert.equal(a.status, 'recovered');
    assert.equal(a.recoveryAction, 'none');
    assert.equal(a.ownerReport, null);
  });

  it('recovered delivery: an attempt recorded as delivered → recovered, even before a completion receipt is written', () => {
    const run = dispatched({ childDone: true, recoveryAttempts: [attempt('fetch_history', '10:17:00', 'delivered')] });
    assert.equal(assess(run, '10:40:00').status, 'recovered');
  });

  it('a late original result after a respawn does not complete the run twice', () => {
    const stuck = dispatched({
      recoveryAttempts: [attempt('fetch_history', '10:16:00', 'failed'), attempt('respawn', '10:17:00', 'pending')],
    });
    const respawned = mergeCompletion(stuck, { completionReceivedAt: at('10:30:00'), forwardedToMain: true, resultSource: 'respawn' });
    assert.equal(respawned.duplicate, false);
    assert.equal(assess(respawned.run, '10:31:00').status, 'recovered');

    const late = mergeCompletion(respawned.run, { completionReceivedAt: at('10:32:00'), forwardedToMain: true, resultSource: 'announce' });
    assert.equal(late.duplicate, true);
    assert.equal(late.duplicate && late.why, 'already_delivered');
    assert.equal(late.run, respawned.run, 'the run is returned unchanged');
    assert.equal(late.run.completionReceivedAt, at('10:30:00'));
    assert.equal(late.run.resultSource, 'respawn');
    assert.equal(assess(late.run, '10:33:00').status, 'recovered');
  });

  it('boundary: exactly at expectedBy the run is still active; one millisecond later it is overdue', () => {
    assert.equal(assessRun(dispatched(), EXPECTED_BY, POLICY).status, 'active');
    const after = assessRun(dispatched(), '2026-04-24T10:15:00.001Z', POLICY);
    assert.equal(after.status, 'suspect_delivery_failure');
    assert.equal(after.overdueSeconds, 0.001);
    assert.match(after.ownerReport ?? '', /\(0 s overdue\)/);
  });
});

describe('watchdog: boundaries and precedence', () => {
  it('boundary: exactly at the end of the forward grace a finished child is still active; one millisecond later it is not', () => {
    const run = dispatched({ childDone: true, childDoneAt: at('10:05:00') });
    assert.equal(assessRun(run, at('10:06:00'), POLICY).status, 'active');
    assert.equal(assessRun(run, '2026-04-24T10:06:00.001Z', POLICY).status, 'done_but_not_forwarded');
  });

  it('the forward grace never extends the SLA: a child done just before expectedBy is done_but_not_forwarded once the SLA passes', () => {
    const run = dispatched({ childDone: true, childDoneAt: at('10:14:50') });
    assert.equal(assess(run, '10:15:00').status, 'active');
    const a = assess(run, '10:15:10');
    assert.equal(a.status, 'done_but_not_forwarded');
    assert.equal(a.overdueSeconds, 10);
    assert.match(a.ownerReport ?? '', /\(10 s overdue\); the child reported done 20 s ago/);
  });

  it('a finished child without childDoneAt has no measurable grace: done_but_not_forwarded at once', () => {
    const a = assess(dispatched({ childDone: true }), '10:05:00');
    assert.equal(a.status, 'done_but_not_forwarded');
    assert.match(a.ownerReport ?? '', /the child reported done, but its result did not bounce back/);
  });

  it('a completion received but not forwarded is a result that did not reach the main conversation', () => {
    const run = dispatched({ completionReceivedAt: at('10:05:00'), forwardedToMain: false, resultSource: 'announce' });
    assert.equal(assess(run, '10:05:30').status, 'active');
    const a = assess(run, '10:08:00');
    assert.equal(a.status, 'done_but_not_forwarded');
    assert.equal(a.recoveryAction, 'fetch_history');
    assert.match(a.ownerReport ?? '', /a completion was received 3 min ago but has not been forwarded to the main conversation/);
  });

  it('a failed fetch on a finished child → respawn', () => {
    const run = dispatched({ childDone: true, childDoneAt: at('10:05:00'), recoveryAttempts: [attempt('fetch_history', '10:07:00', 'failed')] });
    const a = assess(run, '10:08:00');
    assert.equal(a.status, 'done_but_not_forwarded');
    assert.equal(a.recoveryAction, 'respawn');
  });

  it('a pending attempt is waited for: no new action, but the owner is still told', () => {
    const pending = [attempt('fetch_history', '10:16:00', 'failed'), attempt('respawn', '10:18:00')];
    const a = assess(dispatched({ recoveryAttempts: pending }), '10:20:00');
    assert.equal(a.status, 'suspect_delivery_failure');
    assert.equal(a.recoveryAction, 'none');
    assert.equal(a.pendingAttempt, 'respawn');
    assert.match(a.ownerReport ?? '', /Respawn attempted 2 min ago: no outcome yet\.$/);
  });

  it('the report lists attempts oldest first, whatever order they were recorded in', () => {
    const run = dispatched({ recoveryAttempts: [attempt('respawn', '10:30:00', 'failed'), attempt('fetch_history', '10:20:00', 'failed')] });
    assert.match(assess(run, '10:40:00').ownerReport ?? '', /History fetch attempted 20 min ago: no result\. Respawn attempted 10 min ago: no result\./);
  });

  it('a recovery-named resultSource alone makes a forwarded completion recovered; another source is the normal path', () => {
    const forwarded = { completionReceivedAt: at('10:20:00'), forwardedToMain: true } as const;
    assert.equal(assess(dispatched({ ...forwarded, resultSource: 'fetch_history' }), '10:21:00').status, 'recovered');
    assert.equal(assess(dispatched({ ...forwarded, resultSource: 'announce' }), '10:21:00').status, 'completed');
    assert.equal(assess(dispatched({ ...forwarded, resultSource: null }), '10:21:00').status, 'completed');
  });

  it('a completion that arrives through the normal path after a failed fetch is completed, not blocked', () => {
    const run = dispatched({
      completionReceivedAt: at('10:25:00'),
      forwardedToMain: true,
      resultSource: 'announce',
      recoveryAttempts: [attempt('fetch_history', '10:16:00', 'failed'), attempt('respawn', '10:18:00', 'failed')],
    });
    assert.equal(assess(run, '10:26:00').status, 'completed');
  });

  it('an exhausted ladder is blocked even for a finished child, and the report says the result exists', () => {
    const run = dispatched({
      childDone: true,
      childDoneAt: at('10:05:00'),
      recoveryAttempts: [attempt('fetch_history', '10:07:00', 'failed'), attempt('respawn', '10:09:00', 'failed')],
    });
    const a = assess(run, '10:12:00');
    assert.equal(a.status, 'blocked');
    assert.equal(a.recoveryAction, 'escalate');
    assert.equal(a.overdueSeconds, undefined, 'within the SLA nothing is overdue');
    assert.match(a.ownerReport ?? '', /expected within 15 min; the child reported done 7 min ago, but its result did not bounce back/);
  });

  it('now may be epoch milliseconds or a Date; an unreadable now or grace is rejected', () => {
    const ms = Date.parse(at('10:22:00'));
    assert.equal(assessRun(dispatched(), ms, POLICY).status, 'suspect_delivery_failure');
    assert.equal(assessRun(dispatched(), new Date(ms), POLICY).status, 'suspect_delivery_failure');
    assert.throws(() => assessRun(dispatched(), '2026-04-24T10:22:00', POLICY), /now/);
    assert.throws(() => assessRun(dispatched(), ms, { forwardGraceSeconds: -1 }), /forwardGraceSeconds/);
  });

  it('assessRuns keeps the input order and one now for every run', () => {
    const runs = [
      dispatched({ runId: 'a' }),
      dispatched({ runId: 'b', expectedBy: at('10:30:00') }),
      dispatched({ runId: 'c', completionReceivedAt: at('10:01:00'), forwardedToMain: true }),
    ];
    const out = assessRuns(runs, at('10:20:00'), POLICY);
    assert.deepEqual(out.map((a) => [a.runId, a.status]), [['a', 'suspect_delivery_failure'], ['b', 'active'], ['c', 'completed']]);
  });
});

describe('watchdog: mergeCompletion (idempotent per run)', () => {
  it('records the first completion without mutating the run', () => {
    const run = dispatched();
    const merged = mergeCompletion(run, { completionReceivedAt: at('10:09:00'), forwardedToMain: true, resultSource: 'announce' });
    assert.equal(merged.duplicate, false);
    assert.equal(merged.run.completionReceivedAt, at('10:09:00'));
    assert.equal(run.completionReceivedAt, null, 'input untouched');
    assert.ok(isDelivered(merged.run));
  });

  it('the respawn result after a late original is the duplicate, and the original stays the completion', () => {
    const run = dispatched({ recoveryAttempts: [attempt('fetch_history', '10:16:00', 'failed'), attempt('respawn', '10:17:00', 'pending')] });
    const original = mergeCompletion(run, { completionReceivedAt: at('10:20:00'), forwardedToMain: true, resultSource: 'announce' });
    const respawn = mergeCompletion(original.run, { completionReceivedAt: at('10:30:00'), forwardedToMain: true, resultSource: 'respawn' });
    assert.equal(respawn.duplicate, true);
    assert.equal(respawn.run.resultSource, 'announce');
    assert.equal(assess(respawn.run, '10:31:00').status, 'completed');
  });

  it('a run delivered by a recovery attempt takes no completion', () => {
    const run = dispatched({ recoveryAttempts: [attempt('fetch_history', '10:17:00', 'delivered')] });
    const merged = mergeCompletion(run, { completionReceivedAt: at('10:20:00'), forwardedToMain: true, resultSource: 'announce' });
    assert.equal(merged.duplicate, true);
    assert.equal(merged.run, run);
  });

  it('a received-but-unforwarded completion is superseded once by a forwarded one; a second unforwarded one is a duplicate', () => {
    const run = dispatched({ completionReceivedAt: at('10:05:00'), forwardedToMain: false, resultSource: 'announce' });
    const again = mergeCompletion(run, { completionReceivedAt: at('10:06:00'), forwardedToMain: false, resultSource: 'announce' });
    assert.equal(again.duplicate, true);
    assert.equal(again.duplicate && again.why, 'already_received');
    assert.equal(again.run.completionReceivedAt, at('10:05:00'), 'the grace clock is not reset');

    const fetched = mergeCompletion(run, { completionReceivedAt: at('10:08:00'), forwardedToMain: true, resultSource: 'fetch_history' });
    assert.equal(fetched.duplicate, false);
    assert.equal(assess(fetched.run, '10:09:00').status, 'recovered');
  });
});

describe('watchdog: owner report wording', () => {
  it('durations read as whole units', () => {
    assert.deepEqual([0, 59.9, 60, 22 * 60 + 59, 3600, 3 * 3600 + 5 * 60, 49 * 3600, 48 * 3600].map(describeDuration), [
      '0 s',
      '59 s',
      '1 min',
      '22 min',
      '1 h',
      '3 h 5 min',
      '2 d 1 h',
      '2 d',
    ]);
  });
});

describe('watchdog: attempts time out, so the ladder always moves on', () => {
  it('an attempt without an outcome is pending up to exactly its timeout, and failed after it: fetch_history → respawn', () => {
    const run = dispatched({ recoveryAttempts: [attempt('fetch_history', '10:16:00')] });
    const at = assess(run, '10:21:00');
    assert.deepEqual([at.recoveryAction, at.pendingAttempt, at.failedAttempts, at.timedOutAttempts], ['none', 'fetch_history', 0, []]);
    const after = assessRun(run, '2026-04-24T10:21:00.001Z', POLICY);
    assert.deepEqual([after.status, after.recoveryAction, after.pendingAttempt, after.failedAttempts, after.timedOutAttempts], ['suspect_delivery_failure', 'respawn', null, 1, [0]]);
  });

  it("an explicit outcome 'pending' times out the same way", () => {
    const a = assess(dispatched({ recoveryAttempts: [attempt('fetch_history', '10:16:00', 'pending')] }), '10:22:00');
    assert.equal(a.recoveryAction, 'respawn');
  });

  it('a timed-out respawn after a failed fetch blocks the run and escalates', () => {
    const a = assess(dispatched({ recoveryAttempts: [attempt('fetch_history', '10:16:00', 'failed'), attempt('respawn', '10:17:00')] }), '10:22:01');
    assert.deepEqual([a.status, a.recoveryAction, a.reason], ['blocked', 'escalate', 'recovery_exhausted']);
    assert.match(String(a.ownerReport), /Respawn attempted 5 min ago: no outcome within 5 min, timed out\. 2 recovery attempts have failed \(1 timed out\); the run is blocked\.$/);
  });

  it("an attempt's own timeoutAt replaces the policy's timeout, longer or shorter", () => {
    const longer = dispatched({ recoveryAttempts: [attempt('fetch_history', '10:16:00', 'failed'), { ...attempt('respawn', '10:17:00'), timeoutAt: '2026-04-24T10:40:00Z' }] });
    assert.equal(assess(longer, '10:39:00').recoveryAction, 'none');
    const blocked = assess(longer, '10:40:01');
    assert.equal(blocked.status, 'blocked');
    assert.match(String(blocked.ownerReport), /Respawn attempted 23 min ago: no outcome within 23 min, timed out\./);
    const shorter = dispatched({ recoveryAttempts: [{ ...attempt('fetch_history', '10:16:00'), timeoutAt: '2026-04-24T10:16:30Z' }] });
    assert.equal(assess(shorter, '10:17:00').recoveryAction, 'respawn');
  });

  it('the policy sets the timeout; a negative one is a caller error', () => {
    const run = dispatched({ recoveryAttempts: [attempt('fetch_history', '10:16:00')] });
    assert.equal(assessRun(run, '2026-04-24T10:17:01Z', { forwardGraceSeconds: 60, attemptTimeoutSeconds: 60 }).recoveryAction, 'respawn');
    assert.equal(assessRun(run, '2026-04-24T10:17:01Z', { forwardGraceSeconds: 60, attemptTimeoutSeconds: 3600 }).recoveryAction, 'none');
    assert.throws(() => assessRun(run, '2026-04-24T10:17:01Z', { forwardGraceSeconds: 60, attemptTimeoutSeconds: -1 }), RangeError);
  });

  it('a delivery that arrives after a timeout still counts: delivered outranks everything', () => {
    const run = dispatched({ recoveryAttempts: [attempt('fetch_history', '10:16:00'), attempt('respawn', '10:22:00', 'delivered')] });
    assert.deepEqual([assess(run, '10:40:00').status, assess(run, '10:40:00').recoveryAction], ['recovered', 'none']);
  });

  it('over 20,000 generated runs: past the SLA, a result that has not reached the main conversation always has a next step, unless an attempt is still within its timeout', () => {
    let seed = 0x2f6e2b1;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const minute = (m: number) => new Date(Date.parse(DISPATCH) + m * 60_000).toISOString();
    const timeoutMs = 300_000;
    for (let i = 0; i < 20_000; i++) {
      const attempts: RecoveryAttempt[] = [];
      const n = Math.floor(rand() * 4);
      for (let k = 0; k < n; k++) {
        const a: RecoveryAttempt = { action: pick(['fetch_history', 'respawn'] as const), at: minute(Math.floor(rand() * 60)) };
        const outcome = pick([undefined, 'pending', 'failed', 'failed', 'delivered'] as const);
        if (outcome !== undefined) a.outcome = outcome;
        if (rand() < 0.2) a.timeoutAt = minute(Math.floor(rand() * 90));
        if (a.timeoutAt && Date.parse(a.timeoutAt) < Date.parse(a.at)) delete a.timeoutAt;
        attempts.push(a);
      }
      const forwarded = rand() < 0.15;
      const received = forwarded || rand() < 0.15;
      const run = dispatched({
        expectedBy: minute(5 + Math.floor(rand() * 30)),
        childDone: rand() < 0.5,
        completionReceivedAt: received ? minute(Math.floor(rand() * 40)) : null,
        forwardedToMain: received ? forwarded : null,
        recoveryAttempts: attempts,
      });
      if (!run.childDone) run.childDoneAt = null;
      const nowMs = Date.parse(DISPATCH) + Math.floor(rand() * 120) * 60_000;
      const a = assessRun(run, nowMs, { forwardGraceSeconds: 60 });
      if (isDelivered(run) || nowMs <= Date.parse(run.expectedBy)) continue;
      const live = attempts.some((x) => (x.outcome === undefined || x.outcome === 'pending') && nowMs <= (x.timeoutAt ? Date.parse(x.timeoutAt) : Date.parse(x.at) + timeoutMs));
      const context = `${JSON.stringify(run)} at ${new Date(nowMs).toISOString()}`;
      assert.notEqual(a.ownerReport, null, context);
      if (a.recoveryAction === 'none') assert.ok(live, `left waiting with no live attempt: ${context}`);
      else assert.ok(!live || a.status === 'blocked', `acted while an attempt is still live: ${context}`);
    }
  });
});
