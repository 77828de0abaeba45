/**
 * planRecovery: what the watchdog does now for one run at a hook point of the
 * main conversation. Pure; time is an argument.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closedAs, noticeKey, planRecovery, settleRespawn, type RecoveryContext, type RecoveryFacts } from '../../src/domain/watchdog-recovery.js';
import { assessRun, type RecoveryAttempt, type WatchdogRun } from '../../src/domain/watchdog.js';

const at = (hhmmss: string) => `2026-04-24T${hhmmss}Z`;
const POLICY = { forwardGraceSeconds: 30 };

function run(overrides: Partial<WatchdogRun> = {}): WatchdogRun {
  return {
    runId: 'r-3',
    childSessionKey: 'a1b2',
    dispatchAt: at('10:00:00'),
    expectedBy: at('10:15:00'),
    completionReceivedAt: null,
    forwardedToMain: null,
    resultSource: null,
    childDone: false,
    childDoneAt: null,
    capturedResult: null,
    recoveryAttempts: [],
    ...overrides,
  };
}

function facts(r: WatchdogRun, overrides: Partial<RecoveryFacts> = {}): RecoveryFacts {
  return { run: r, brief: 'Review src/limiter for races.', childRunning: false, respawnedAs: null, escalated: false, notified: null, ...overrides };
}

function ctx(now: string, overrides: Partial<RecoveryContext> = {}): RecoveryContext {
  return { now: at(now), policy: POLICY, canAct: true, userVisible: true, ...overrides };
}

const done = (result: string | null, when = '10:05:00') => run({ childDone: true, childDoneAt: at(when), capturedResult: result });

describe('planRecovery: a captured result that did not reach the main conversation', () => {
  it('is delivered once the forward grace has passed: fetch_history delivered, completion through fetch_history, recovered', () => {
    const p = planRecovery(facts(done('Found 2 races.')), ctx('10:05:31'));
    assert.deepEqual(p.steps, [{ kind: 'deliver', result: 'Found 2 races.' }]);
    assert.equal(p.assessment.status, 'recovered');
    assert.deepEqual(p.completion, { completionReceivedAt: at('10:05:31'), forwardedToMain: true, resultSource: 'fetch_history' });
    assert.deepEqual(p.changes, [{ op: 'insert', attempt: { action: 'fetch_history', at: at('10:05:31'), outcome: 'delivered' }, detail: 'the captured final message was delivered to the main conversation' }]);
    assert.equal(p.notice, 'recovered');
  });

  it('waits within the grace: nothing is done, nothing is said', () => {
    const p = planRecovery(facts(done('Found 2 races.')), ctx('10:05:30'));
    assert.deepEqual(p.steps, []);
    assert.deepEqual(p.changes, []);
    assert.equal(p.notice, null);
    assert.equal(p.assessment.status, 'active');
  });

  it('is never delivered again once the result reached the main conversation by the normal path', () => {
    const delivered = done('Found 2 races.');
    const normal = { ...delivered, completionReceivedAt: at('10:05:02'), forwardedToMain: true, resultSource: 'tool_result' };
    const p = planRecovery(facts(normal), ctx('11:00:00'));
    assert.deepEqual(p.steps, []);
    assert.deepEqual(p.changes, []);
    assert.equal(p.assessment.status, 'completed');
    assert.equal(p.notice, null);
  });

  it('is not delivered twice: a second pass over the planned run does nothing', () => {
    const first = planRecovery(facts(done('Found 2 races.')), ctx('10:06:00'));
    const second = planRecovery(facts(first.run, { notified: first.notice }), ctx('10:07:00'));
    assert.deepEqual(second.steps, []);
    assert.deepEqual(second.changes, []);
    assert.equal(second.notice, null);
  });

  it('is delivered even after the ladder was exhausted (a late final message)', () => {
    const failed: RecoveryAttempt[] = [
      { action: 'fetch_history', at: at('10:16:00'), outcome: 'failed' },
      { action: 'respawn', at: at('10:16:00'), outcome: 'failed' },
    ];
    const late = run({ childDone: true, childDoneAt: at('10:40:00'), capturedResult: 'late but here', recoveryAttempts: failed });
    const p = planRecovery(facts(late, { escalated: true, notified: 'blocked' }), ctx('10:41:00'));
    assert.deepEqual(p.steps, [{ kind: 'deliver', result: 'late but here' }]);
    assert.equal(p.assessment.status, 'recovered');
  });

  it('is held back where the hook point cannot act (a stop the user paused), and the user is told', () => {
    const p = planRecovery(facts(done('Found 2 races.')), ctx('10:06:00', { canAct: false }));
    assert.deepEqual(p.steps, []);
    assert.equal(p.assessment.status, 'done_but_not_forwarded');
    assert.equal(p.notice, 'done_but_not_forwarded:');
  });

  it('a whitespace-only final message counts as nothing captured', () => {
    const p = planRecovery(facts(done('   \n')), ctx('10:06:00'));
    assert.deepEqual(p.steps.map((s) => s.kind), ['respawn']);
  });
});

describe('planRecovery: nothing captured → the ladder', () => {
  it('a finished child without a final message: fetch_history fails, the respawn with the same brief follows at once', () => {
    const p = planRecovery(facts(done(null)), ctx('10:06:00'));
    assert.deepEqual(p.steps, [{ kind: 'respawn', brief: 'Review src/limiter for races.' }]);
    assert.deepEqual(
      p.changes.map((c) => (c.op === 'insert' ? [c.attempt.action, c.attempt.outcome] : c.op)),
      [
        ['fetch_history', 'failed'],
        ['respawn', 'pending'],
      ],
    );
    assert.equal(p.assessment.status, 'done_but_not_forwarded');
    assert.equal(p.assessment.recoveryAction, 'none', 'the pending respawn is waited for');
    assert.equal(p.notice, 'done_but_not_forwarded:ffrp');
  });

  it('no brief on record: the respawn fails at once and the run is blocked and escalated', () => {
    const p = planRecovery(facts(done(null), { brief: null }), ctx('10:06:00'));
    assert.deepEqual(p.steps, [{ kind: 'escalate' }]);
    assert.equal(p.assessment.status, 'blocked');
    assert.equal(p.notice, 'blocked');
  });

  it('an overdue child that has not reported done and is not running: fetch_history fails, respawn', () => {
    const p = planRecovery(facts(run()), ctx('10:15:01'));
    assert.deepEqual(p.steps.map((s) => s.kind), ['respawn']);
    const first = p.changes[0]!;
    assert.ok(first.op === 'insert' && first.detail === 'the child has not reported done and no result is on record');
  });

  it('an overdue child that is still running is not respawned: slow, not lost; the user is told', () => {
    const p = planRecovery(facts(run(), { childRunning: true }), ctx('10:16:00'));
    assert.deepEqual(p.steps, []);
    assert.deepEqual(p.changes, []);
    assert.equal(p.assessment.status, 'suspect_delivery_failure');
    assert.equal(p.notice, 'suspect_delivery_failure::running');
  });

  it('within the SLA a child that has not reported done is left alone', () => {
    const p = planRecovery(facts(run()), ctx('10:14:59'));
    assert.deepEqual(p.steps, []);
    assert.equal(p.notice, null);
  });

  it('a pending respawn is waited for within the attempt timeout, then fails: blocked, escalated once', () => {
    const pending = planRecovery(facts(done(null)), ctx('10:06:00')).run;
    const waiting = planRecovery(facts(pending, { notified: 'done_but_not_forwarded:ffrp' }), ctx('10:11:00'));
    assert.deepEqual(waiting.changes, []);
    assert.equal(waiting.notice, null, 'nothing new to tell');
    assert.equal(waiting.assessment.recoveryAction, 'none');

    const expired = planRecovery(facts(pending, { notified: 'done_but_not_forwarded:ffrp' }), ctx('10:11:01'));
    assert.deepEqual(expired.changes, [{ op: 'resolve', index: 1, outcome: 'failed', detail: 'the brief was not dispatched again within 5 min' }]);
    assert.equal(expired.assessment.status, 'blocked');
    assert.deepEqual(expired.steps, [{ kind: 'escalate' }]);
    assert.equal(expired.notice, 'blocked');

    const again = planRecovery(facts(expired.run, { escalated: true, notified: 'blocked' }), ctx('10:30:00'));
    assert.deepEqual(again.steps, []);
    assert.equal(again.notice, null);
  });

  it('the attempt timeout is the policy’s: a shorter one moves the ladder sooner', () => {
    const pending = planRecovery(facts(done(null)), ctx('10:06:00')).run;
    const short = { now: at('10:07:01'), policy: { ...POLICY, attemptTimeoutSeconds: 60 }, canAct: true, userVisible: true };
    const p = planRecovery(facts(pending), short);
    assert.deepEqual(p.changes, [{ op: 'resolve', index: 1, outcome: 'failed', detail: 'the brief was not dispatched again within 1 min' }]);
    assert.equal(p.assessment.status, 'blocked');
  });

  it('a pending history fetch recorded by an orchestrator times out too, and the respawn follows', () => {
    const fetching = run({ recoveryAttempts: [{ action: 'fetch_history', at: at('10:16:00') }] });
    assert.deepEqual(planRecovery(facts(fetching), ctx('10:21:00')).changes, [], 'within the timeout');
    const p = planRecovery(facts(fetching), ctx('10:21:01'));
    assert.deepEqual(p.changes.map((c) => [c.op, c.op === 'resolve' ? c.detail : c.attempt.action, c.op === 'resolve' ? c.outcome : c.attempt.outcome]), [
      ['resolve', 'no outcome within 5 min', 'failed'],
      ['insert', 'respawn', 'pending'],
    ]);
    assert.deepEqual(p.steps, [{ kind: 'respawn', brief: 'Review src/limiter for races.' }]);
  });

  it('a linked re-dispatch is waited for until its own SLA (the attempt’s timeoutAt); one that is blocked fails it at once', () => {
    const pending = planRecovery(facts(done(null)), ctx('10:06:00')).run;
    // The ledger gives the linked respawn the re-dispatched run's expectedBy as its timeoutAt.
    const linked = { ...pending, recoveryAttempts: pending.recoveryAttempts.map((a) => (a.action === 'respawn' ? { ...a, timeoutAt: at('10:22:00') } : a)) };
    const open = planRecovery(facts(linked, { respawnedAs: { runId: 'r-4', blocked: false } }), ctx('10:22:00'));
    assert.deepEqual(open.changes, []);
    assert.equal(open.assessment.recoveryAction, 'none');
    const late = planRecovery(facts(linked, { respawnedAs: { runId: 'r-4', blocked: false } }), ctx('10:22:01'));
    assert.deepEqual(late.changes, [{ op: 'resolve', index: 1, outcome: 'failed', detail: 'the re-dispatched run r-4 did not deliver within its SLA' }]);
    assert.equal(late.assessment.status, 'blocked');
    const blocked = planRecovery(facts(linked, { respawnedAs: { runId: 'r-4', blocked: true } }), ctx('10:10:00'));
    assert.deepEqual(blocked.changes, [{ op: 'resolve', index: 1, outcome: 'failed', detail: 'the re-dispatched run r-4 is blocked' }]);
    assert.equal(blocked.assessment.status, 'blocked');
  });

  it('a run that is itself a re-dispatch is not dispatched again: its respawn rung fails at once, so the chain ends', () => {
    const p = planRecovery(facts(run(), { respawnOf: 'r-1' }), ctx('10:16:00'));
    assert.deepEqual(p.steps, [{ kind: 'escalate' }]);
    assert.deepEqual(p.changes.map((c) => (c.op === 'insert' ? [c.attempt.action, c.attempt.outcome, c.detail] : null)), [
      ['fetch_history', 'failed', 'the child has not reported done and no result is on record'],
      ['respawn', 'failed', 'the run is itself the re-dispatch of r-1, so its brief is not dispatched a third time'],
    ]);
    assert.equal(p.assessment.status, 'blocked');
  });

  it('escalation and notices wait for a hook point the user sees', () => {
    const p = planRecovery(facts(done(null), { brief: null }), ctx('10:06:00', { userVisible: false }));
    assert.deepEqual(p.steps, []);
    assert.equal(p.notice, null);
    assert.equal(p.assessment.status, 'blocked');
  });
});

describe('noticeKey, closedAs, settleRespawn', () => {
  it('noticeKey is null in time and for a normal completion, one key per terminal state, and follows the ladder otherwise', () => {
    const a = (r: WatchdogRun, now: string) => assessRun(r, at(now), POLICY);
    assert.equal(noticeKey(a(run(), '10:01:00'), run(), false), null);
    const completed = run({ completionReceivedAt: at('10:02:00'), forwardedToMain: true, resultSource: 'tool_result' });
    assert.equal(noticeKey(a(completed, '10:30:00'), completed, false), null);
    assert.equal(noticeKey(a(run(), '10:20:00'), run(), false), 'suspect_delivery_failure:');
    const tried = run({ recoveryAttempts: [{ action: 'fetch_history', at: at('10:16:00'), outcome: 'failed' }] });
    assert.equal(noticeKey(a(tried, '10:20:00'), tried, false), 'suspect_delivery_failure:ff');
  });

  it('closedAs: delivered → completed or recovered; two failures with nothing captured → blocked; else open', () => {
    assert.equal(closedAs(run()), null);
    assert.equal(closedAs(run({ completionReceivedAt: at('10:02:00'), forwardedToMain: true, resultSource: 'tool_result' })), 'completed');
    assert.equal(closedAs(run({ completionReceivedAt: at('10:02:00'), forwardedToMain: true, resultSource: 'fetch_history' })), 'recovered');
    const twoFailed: RecoveryAttempt[] = [
      { action: 'fetch_history', at: at('10:16:00'), outcome: 'failed' },
      { action: 'respawn', at: at('10:16:00'), outcome: 'failed' },
    ];
    assert.equal(closedAs(run({ recoveryAttempts: twoFailed })), 'blocked');
    assert.equal(closedAs(run({ recoveryAttempts: twoFailed, childDone: true, capturedResult: 'late' })), null, 'a captured result can still be delivered');
    assert.equal(closedAs(run({ completionReceivedAt: at('10:02:00'), forwardedToMain: false })), null, 'received but not forwarded is open');
  });

  it('settleRespawn: the re-dispatch delivered → the pending respawn delivered, the run recovered through respawn; once only', () => {
    const pending = planRecovery(facts(done(null)), ctx('10:06:00')).run;
    const settled = settleRespawn(pending, at('10:09:00'));
    assert.ok(settled);
    assert.equal(settled.resolveIndex, 1);
    assert.equal(settled.run.resultSource, 'respawn');
    assert.equal(assessRun(settled.run, at('10:10:00'), POLICY).status, 'recovered');
    assert.equal(settleRespawn(settled.run, at('10:11:00')), null);
  });
});
