/**
 * Seed 002's scenarios (Tasks 7–9, 14–21, 27–31), each sent to the built
 * `continuity watchdog assess` exactly as the seed writes its run: the fields
 * its receipts define (dispatch: runId, childSessionKey, dispatchAt,
 * expectedBy; completion: completionReceivedAt, forwardedToMain,
 * resultSource), a child-done flag where the seed marks the child done, and
 * the recovery attempts where the seed says one was made. Nothing else: an
 * absent receipt is an event that has not happened.
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliCommand } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Dispatched at 10:00, due by 10:15 (the SLA).
const DISPATCH = { runId: 'run-1', childSessionKey: 'agent:main:subagent:4f2a', dispatchAt: '2026-04-24T10:00:00Z', expectedBy: '2026-04-24T10:15:00Z' };
const BEFORE_SLA = '2026-04-24T10:10:00Z';
const AFTER_SLA = '2026-04-24T10:30:00Z';

interface Assessment {
  runId: string;
  status: string;
  recoveryAction: string;
  ownerReport: string | null;
}

function assess(run: Record<string, unknown>, now: string): Assessment {
  const c = cliCommand(['watchdog', 'assess', '--now', now]);
  const r = spawnSync(c.cmd, c.args, { cwd: ROOT, input: JSON.stringify({ runs: [run] }), encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  return (JSON.parse(r.stdout) as { runs: Assessment[] }).runs[0]!;
}

function expect(a: Assessment, status: string, recoveryAction: string, reported: boolean): void {
  assert.deepEqual([a.status, a.recoveryAction], [status, recoveryAction]);
  if (reported) assert.match(String(a.ownerReport), /^Run run-1 \(child agent:main:subagent:4f2a\) was dispatched /);
  else assert.equal(a.ownerReport, null);
}

const FETCH_FAILED = { action: 'fetch_history', at: '2026-04-24T10:16:00Z', outcome: 'failed' };
const RESPAWN_FAILED = { action: 'respawn', at: '2026-04-24T10:17:00Z', outcome: 'failed' };
const COMPLETED = { ...DISPATCH, completionReceivedAt: '2026-04-24T10:09:00Z', forwardedToMain: true, resultSource: 'announce' };

/** [task, the seed's words, the run as sent, now, status, recoveryAction, an owner report?] */
const SCENARIOS: [number, string, Record<string, unknown>, string, string, string, boolean][] = [
  [7, 'dispatch exists, no completion receipt yet, current time still before SLA → active', DISPATCH, BEFORE_SLA, 'active', 'none', false],
  [8, 'dispatch exists, no completion receipt, current time beyond SLA → suspect_delivery_failure', DISPATCH, AFTER_SLA, 'suspect_delivery_failure', 'fetch_history', true],
  [9, 'dispatch exists, completion receipt exists → completed', COMPLETED, AFTER_SLA, 'completed', 'none', false],
  [14, 'child run marked done, no completion receipt in main thread → done_but_not_forwarded', { ...DISPATCH, childDone: true }, BEFORE_SLA, 'done_but_not_forwarded', 'fetch_history', true],
  [15, 'child-done signal + missing completion receipt → done_but_not_forwarded', { ...DISPATCH, childDone: true }, AFTER_SLA, 'done_but_not_forwarded', 'fetch_history', true],
  [16, 'done but not forwarded, no prior recovery action → fetch_history', { ...DISPATCH, childDone: true }, BEFORE_SLA, 'done_but_not_forwarded', 'fetch_history', true],
  [17, 'first-time done-but-not-forwarded → fetch_history', { ...DISPATCH, childDone: true, recoveryAttempts: [] }, AFTER_SLA, 'done_but_not_forwarded', 'fetch_history', true],
  [18, 'recovery already attempted once, still no forwarded completion → respawn', { ...DISPATCH, childDone: true, recoveryAttempts: [FETCH_FAILED] }, AFTER_SLA, 'done_but_not_forwarded', 'respawn', true],
  [19, 'fetch-history path did not recover delivery → respawn', { ...DISPATCH, recoveryAttempts: [FETCH_FAILED] }, AFTER_SLA, 'suspect_delivery_failure', 'respawn', true],
  [20, 'repeated recovery failure → blocked plus owner-visible reporting', { ...DISPATCH, childDone: true, recoveryAttempts: [FETCH_FAILED, RESPAWN_FAILED] }, AFTER_SLA, 'blocked', 'escalate', true],
  [21, 'repeated recovery failure → blocked', { ...DISPATCH, recoveryAttempts: [FETCH_FAILED, RESPAWN_FAILED] }, AFTER_SLA, 'blocked', 'escalate', true],
  [27, 'dispatch → completion receipt → completed', COMPLETED, BEFORE_SLA, 'completed', 'none', false],
  [28, 'dispatch before SLA → active', DISPATCH, BEFORE_SLA, 'active', 'none', false],
  [29, 'child done → no completion receipt → fetch_history', { ...DISPATCH, childDone: true }, AFTER_SLA, 'done_but_not_forwarded', 'fetch_history', true],
  [30, 'no bounce, no completion receipt, beyond SLA → suspect delivery failure', DISPATCH, AFTER_SLA, 'suspect_delivery_failure', 'fetch_history', true],
  [31, 'fetch_history fails → respawn fails → blocked', { ...DISPATCH, recoveryAttempts: [FETCH_FAILED, RESPAWN_FAILED] }, AFTER_SLA, 'blocked', 'escalate', true],
];

