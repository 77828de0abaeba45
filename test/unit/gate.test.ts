import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateContinuity, type ContinuityInput } from '../../src/domain/gate.js';
import { checkReceiptLinkage, type DispatchReceipt } from '../../src/domain/receipts.js';

const COMPLETED_AT = '2026-04-24T10:00:00Z';

const PLANNER_INTENT = { type: 'message_subagent', task: 'continue with task-9' };

/** The canonical task-boundary stop: task-8 complete, task-9 of the same approved plan next, nothing dispatched. */
function boundaryStop(overrides: Partial<ContinuityInput> = {}): ContinuityInput {
  return {
    planId: 'plan-auto-next-core',
    currentTask: 'task-8',
    taskState: 'complete',
    nextTaskKnown: true,
    sameApprovedPlan: true,
    taskBoundaryStop: true,
    nextDerivedAction: null,
    replyClosureState: 'completed',
    highRiskStop: false,
    dispatchReceipt: null,
    nextTaskId: 'task-9',
    currentTaskCompletedAt: COMPLETED_AT,
    ...overrides,
  };
}

function receipt(overrides: Partial<DispatchReceipt> = {}): DispatchReceipt {
  return {
    planId: 'plan-auto-next-core',
    fromTaskId: 'task-8',
    nextTaskId: 'task-9',
    dispatchedAt: '2026-04-24T10:00:05Z',
    channel: 'subagent',
    evidence: 'run-42',
    ...overrides,
  };
}

function assertFails(input: ContinuityInput, reason: string): void {
  const v = evaluateContinuity(input);
  assert.equal(v.ok, false);
  assert.equal(v.status, 'continuity_failure');
  assert.equal(v.verdict, 'continuity_failure');
  assert.equal(v.reason, reason);
}

function assertPasses(input: ContinuityInput, reason: string): void {
  const v = evaluateContinuity(input);
  assert.equal(v.ok, true);
  assert.equal(v.status, 'pass');
  assert.equal(v.verdict, 'pass');
  assert.equal(v.reason, reason);
}

describe('canonical failure table (seed 001)', () => {
  it('complete + next task known + no receipt + completed closure fails: missing_auto_next_dispatch', () => {
    assertFails(boundaryStop(), 'missing_auto_next_dispatch');
    assert.equal(evaluateContinuity(boundaryStop()).autoNextObligatory, true);
  });

  it('complete + next task known + valid receipt passes: receipt_valid', () => {
    const v = evaluateContinuity(boundaryStop({ dispatchReceipt: receipt() }));
    assertPasses(boundaryStop({ dispatchReceipt: receipt() }), 'receipt_valid');
    // The obligation still exists; the receipt is what satisfies it.
    assert.equal(v.autoNextObligatory, true);
  });

  for (const closure of ['waiting_user', 'blocked', 'pending_verification']) {
    it(`complete + next task known + ${closure} passes: legal_closure_${closure}`, () => {
      assertPasses(boundaryStop({ replyClosureState: closure }), `legal_closure_${closure}`);
      assert.equal(evaluateContinuity(boundaryStop({ replyClosureState: closure })).autoNextObligatory, false);
    });
  }

  it('complete + next task known + highRiskStop passes: high_risk_stop', () => {
    assertPasses(boundaryStop({ highRiskStop: true }), 'high_risk_stop');
    assert.equal(evaluateContinuity(boundaryStop({ highRiskStop: true })).autoNextObligatory, false);
  });
});

