import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Boundary, ProgressTask } from '../../src/domain/boundary.js';
import type { DispatchReceipt } from '../../src/domain/receipts.js';
import { boundaryKey, decideStop, replanKey, type StopDecision, type StopFacts } from '../../src/domain/stop-gate.js';

const PLAN = 'plan-auto-next';
const COMPLETED_AT = '2026-04-24T10:00:00.000Z';

function task(id: string, overrides: Partial<ProgressTask> = {}): ProgressTask {
  return { id, title: `Task ${id}`, state: 'pending', highRiskStop: false, changedAt: null, changeSeq: 0, ...overrides };
}

const FROM = task('8', { state: 'complete', changedAt: COMPLETED_AT, changeSeq: 12 });
const NEXT = task('9');

function atBoundary(from: ProgressTask = FROM, next: ProgressTask | null = NEXT): Boundary {
  return { kind: 'task_boundary', from, next };
}

/** The forbidden stop: approved plan, Task 8 complete, Task 9 next, no receipt, no closure, nothing else going on. */
function facts(overrides: Partial<StopFacts> = {}): StopFacts {
  return {
    plan: { id: PLAN, state: 'approved' },
    boundary: atBoundary(),
    receipts: [],
    closure: null,
    suspended: false,
    runningSubagents: 0,
    previousBlocks: { boundary: null, count: 0 },
    maxConsecutiveBlocks: 3,
    ...overrides,
  };
}

function receipt(overrides: Partial<DispatchReceipt> = {}): DispatchReceipt {
  return {
    planId: PLAN,
    fromTaskId: '8',
    nextTaskId: '9',
    dispatchedAt: '2026-04-24T10:00:05.000Z',
    channel: 'agent-tool',
    evidence: 'tool-use-1',
    ...overrides,
  };
}

function assertAllows(d: StopDecision, why: string): void {
  assert.equal(d.action, 'allow', `expected allow (${why}), got ${JSON.stringify(d)}`);
  assert.ok(d.action === 'allow');
  assert.equal(d.why, why);
}

function assertBlocks(d: StopDecision, blockNumber: number): void {
  assert.equal(d.action, 'block', `expected block, got ${JSON.stringify(d)}`);
  assert.ok(d.action === 'block');
  assert.equal(d.blockNumber, blockNumber);
}

const KEY = `${PLAN}#8->9`;

describe('decideStop: stops allowed before any obligation exists', () => {
  it('no active plan → no_active_plan', () => {
    assertAllows(decideStop(facts({ plan: null })), 'no_active_plan');
  });

  it('a draft plan → plan_not_approved', () => {
    assertAllows(decideStop(facts({ plan: { id: PLAN, state: 'draft' } })), 'plan_not_approved');
  });

  it('a stale plan → plan_not_approved', () => {
    assertAllows(decideStop(facts({ plan: { id: PLAN, state: 'stale' } })), 'plan_not_approved');
  });

  it('a plan already marked complete → plan_complete, without asking to mark it again', () => {
    const d = decideStop(facts({ plan: { id: PLAN, state: 'complete' } }));
    assertAllows(d, 'plan_complete');
    assert.ok(d.action === 'allow');
    assert.equal(d.markPlanComplete, undefined);
  });

  it('every task finished → plan_finished with markPlanComplete', () => {
    const d = decideStop(facts({ boundary: { kind: 'finished' } }));
    assert.deepEqual(d, { action: 'allow', why: 'plan_finished', markPlanComplete: true });
  });

  it('finished takes precedence over a user pause, so the plan still gets marked complete', () => {
    const d = decideStop(facts({ boundary: { kind: 'finished' }, suspended: true }));
    assert.deepEqual(d, { action: 'allow', why: 'plan_finished', markPlanComplete: true });
  });

  it('the user said stop/pause → suspended_by_user, even at the forbidden boundary', () => {
    assertAllows(decideStop(facts({ suspended: true })), 'suspended_by_user');
  });

  it('no tasks → no_tasks', () => {
    assertAllows(decideStop(facts({ boundary: { kind: 'no_tasks' } })), 'no_tasks');
  });

  it('nothing done yet → not_started', () => {
    assertAllows(decideStop(facts({ boundary: { kind: 'not_started' } })), 'not_started');
  });

  it('a task in progress → mid_task', () => {
    assertAllows(decideStop(facts({ boundary: { kind: 'in_progress', task: task('9', { state: 'in_progress' }) } })), 'mid_task');
  });

  it('the latest change is a block → task_blocked', () => {
    assertAllows(decideStop(facts({ boundary: { kind: 'blocked', task: task('9', { state: 'blocked', changedAt: COMPLETED_AT }) } })), 'task_blocked');
  });

  it('a boundary with no next task → continuity_pass (next_task_unknown)', () => {
    const d = decideStop(facts({ boundary: atBoundary(FROM, null) }));
    assertAllows(d, 'continuity_pass');
    assert.ok(d.action === 'allow');
    assert.equal(d.verdict?.reason, 'next_task_unknown');
  });
});

