import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findBoundary, type Boundary, type ProgressTask } from '../../src/domain/boundary.js';
import type { TaskState } from '../../src/formats/plan/model.js';

const T1 = '2026-04-24T10:00:00.000Z';
const T2 = '2026-04-24T11:00:00.000Z';
const T3 = '2026-04-24T12:00:00.000Z';

function task(id: string, state: TaskState, changedAt: string | null = null, changeSeq = 0): ProgressTask {
  return { id, title: `Task ${id}`, state, highRiskStop: false, changedAt, changeSeq };
}

/** The boundary's kind plus the ids it names, so one assertion shows the whole answer. */
function summary(b: Boundary): { kind: Boundary['kind']; task?: string; from?: string; next?: string | null } {
  switch (b.kind) {
    case 'in_progress':
    case 'blocked':
      return { kind: b.kind, task: b.task.id };
    case 'task_boundary':
      return { kind: b.kind, from: b.from.id, next: b.next?.id ?? null };
    default:
      return { kind: b.kind };
  }
}

describe('findBoundary: plan-level states', () => {
  it('no tasks → no_tasks', () => {
    assert.deepEqual(findBoundary([]), { kind: 'no_tasks' });
  });

  it('every task complete → finished', () => {
    const tasks = [task('1', 'complete', T1, 1), task('2', 'complete', null), task('3', 'complete', T2, 2)];
    assert.deepEqual(findBoundary(tasks), { kind: 'finished' });
  });

  it('nothing completed or blocked → not_started', () => {
    assert.deepEqual(findBoundary([task('1', 'pending'), task('2', 'pending')]), { kind: 'not_started' });
  });

  it('a task in progress → in_progress on that task', () => {
    const b = findBoundary([task('1', 'pending'), task('2', 'in_progress'), task('3', 'pending')]);
    assert.deepEqual(summary(b), { kind: 'in_progress', task: '2' });
  });

  it('a task in progress is mid-task even when others are complete (and completed later)', () => {
    const tasks = [task('1', 'complete', T1, 1), task('2', 'in_progress', null), task('3', 'complete', T3, 3), task('4', 'pending')];
    const b = findBoundary(tasks);
    assert.deepEqual(summary(b), { kind: 'in_progress', task: '2' });
    assert.equal(b.kind === 'in_progress' && b.task, tasks[1], 'returns the task object itself');
  });
});

describe('findBoundary: the latest completion is the boundary', () => {
  it('a single completion: boundary from it, next is the following pending task', () => {
    const tasks = [task('1', 'complete', T1, 1), task('2', 'pending'), task('3', 'pending')];
    const b = findBoundary(tasks);
    assert.deepEqual(summary(b), { kind: 'task_boundary', from: '1', next: '2' });
    assert.ok(b.kind === 'task_boundary');
    assert.equal(b.from, tasks[0]);
    assert.equal(b.next, tasks[1]);
  });

  it('completion time beats plan order: Task 2 at t1, Task 1 at t2 → from Task 1, next is the first pending after Task 1', () => {
    const tasks = [task('1', 'complete', T2, 2), task('2', 'complete', T1, 1), task('3', 'pending'), task('4', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '1', next: '3' });
  });

  it('the next task is the first pending one after the boundary in plan order, skipping complete and blocked ones', () => {
    const tasks = [
      task('1', 'pending'),
      task('2', 'complete', T3, 5),
      task('3', 'complete', T1, 1),
      task('4', 'blocked', T1, 2),
      task('5', 'pending'),
    ];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '2', next: '5' });
  });

  it('equal changedAt → the higher changeSeq wins, whatever the plan order', () => {
    const later = [task('1', 'complete', T1, 7), task('2', 'complete', T1, 3), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(later)), { kind: 'task_boundary', from: '1', next: '3' });
    const earlier = [task('1', 'complete', T1, 3), task('2', 'complete', T1, 7), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(earlier)), { kind: 'task_boundary', from: '2', next: '3' });
  });

  it('equal changedAt and changeSeq → the later task in plan order wins', () => {
    const tasks = [task('1', 'pending'), task('2', 'complete', T1, 4), task('3', 'complete', T1, 4), task('4', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '3', next: '4' });
  });

  it('file-only marks (both changedAt null, seq 0) read as done in plan order: the last one wins', () => {
    const tasks = [task('1', 'complete'), task('2', 'complete'), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '2', next: '3' });
  });

  it('a file-only mark (changedAt null) loses to a recorded completion, even later in plan order and with a higher seq', () => {
    const tasks = [task('1', 'complete', T1, 1), task('2', 'complete', null, 99), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '1', next: '3' });
  });

  it('a file-only mark loses to a recorded completion regardless of which comes first in the list', () => {
    const tasks = [task('1', 'complete', null, 99), task('2', 'complete', T1, 1), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '2', next: '3' });
  });
});

describe('findBoundary: blocks', () => {
  it('a block recorded after the last completion → blocked on that task', () => {
    const tasks = [task('1', 'complete', T1, 1), task('2', 'blocked', T2, 2), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'blocked', task: '2' });
  });

  it('a block recorded before the last completion does not stop the boundary, and the blocked task is not next', () => {
    const tasks = [task('1', 'complete', T2, 2), task('2', 'blocked', T1, 1), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '1', next: '3' });
  });

  it('a block at the same instant but recorded later (higher seq) → blocked', () => {
    const tasks = [task('1', 'complete', T1, 1), task('2', 'blocked', T1, 2), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'blocked', task: '2' });
  });

  it('only blocks, no completions → blocked on the latest block', () => {
    const tasks = [task('1', 'blocked', T2, 2), task('2', 'blocked', T1, 1), task('3', 'pending')];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'blocked', task: '1' });
  });
});

describe('findBoundary: the next task', () => {
  it('falls back to the first pending task anywhere when none is pending after the boundary', () => {
    const tasks = [task('1', 'pending'), task('2', 'pending'), task('3', 'complete', T1, 1), task('4', 'complete', T2, 2)];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '4', next: '1' });
  });

  it('falls back past blocked tasks after the boundary to the first pending one before it', () => {
    const tasks = [task('1', 'complete', T1, 1), task('2', 'pending'), task('3', 'complete', T3, 3), task('4', 'blocked', T2, 2)];
    assert.deepEqual(summary(findBoundary(tasks)), { kind: 'task_boundary', from: '3', next: '2' });
  });

  it('is null when no task is pending (the remaining tasks are blocked)', () => {
    const tasks = [task('1', 'complete', T2, 2), task('2', 'blocked', T1, 1), task('3', 'blocked', T1, 0)];
    const b = findBoundary(tasks);
    assert.deepEqual(summary(b), { kind: 'task_boundary', from: '1', next: null });
    assert.ok(b.kind === 'task_boundary');
    assert.equal(b.next, null);
  });
});
