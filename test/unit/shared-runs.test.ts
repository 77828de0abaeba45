import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closedMerge, mergeRun, runSnapshotsOf, type Closed, type RunAttemptView, type RunHere, type RunSnapshot } from '../../src/domain/shared-runs.js';

const snapshot = (over: Partial<RunSnapshot> = {}): RunSnapshot => ({
  origin: { machine: 'laptop-b', runId: 'r-1' },
  sessionId: 'session-b',
  childSessionKey: 'a5f1c9e',
  agentType: 'code-reviewer',
  description: 'Review the limiter',
  brief: 'Review src/limiter/bucket.ts',
  background: true,
  dispatchAt: '2026-01-01T10:00:00.000Z',
  expectedBy: '2026-01-01T10:10:00.000Z',
  startedAt: '2026-01-01T10:00:01.000Z',
  childDone: false,
  childDoneAt: null,
  capturedResult: null,
  completionReceivedAt: null,
  forwardedToMain: null,
  resultSource: null,
  closedAs: null,
  attempts: [],
  ...over,
});

const attempt = (action: string, at: string, outcome = 'failed'): RunAttemptView => ({ action, at, outcome, resolvedAt: outcome === 'pending' ? null : at, channel: 'stop-hook', detail: null });

const hereOf = (s: RunSnapshot, attention = true): RunHere => ({ ...s, attention, attempts: s.attempts });

/** What the run is here once a merge is applied (as src/app/shared-runs.ts writes it). */
function apply(here: RunHere | null, there: RunSnapshot): RunHere {
  const m = mergeRun(here, there);
  if (m.take === 'insert') return hereOf(m.snapshot, m.attention);
  if (m.take === 'nothing') return here!;
  const resolved = here!.attempts.map((a) => {
    const r = m.resolveAttempts.find((x) => x.action === a.action && x.at === a.at);
    return r ? { ...a, outcome: r.outcome, resolvedAt: r.resolvedAt } : a;
  });
  return { ...here!, ...m.patch, attempts: [...resolved, ...m.addAttempts] };
}

test('a run dispatched on another machine and open there is taken in open (this machine may be handed it); one closed there is owed nothing here', () => {
  assert.deepEqual(mergeRun(null, snapshot()), { take: 'insert', snapshot: snapshot(), attention: true });
  assert.deepEqual(mergeRun(null, snapshot({ closedAs: 'blocked' })), { take: 'insert', snapshot: snapshot({ closedAs: 'blocked' }), attention: false });
});

test('closures merge to the most final: completed > recovered > blocked > open, in either order', () => {
  const states: (Closed | null)[] = [null, 'blocked', 'recovered', 'completed'];
  for (const a of states) for (const b of states) assert.equal(closedMerge(a, b), closedMerge(b, a), `${a} ${b}`);
  assert.equal(closedMerge(null, 'blocked'), 'blocked');
  assert.equal(closedMerge('blocked', 'recovered'), 'recovered');
  assert.equal(closedMerge('completed', 'recovered'), 'completed');
});

test('a run recovered on A is not recovered again on B: B takes A\'s attempts and stops answering for it', () => {
  const onB = hereOf(snapshot());
  const fromA = snapshot({ attempts: [attempt('fetch_history', '2026-01-01T10:11:00.000Z'), attempt('respawn', '2026-01-01T10:11:00.500Z', 'pending')] });
  const m = mergeRun(onB, fromA);
  assert.equal(m.take, 'patch');
  assert.deepEqual(m.take === 'patch' ? m.patch : null, { attention: false });
  assert.deepEqual(m.take === 'patch' ? m.addAttempts.map((a) => a.action) : null, ['fetch_history', 'respawn']);
});

test('the same snapshot taken in twice changes nothing', () => {
  const fromA = snapshot({ childDone: true, childDoneAt: '2026-01-01T10:12:00.000Z', closedAs: 'recovered', attempts: [attempt('fetch_history', '2026-01-01T10:11:00.000Z', 'delivered')] });
  const once = apply(hereOf(snapshot()), fromA);
  assert.deepEqual(mergeRun(once, fromA), { take: 'nothing' });
  const inserted = apply(null, fromA);
  assert.deepEqual(mergeRun(inserted, fromA), { take: 'nothing' });
});

test('a pending attempt settled elsewhere is settled here; a settled one never goes back to pending', () => {
  const respawn = attempt('respawn', '2026-01-01T10:11:00.000Z', 'pending');
  const m = mergeRun(hereOf(snapshot({ attempts: [respawn] })), snapshot({ attempts: [{ ...respawn, outcome: 'delivered', resolvedAt: '2026-01-01T10:13:00.000Z' }] }));
  assert.deepEqual(m.take === 'patch' ? m.resolveAttempts : null, [{ action: 'respawn', at: respawn.at, outcome: 'delivered', resolvedAt: '2026-01-01T10:13:00.000Z' }]);
  const back = mergeRun(hereOf(snapshot({ attempts: [{ ...respawn, outcome: 'failed' }] })), snapshot({ attempts: [respawn] }));
  assert.deepEqual(back, { take: 'nothing' });
});

test('both machines stepped in: the one that stepped in last answers for the run', () => {
  const early = attempt('fetch_history', '2026-01-01T10:11:00.000Z');
  const late = attempt('fetch_history', '2026-01-01T10:11:05.000Z');
  // Here the later attempt: the other's earlier one is added, and this machine still answers.
  const keep = mergeRun(hereOf(snapshot({ attempts: [late] })), snapshot({ attempts: [early] }));
  assert.equal(keep.take === 'patch' ? keep.patch.attention : 'none', undefined);
  // Here the earlier one: the other stepped in after, and answers for it.
  const hand = mergeRun(hereOf(snapshot({ attempts: [early] })), snapshot({ attempts: [late] }));
  assert.equal(hand.take === 'patch' ? hand.patch.attention : 'none', false);
});

test('snapshots from two machines applied in either order leave the same run', () => {
  const x = snapshot({ childDone: true, childDoneAt: '2026-01-01T10:12:00.000Z', capturedResult: 'two races', attempts: [attempt('fetch_history', '2026-01-01T10:11:00.000Z', 'delivered')], closedAs: 'recovered' });
  const y = snapshot({ attempts: [attempt('fetch_history', '2026-01-01T10:11:02.000Z'), attempt('respawn', '2026-01-01T10:11:03.000Z', 'failed'), attempt('escalate', '2026-01-01T10:20:00.000Z')], closedAs: 'blocked' });
  const base = hereOf(snapshot());
  const xy = apply(apply(base, x), y);
  const yx = apply(apply(base, y), x);
  const shape = (h: RunHere) => ({ closedAs: h.closedAs, childDone: h.childDone, capturedResult: h.capturedResult, attempts: h.attempts.map((a) => `${a.action}@${a.at}:${a.outcome}`).sort() });
  assert.deepEqual(shape(xy), shape(yx));
  assert.equal(xy.closedAs, 'recovered');
});

test('malformed run snapshots in a record are left out', () => {
  assert.deepEqual(runSnapshotsOf({ sharedRuns: [snapshot(), { origin: { machine: 'm' } }, null, snapshot({ closedAs: 'lost' as Closed }), snapshot({ attempts: [{ action: 1 }] as unknown as RunAttemptView[] })] }), [snapshot()]);
  assert.deepEqual(runSnapshotsOf({ sharedRuns: 'r-1' }), []);
  assert.deepEqual(runSnapshotsOf(null), []);
});