describe('planner intent is not a dispatch', () => {
  it('the seed example envelope (nextDerivedAction, no nextTaskId) fails', () => {
    assertFails(boundaryStop({ nextDerivedAction: PLANNER_INTENT, nextTaskId: undefined, currentTaskCompletedAt: undefined }), 'missing_auto_next_dispatch');
  });

  it('fails with only nextDerivedAction and no receipt', () => {
    assertFails(boundaryStop({ nextDerivedAction: PLANNER_INTENT }), 'missing_auto_next_dispatch');
  });

  it('fails with only derivedAction and no receipt', () => {
    assertFails(boundaryStop({ derivedAction: { type: 'spawn', task: 'task-9' } }), 'missing_auto_next_dispatch');
  });

  it('fails even when the derived action carries every receipt field', () => {
    const lookalike = { ...receipt() };
    assertFails(boundaryStop({ nextDerivedAction: lookalike, derivedAction: lookalike }), 'missing_auto_next_dispatch');
  });
});

describe('when auto-next is not obligatory', () => {
  it('passes when the next task is not known and no next action exists: next_task_unknown', () => {
    assertPasses(boundaryStop({ nextTaskKnown: false, nextTaskId: null }), 'next_task_unknown');
  });

  it('passes when the current task is not complete: task_not_complete', () => {
    assertPasses(boundaryStop({ taskState: 'in_progress' }), 'task_not_complete');
  });

  it('a legal closure still passes with an invalid receipt', () => {
    assertPasses(boundaryStop({ replyClosureState: 'blocked', dispatchReceipt: receipt({ nextTaskId: 'task-10' }) }), 'legal_closure_blocked');
  });
});

describe('legacy rule outside the strict same-plan obligation', () => {
  it('a derived next action not in the same approved plan, with no receipt, fails: missing_dispatch_receipt', () => {
    const input = boundaryStop({ sameApprovedPlan: false, nextDerivedAction: PLANNER_INTENT });
    assertFails(input, 'missing_dispatch_receipt');
    assert.equal(evaluateContinuity(input).autoNextObligatory, false);
  });

  it('a known next task not in the same approved plan, with no receipt, fails: missing_dispatch_receipt', () => {
    assertFails(boundaryStop({ sameApprovedPlan: false }), 'missing_dispatch_receipt');
  });

  it('a next task known but not a marked boundary stop, with no receipt, fails: missing_dispatch_receipt', () => {
    assertFails(boundaryStop({ taskBoundaryStop: false }), 'missing_dispatch_receipt');
  });

  it('only a derived action, the next task itself not known, with no receipt, fails: missing_dispatch_receipt', () => {
    assertFails(boundaryStop({ nextTaskKnown: false, nextDerivedAction: PLANNER_INTENT }), 'missing_dispatch_receipt');
  });

  it('a valid receipt satisfies the legacy rule too', () => {
    assertPasses(boundaryStop({ sameApprovedPlan: false, dispatchReceipt: receipt() }), 'receipt_valid');
  });

  it('a high-risk stop exempts the legacy rule as well', () => {
    assertPasses(boundaryStop({ sameApprovedPlan: false, highRiskStop: true }), 'high_risk_stop');
  });
});