describe('decideStop: the forbidden task-boundary stop', () => {
  it('approved plan, task boundary, no receipt, no closure → block #1 with missing_auto_next_dispatch', () => {
    const d = decideStop(facts());
    assertBlocks(d, 1);
    assert.ok(d.action === 'block' && d.obligation === 'auto_next');
    assert.equal(d.boundary, KEY);
    assert.equal(d.from, FROM);
    assert.equal(d.next, NEXT);
    assert.equal(d.verdict.ok, false);
    assert.equal(d.verdict.verdict, 'continuity_failure');
    assert.equal(d.verdict.reason, 'missing_auto_next_dispatch');
    assert.equal(d.verdict.autoNextObligatory, true);
  });

  for (const state of ['waiting_user', 'blocked', 'pending_verification'] as const) {
    it(`a ${state} closure → continuity_pass (legal_closure_${state})`, () => {
      const d = decideStop(facts({ closure: { state, reason: 'because', source: 'closure-line' } }));
      assertAllows(d, 'continuity_pass');
      assert.ok(d.action === 'allow');
      assert.equal(d.verdict?.ok, true);
      assert.equal(d.verdict?.reason, `legal_closure_${state}`);
    });
  }

  it('a high-risk stop declared on the completed task → continuity_pass (high_risk_stop)', () => {
    const d = decideStop(facts({ boundary: atBoundary({ ...FROM, highRiskStop: true }, NEXT) }));
    assertAllows(d, 'continuity_pass');
    assert.ok(d.action === 'allow');
    assert.equal(d.verdict?.reason, 'high_risk_stop');
  });

  it('a high-risk stop declared on the next task → continuity_pass (high_risk_stop)', () => {
    const d = decideStop(facts({ boundary: atBoundary(FROM, { ...NEXT, highRiskStop: true }) }));
    assertAllows(d, 'continuity_pass');
    assert.ok(d.action === 'allow');
    assert.equal(d.verdict?.reason, 'high_risk_stop');
  });
});

describe('decideStop: dispatch receipts', () => {
  it('a valid agent-tool receipt (same plan, from, next; dispatched after completion) → continuity_pass (receipt_valid)', () => {
    const d = decideStop(facts({ receipts: [receipt()] }));
    assertAllows(d, 'continuity_pass');
    assert.ok(d.action === 'allow');
    assert.equal(d.verdict?.reason, 'receipt_valid');
  });

  it('a receipt written by the Stop gate itself (channel stop-hook) does not satisfy the obligation', () => {
    const d = decideStop(facts({ receipts: [receipt({ channel: 'stop-hook', evidence: 'stop-gate-dispatch' })] }));
    assertBlocks(d, 1);
    assert.ok(d.action === 'block' && d.obligation === 'auto_next');
    assert.equal(d.verdict.reason, 'missing_auto_next_dispatch');
    assert.deepEqual(d.verdict.receipt, { valid: false, why: 'missing' });
  });

  it('a newer stop-hook receipt is skipped in favour of an older valid agent-tool one', () => {
    const newerStopHook = receipt({ channel: 'stop-hook', dispatchedAt: '2026-04-24T10:05:00.000Z' });
    const d = decideStop(facts({ receipts: [newerStopHook, receipt()] }));
    assertAllows(d, 'continuity_pass');
    assert.ok(d.action === 'allow');
    assert.equal(d.verdict?.reason, 'receipt_valid');
  });

  it('a stale receipt (dispatched before the from-task completed) does not satisfy it', () => {
    const d = decideStop(facts({ receipts: [receipt({ dispatchedAt: '2026-04-24T09:59:59.000Z' })] }));
    assertBlocks(d, 1);
    assert.ok(d.action === 'block' && d.obligation === 'auto_next');
    assert.deepEqual(d.verdict.receipt, { valid: false, why: 'stale' });
  });

  it('a receipt for another next task does not satisfy it', () => {
    const d = decideStop(facts({ receipts: [receipt({ nextTaskId: '10' })] }));
    assertBlocks(d, 1);
    assert.ok(d.action === 'block' && d.obligation === 'auto_next');
    assert.deepEqual(d.verdict.receipt, { valid: false, why: 'wrong_next_task' });
  });

  it('a receipt from another task or plan does not satisfy it', () => {
    const fromOther = decideStop(facts({ receipts: [receipt({ fromTaskId: '7' })] }));
    assert.ok(fromOther.action === 'block' && fromOther.obligation === 'auto_next');
    assert.deepEqual(fromOther.verdict.receipt, { valid: false, why: 'wrong_from_task' });
    const otherPlan = decideStop(facts({ receipts: [receipt({ planId: 'another-plan' })] }));
    assert.ok(otherPlan.action === 'block' && otherPlan.obligation === 'auto_next');
    assert.deepEqual(otherPlan.verdict.receipt, { valid: false, why: 'wrong_plan' });
  });
});

