/**
 * The boundary check of `watchdog assess` input: every rejection names the field.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseWatchdogInput } from '../../src/domain/watchdog-schema.js';

const RUN = {
  runId: 'r-1',
  childSessionKey: 'agent:ab12',
  dispatchAt: '2026-04-24T10:00:00Z',
  expectedBy: '2026-04-24T12:15:00+02:00',
  childDone: false,
  recoveryAttempts: [],
};

function message(runFields: Record<string, unknown>, drop: string[] = []): string {
  const run: Record<string, unknown> = { ...RUN, runId: 'r-2', ...runFields };
  for (const key of drop) delete run[key];
  const parsed = parseWatchdogInput({ runs: [RUN, run] });
  assert.equal(parsed.ok, false, 'expected a rejection');
  return parsed.ok ? '' : parsed.message;
}

describe('watchdog input validation', () => {
  it('accepts the dispatch receipt alone, with childDone and recoveryAttempts; the completion receipt is optional', () => {
    const later = { ...RUN, runId: 'r-2', expectedBy: '2026-04-24T10:15:00Z', completionReceivedAt: null, forwardedToMain: null, resultSource: null, childDoneAt: null, capturedResult: null };
    const parsed = parseWatchdogInput({ runs: [RUN, later], producer: 'orchestrator' });
    assert.ok(parsed.ok);
    assert.equal(parsed.runs.length, 2);
  });

  it('names each missing field of the dispatch receipt with its index', () => {
    for (const field of ['runId', 'childSessionKey', 'dispatchAt', 'expectedBy']) {
      assert.match(message({}, [field]), new RegExp(`^runs\\[1\\]\\.${field}: missing`), field);
    }
  });

  it('reads an absent receipt as an event that has not happened: no child-done signal, no attempts, no completion', () => {
    const dispatchOnly = { runId: 'r-9', childSessionKey: 'agent:main:subagent:9', dispatchAt: '2026-04-24T10:00:00Z', expectedBy: '2026-04-24T10:15:00Z' };
    const parsed = parseWatchdogInput({ runs: [dispatchOnly] });
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
    assert.deepEqual(parsed.runs[0], { ...dispatchOnly, childDone: false, recoveryAttempts: [] });
  });

  it('reads a childDoneAt without childDone as the child-done signal it records', () => {
    const parsed = parseWatchdogInput({ runs: [{ ...RUN, childDone: undefined, childDoneAt: '2026-04-24T10:05:00Z' }] });
    assert.ok(parsed.ok);
    assert.equal(parsed.runs[0]!.childDone, true);
  });

  it('accepts an attempt with its own timeoutAt, and rejects one that ends before the attempt', () => {
    const attempt = { action: 'respawn', at: '2026-04-24T10:20:00Z', timeoutAt: '2026-04-24T10:50:00Z' };
    assert.ok(parseWatchdogInput({ runs: [{ ...RUN, recoveryAttempts: [attempt] }] }).ok);
    assert.equal(message({ recoveryAttempts: [{ ...attempt, timeoutAt: '2026-04-24T10:19:59Z' }] }), 'runs[1].recoveryAttempts[0].timeoutAt: earlier than at');
    assert.match(message({ recoveryAttempts: [{ ...attempt, timeoutAt: 'soon' }] }), /^runs\[1\]\.recoveryAttempts\[0\]\.timeoutAt: expected an ISO 8601 timestamp/);
  });

  it('still rejects mistyped receipts rather than defaulting them', () => {
    assert.match(message({ childDone: 'yes' }), /^runs\[1\]\.childDone/);
    assert.match(message({ recoveryAttempts: null }), /^runs\[1\]\.recoveryAttempts/);
    assert.match(message({ recoveryAttempts: {} }), /^runs\[1\]\.recoveryAttempts/);
  });

  it('rejects an empty runId and an attempt time without a timezone', () => {
    assert.match(message({ runId: '' }), /^runs\[1\]\.runId: expected a non-empty string/);
    assert.match(message({ recoveryAttempts: [{ action: 'respawn', at: '2026-04-24 10:20' }] }), /^runs\[1\]\.recoveryAttempts\[0\]\.at: expected an ISO 8601 timestamp/);
    assert.match(message({ recoveryAttempts: [{ action: 'respawn', at: '2026-04-24T10:20:00Z', outcome: 'lost' }] }), /^runs\[1\]\.recoveryAttempts\[0\]\.outcome/);
  });

  it('rejects an SLA that ends before the dispatch', () => {
    assert.equal(message({ expectedBy: '2026-04-24T09:59:59Z' }), 'runs[1].expectedBy: earlier than dispatchAt');
  });

  it('rejects a half completion receipt either way', () => {
    assert.match(message({ completionReceivedAt: '2026-04-24T10:05:00Z' }), /^runs\[1\]\.forwardedToMain: missing/);
    assert.match(message({ forwardedToMain: true }), /^runs\[1\]\.completionReceivedAt: missing/);
  });

  it('rejects a childDoneAt on a child that is not done', () => {
    assert.equal(message({ childDoneAt: '2026-04-24T10:05:00Z' }), 'runs[1].childDoneAt: set while childDone is false');
  });

  it('rejects two records with one runId', () => {
    const parsed = parseWatchdogInput({ runs: [RUN, { ...RUN }] });
    assert.ok(!parsed.ok);
    assert.match(parsed.message, /^runs\[1\]\.runId: duplicate of runs\[0\]/);
  });
});
