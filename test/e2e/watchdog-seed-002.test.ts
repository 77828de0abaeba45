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

describe('seed 002 scenarios, sent as the seed writes them', () => {
  it('Tasks 7 and 28: dispatch exists, no completion receipt yet, before the SLA → active', () => {
    expect(assess(DISPATCH, BEFORE_SLA), 'active', 'none', false);
  });

  it('Tasks 8 and 30: dispatch exists, no completion receipt (no bounce), beyond the SLA → suspect_delivery_failure, reported', () => {
    const a = assess(DISPATCH, AFTER_SLA);
    expect(a, 'suspect_delivery_failure', 'fetch_history', true);
    assert.match(String(a.ownerReport), /\(15 min overdue\); no completion has reached the main conversation/);
  });

  it('Tasks 9, 13 and 27: dispatch → completion receipt → completed, before or after the SLA', () => {
    const completed = { ...DISPATCH, completionReceivedAt: '2026-04-24T10:09:00Z', forwardedToMain: true, resultSource: 'announce' };
    expect(assess(completed, BEFORE_SLA), 'completed', 'none', false);
    expect(assess(completed, AFTER_SLA), 'completed', 'none', false);
  });

  it('Tasks 14 and 15: the child run marked done, no completion receipt in the main thread → done_but_not_forwarded, reported', () => {
    const a = assess({ ...DISPATCH, childDone: true }, BEFORE_SLA);
    expect(a, 'done_but_not_forwarded', 'fetch_history', true);
    assert.match(String(a.ownerReport), /the child reported done, but its result did not bounce back to the main conversation/);
  });

  it('Tasks 16, 17 and 29: done but not forwarded with no prior recovery → fetch_history', () => {
    expect(assess({ ...DISPATCH, childDone: true }, AFTER_SLA), 'done_but_not_forwarded', 'fetch_history', true);
  });

  it('Tasks 18 and 19: recovery already attempted once, still no forwarded completion → respawn', () => {
    // The attempt failed…
    const failed = assess({ ...DISPATCH, childDone: true, recoveryAttempts: [{ action: 'fetch_history', at: '2026-04-24T10:16:00Z', outcome: 'failed' }] }, AFTER_SLA);
    expect(failed, 'done_but_not_forwarded', 'respawn', true);
    // …or was made 14 minutes ago and never reported an outcome: it timed out.
    const silent = assess({ ...DISPATCH, recoveryAttempts: [{ action: 'fetch_history', at: '2026-04-24T10:16:00Z' }] }, AFTER_SLA);
    expect(silent, 'suspect_delivery_failure', 'respawn', true);
    assert.match(String(silent.ownerReport), /History fetch attempted 14 min ago: no outcome within 5 min, timed out\./);
  });

  it('Tasks 20, 21 and 31: fetch_history fails → respawn fails → blocked, with an owner report', () => {
    const attempts = [
      { action: 'fetch_history', at: '2026-04-24T10:16:00Z', outcome: 'failed' },
      { action: 'respawn', at: '2026-04-24T10:17:00Z', outcome: 'failed' },
    ];
    const a = assess({ ...DISPATCH, recoveryAttempts: attempts }, AFTER_SLA);
    expect(a, 'blocked', 'escalate', true);
    assert.match(String(a.ownerReport), /History fetch attempted 14 min ago: no result\. Respawn attempted 13 min ago: no result\. 2 recovery attempts have failed; the run is blocked\.$/);
  });

  it('repeated recovery failure includes attempts that never answered: two silent attempts past their timeout → blocked, and the report says which timed out', () => {
    const attempts = [
      { action: 'fetch_history', at: '2026-04-24T10:16:00Z', outcome: 'failed' },
      { action: 'respawn', at: '2026-04-24T10:20:00Z' },
    ];
    const a = assess({ ...DISPATCH, childDone: true, recoveryAttempts: attempts }, AFTER_SLA);
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