describe('a receipt must link to this hand-off', () => {
  const cases: [string, Partial<DispatchReceipt>, string][] = [
    ['for the wrong next task', { nextTaskId: 'task-10' }, 'wrong_next_task'],
    ['for the wrong plan', { planId: 'plan-other' }, 'wrong_plan'],
    ['from the wrong task', { fromTaskId: 'task-7' }, 'wrong_from_task'],
    ['dated before the task completed', { dispatchedAt: '2026-04-24T09:59:59Z' }, 'stale'],
    ['with a dispatchedAt that has no timezone', { dispatchedAt: '2026-04-24T10:00:05' }, 'malformed'],
  ];
  for (const [what, change, why] of cases) {
    it(`a receipt ${what} fails: missing_auto_next_dispatch (${why})`, () => {
      const v = evaluateContinuity(boundaryStop({ dispatchReceipt: receipt(change) }));
      assertFails(boundaryStop({ dispatchReceipt: receipt(change) }), 'missing_auto_next_dispatch');
      assert.deepEqual(v.receipt, { valid: false, why });
      assert.equal(v.derived.hasDispatchReceipt, false);
    });
  }

  it('evidence of any shape, or none, neither makes nor breaks a receipt: linkage is plan, tasks and freshness', () => {
    for (const evidence of ['run-42', '', { runId: 'r1', childSessionKey: 'agent:main:subagent:1' }, ['r1', 'm7'], 42, null, undefined]) {
      const r = receipt({ evidence });
      if (evidence === undefined) delete r.evidence;
      assertPasses(boundaryStop({ dispatchReceipt: r }), 'receipt_valid');
      assertFails(boundaryStop({ dispatchReceipt: { ...r, nextTaskId: 'task-10' } }), 'missing_auto_next_dispatch');
    }
  });

  it('a receipt dated exactly at completion is fresh', () => {
    assertPasses(boundaryStop({ dispatchReceipt: receipt({ dispatchedAt: COMPLETED_AT }) }), 'receipt_valid');
  });

  it('freshness compares instants, not strings, across timezones', () => {
    // 11:30+02:00 is 09:30Z, half an hour before completion.
    assertFails(boundaryStop({ dispatchReceipt: receipt({ dispatchedAt: '2026-04-24T11:30:00+02:00' }) }), 'missing_auto_next_dispatch');
  });

  it('without nextTaskId the next-task check is skipped (the seed schema gap)', () => {
    assertPasses(boundaryStop({ nextTaskId: undefined, dispatchReceipt: receipt({ nextTaskId: 'task-10' }) }), 'receipt_valid');
  });

  it('without currentTaskCompletedAt freshness is not checked', () => {
    const early = receipt({ dispatchedAt: '2020-01-01T00:00:00Z' });
    assertPasses(boundaryStop({ currentTaskCompletedAt: undefined, dispatchReceipt: early }), 'receipt_valid');
  });
});

describe('checkReceiptLinkage', () => {
  const expected = { planId: 'plan-auto-next-core', fromTaskId: 'task-8', nextTaskId: 'task-9', fromTaskCompletedAt: COMPLETED_AT };

  it('reports a missing receipt', () => {
    assert.deepEqual(checkReceiptLinkage(null, expected), { valid: false, why: 'missing' });
  });

  it('accepts a receipt that matches plan, from-task and next task after completion', () => {
    assert.deepEqual(checkReceiptLinkage(receipt(), expected), { valid: true });
  });

  it('names the coarsest defect first', () => {
    assert.deepEqual(checkReceiptLinkage(receipt({ planId: 'plan-other', nextTaskId: 'task-10' }), expected), { valid: false, why: 'wrong_plan' });
  });
});

describe('the verdict message', () => {
  it('states the facts of a missing auto-next dispatch: the tasks, the plan and the allowed stops', () => {
    const { message } = evaluateContinuity(boundaryStop());
    assert.match(message, /task-8 of plan plan-auto-next-core is complete/);
    assert.match(message, /task task-9 of the same approved plan is known/);
    assert.match(message, /no dispatch receipt for task task-9 exists/);
    assert.match(message, /allowed only for waiting_user, blocked, pending_verification or a declared high-risk stop\.$/);
  });

  it('says why a given receipt does not count', () => {
    const { message } = evaluateContinuity(boundaryStop({ dispatchReceipt: receipt({ nextTaskId: 'task-10' }) }));
    assert.match(message, /no valid dispatch receipt for task task-9 exists: the one given is for task task-10/);
  });

  it('says which part of the strict obligation was not established in a legacy failure', () => {
    const { message } = evaluateContinuity(boundaryStop({ sameApprovedPlan: false }));
    assert.match(message, /not shown to be in the same approved plan/);
  });

  it('is one sentence that gives no order', () => {
    for (const input of [boundaryStop(), boundaryStop({ dispatchReceipt: receipt() }), boundaryStop({ highRiskStop: true })]) {
      const { message } = evaluateContinuity(input);
      assert.equal(message.split(/\.\s/).length, 1, message);
      assert.doesNotMatch(message, /\b(must|do not|don't|should|please)\b/i);
    }
  });
});