describe('decideStop: not trapping the user', () => {
  it('running background subagents → background_subagents_running, carrying the failing verdict', () => {
    const d = decideStop(facts({ runningSubagents: 2 }));
    assertAllows(d, 'background_subagents_running');
    assert.ok(d.action === 'allow');
    assert.equal(d.verdict?.reason, 'missing_auto_next_dispatch');
  });

  it('the same boundary blocked twice before, limit 3 → block #3', () => {
    assertBlocks(decideStop(facts({ previousBlocks: { boundary: KEY, count: 2 }, maxConsecutiveBlocks: 3 })), 3);
  });

  it('the same boundary blocked three times before, limit 3 → allow_after_limit', () => {
    const d = decideStop(facts({ previousBlocks: { boundary: KEY, count: 3 }, maxConsecutiveBlocks: 3 }));
    assert.equal(d.action, 'allow_after_limit');
    assert.ok(d.action === 'allow_after_limit' && d.obligation === 'auto_next');
    assert.equal(d.boundary, KEY);
    assert.equal(d.blocks, 3);
    assert.equal(d.from, FROM);
    assert.equal(d.next, NEXT);
    assert.equal(d.verdict.reason, 'missing_auto_next_dispatch');
  });

  it('previous blocks at a different boundary do not count: block #1', () => {
    const d = decideStop(facts({ previousBlocks: { boundary: `${PLAN}#7->8`, count: 3 }, maxConsecutiveBlocks: 3 }));
    assertBlocks(d, 1);
  });

  it('previous blocks at the same tasks of another plan do not count: block #1', () => {
    assertBlocks(decideStop(facts({ previousBlocks: { boundary: 'other-plan#8->9', count: 3 } })), 1);
  });
});

describe('boundaryKey', () => {
  it('is plan#from->next', () => {
    assert.equal(boundaryKey('plan-a', '3', '4'), 'plan-a#3->4');
    assert.equal(boundaryKey(PLAN, '2.1', '10a'), `${PLAN}#2.1->10a`);
  });

  it('is the key a block reports', () => {
    const d = decideStop(facts());
    assert.ok(d.action === 'block' && d.obligation === 'auto_next');
    assert.equal(d.boundary, boundaryKey(PLAN, FROM.id, NEXT.id));
  });
});

describe('decideStop: a replan due comes before the next task', () => {
  const actions = [{ id: 'pa-1', taskId: '8', text: 'add an index' }];
  const due = { from: FROM, actions };

  it('blocks for the replan, keyed to the triggering task, even when a valid receipt exists for the next task', () => {
    const d = decideStop(facts({ replanDue: due, receipts: [receipt()] }));
    assert.ok(d.action === 'block' && d.obligation === 'replan');
    assert.equal(d.blockNumber, 1);
    assert.equal(d.boundary, replanKey(PLAN, '8'));
    assert.deepEqual(d.actions, actions);
  });

  it('a finished plan with a replan due is not marked complete: the replan comes first', () => {
    const d = decideStop(facts({ replanDue: due, boundary: { kind: 'finished' } }));
    assert.ok(d.action === 'block' && d.obligation === 'replan');
  });

  it('a legal closure, a high-risk task, the user pause and running subagents let the stop through', () => {
    assertAllows(decideStop(facts({ replanDue: due, closure: { state: 'waiting_user', reason: 'which task?', source: 'cli' } })), 'replan_closure');
    assertAllows(decideStop(facts({ replanDue: { from: { ...FROM, highRiskStop: true }, actions } })), 'replan_closure');
    assertAllows(decideStop(facts({ replanDue: due, suspended: true })), 'suspended_by_user');
    assertAllows(decideStop(facts({ replanDue: due, runningSubagents: 1 })), 'background_subagents_running');
  });

  it('the loop limit applies to replan blocks too', () => {
    const d = decideStop(facts({ replanDue: due, previousBlocks: { boundary: replanKey(PLAN, '8'), count: 3 }, maxConsecutiveBlocks: 3 }));
    assert.ok(d.action === 'allow_after_limit' && d.obligation === 'replan');
  });

  it('an unapproved plan never blocks for a replan', () => {
    assertAllows(decideStop(facts({ replanDue: due, plan: { id: PLAN, state: 'draft' } })), 'plan_not_approved');
  });
});