describe('seed 002 scenarios, sent as the seed writes them', () => {
  for (const [task, words, run, now, status, action, reported] of SCENARIOS) {
    it(`Task ${task}: ${words}`, () => expect(assess(run, now), status, action, reported));
  }

  it('the reports state the facts the seed asks for: overdue, did not bounce back, blocked', () => {
    assert.match(String(assess(DISPATCH, AFTER_SLA).ownerReport), /\(15 min overdue\); no completion has reached the main conversation and the child has not reported done\.$/);
    assert.match(String(assess({ ...DISPATCH, childDone: true }, BEFORE_SLA).ownerReport), /the child reported done, but its result did not bounce back to the main conversation/);
    assert.match(
      String(assess({ ...DISPATCH, recoveryAttempts: [FETCH_FAILED, RESPAWN_FAILED] }, AFTER_SLA).ownerReport),
      /History fetch attempted 14 min ago: no result\. Respawn attempted 13 min ago: no result\. 2 recovery attempts have failed; the run is blocked\.$/,
    );
  });

  it('a recovery attempted once that never reported an outcome times out: → respawn, and the report says so', () => {
    const silent = assess({ ...DISPATCH, recoveryAttempts: [{ action: 'fetch_history', at: '2026-04-24T10:16:00Z' }] }, AFTER_SLA);
    expect(silent, 'suspect_delivery_failure', 'respawn', true);
    assert.match(String(silent.ownerReport), /History fetch attempted 14 min ago: no outcome within 5 min, timed out\./);
    const recent = assess({ ...DISPATCH, recoveryAttempts: [{ action: 'fetch_history', at: '2026-04-24T10:28:00Z' }] }, AFTER_SLA);
    expect(recent, 'suspect_delivery_failure', 'none', true);
  });

  it('repeated failure includes an attempt that never answered: → blocked, and the report says which timed out', () => {
    const a = assess({ ...DISPATCH, childDone: true, recoveryAttempts: [FETCH_FAILED, { action: 'respawn', at: '2026-04-24T10:20:00Z' }] }, AFTER_SLA);
    expect(a, 'blocked', 'escalate', true);
    assert.match(String(a.ownerReport), /Respawn attempted 10 min ago: no outcome within 5 min, timed out\. 2 recovery attempts have failed \(1 timed out\); the run is blocked\.$/);
  });

  it('a recovery that delivered the result → recovered', () => {
    const viaHistory = { ...DISPATCH, childDone: true, completionReceivedAt: '2026-04-24T10:17:00Z', forwardedToMain: true, resultSource: 'fetch_history' };
    expect(assess(viaHistory, AFTER_SLA), 'recovered', 'none', false);
    const viaAttempt = { ...DISPATCH, recoveryAttempts: [{ action: 'fetch_history', at: '2026-04-24T10:16:00Z', outcome: 'delivered' }] };
    expect(assess(viaAttempt, AFTER_SLA), 'recovered', 'none', false);
  });
});
