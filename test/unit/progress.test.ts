import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProgressTask } from '../../src/domain/boundary.js';
import { planProgress } from '../../src/domain/progress.js';

const task = (id: string, state: ProgressTask['state'], changedAt: string | null = null, changeSeq = 0): ProgressTask => ({ id, title: `T${id}`, state, highRiskStop: false, changedAt, changeSeq });

test('status names the same next task as the Stop gate: after the latest completion, not the first gap', () => {
  const p = planProgress([task('1', 'pending'), task('2', 'complete', '2026-11-22T10:00:00.000Z', 1), task('3', 'pending')]);
  assert.equal(p.lastCompleted?.id, '2');
  assert.equal(p.next?.id, '3');
  assert.equal(p.current, null);
  assert.deepEqual([p.total, p.complete, p.blocked, p.finished], [3, 1, 0, false]);
});

test('a task in progress is current and the next pending task after it is next', () => {
  const p = planProgress([task('1', 'complete', '2026-11-22T10:00:00.000Z', 1), task('2', 'in_progress'), task('3', 'pending')]);
  assert.equal(p.current?.id, '2');
  assert.equal(p.next?.id, '3');
});

test('nothing started: the first pending task is next; all complete: finished', () => {
  assert.equal(planProgress([task('1', 'pending'), task('2', 'pending')]).next?.id, '1');
  const done = planProgress([task('1', 'complete', 'x', 1)]);
  assert.equal(done.finished, true);
  assert.equal(done.next, null);
});
