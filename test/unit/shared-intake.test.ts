import assert from 'node:assert/strict';
import { test } from 'node:test';
import { intakeOf, type IntakeFacts, type IntakeRecord } from '../../src/domain/shared-intake.js';

const facts: IntakeFacts = {
  projectId: 'a'.repeat(40),
  plan: { id: 'payments', path: 'docs/plans/payments.md', structureHash: 'h1', state: 'approved', approvedHash: 'h1' },
  tasks: [
    { id: '1', state: null },
    { id: '2', state: 'complete' },
  ],
  lastSignedAt: null,
  actions: new Map(),
  replannedTaskIds: [],
};

function record(over: Partial<IntakeRecord>): IntakeRecord {
  return { id: 'm2:7', machine: 'm2', kind: 'task.done', at: '2026-01-01T00:00:00.000Z', client: 'codex', sessionId: 's', planPath: 'docs/plans/payments.md', structureHash: 'h1', input: { taskId: '1' }, decision: { planId: 'payments', taskId: '1', state: 'complete' }, approval: null, ...over };
}

const statement = { action: 'approve' as const, repo: 'a'.repeat(40), planPath: 'docs/plans/payments.md', structureHash: 'h1', at: '2026-01-01T00:00:00.000Z' };

test('a task completed on another machine, for the same plan and structure, is complete here', () => {
  assert.deepEqual(intakeOf(facts, record({}), null), { take: 'task-state', planId: 'payments', taskId: '1', state: 'complete', actions: [] });
});

test('a task already complete here is a repeated completion, as a second client on one machine is', () => {
  assert.deepEqual(intakeOf(facts, record({ decision: { taskId: '2' } }), null), { take: 'repeated', planId: 'payments', taskId: '2', actions: [] });
});

test("a task recorded against another version of the plan (a replan there) is not applied, and the person is told", () => {
  const i = intakeOf(facts, record({ structureHash: 'h2' }), null);
  assert.equal(i.take, 'refused');
  assert.match(i.take === 'refused' ? i.notice ?? '' : '', /another version of the plan/);
});

test('a replan on another machine is said to the person here', () => {
  const i = intakeOf(facts, record({ kind: 'replan', structureHash: 'h2', decision: { planId: 'payments', accepted: true } }), null);
  assert.equal(i.take, 'refused');
  assert.match(i.take === 'refused' ? i.notice ?? '' : '', /changed on m2/);
});

test('a block does not undo a completion', () => {
  assert.equal(intakeOf(facts, record({ kind: 'task.blocked', decision: { taskId: '2' } }), null).take, 'refused');
});

test('an unsigned approval is never believed', () => {
  for (const r of [record({ kind: 'approve', decision: { action: 'approved' } }), record({ kind: 'UserPromptSubmit', decision: { action: 'approved' } }), record({ kind: 'revoke', decision: { action: 'revoked' } })]) {
    const i = intakeOf(facts, r, null);
    assert.equal(i.take, 'refused', r.kind);
    assert.match(i.take === 'refused' ? i.reason : '', /no signed statement/);
  }
});

test('a signed approval is believed only when its signature verifies and it names this plan as it is here', () => {
  const signed = record({ kind: 'approve', decision: { action: 'approved' }, approval: { statement, signature: 'sig' } });
  assert.equal(intakeOf(facts, signed, null).take, 'refused', 'the signature could not be checked');
  assert.equal(intakeOf(facts, record({ kind: 'approve', approval: { statement: null, signature: 'sig' } }), { ok: true, signer: 'ann' }).take, 'refused', 'a statement no person signs');
  assert.equal(intakeOf(facts, signed, { ok: false, reason: 'bad signature' }).take, 'refused');
  assert.deepEqual(intakeOf(facts, signed, { ok: true, signer: 'ann@example.com' }), { take: 'approval', action: 'approve', planId: 'payments', signer: 'ann@example.com' });
  assert.equal(intakeOf(facts, record({ kind: 'approve', approval: { statement: { ...statement, structureHash: 'h2' }, signature: 's' } }), { ok: true, signer: 'ann' }).take, 'refused');
  assert.equal(intakeOf(facts, record({ kind: 'approve', approval: { statement: { ...statement, repo: 'other' }, signature: 's' } }), { ok: true, signer: 'ann' }).take, 'refused');
});

test('a signed revocation takes the approval back', () => {
  const r = record({ kind: 'revoke', decision: { action: 'revoked' }, approval: { statement: { ...statement, action: 'revoke' }, signature: 's' } });
  assert.deepEqual(intakeOf(facts, r, { ok: true, signer: 'ann' }), { take: 'approval', action: 'revoke', planId: 'payments', signer: 'ann' });
});

test('hook calls and receipts of other machines stay in the shared audit trail', () => {
  assert.deepEqual(intakeOf(facts, record({ kind: 'PreToolUse', decision: { action: 'allow' } }), null), { take: 'audit' });
});

test('a signed statement copied into a new record (a replay) is not believed again', () => {
  const r = record({ kind: 'approve', decision: { action: 'approved' }, approval: { statement, signature: 's' } });
  const i = intakeOf({ ...facts, lastSignedAt: statement.at }, r, { ok: true, signer: 'ann' });
  assert.equal(i.take, 'refused');
  assert.match(i.take === 'refused' ? i.reason : '', /not newer/);
  assert.equal(intakeOf({ ...facts, lastSignedAt: '2025-12-31T00:00:00.000Z' }, r, { ok: true, signer: 'ann' }).take, 'approval');
});

test('a signed revocation names the structure of the approval it takes back', () => {
  const r = record({ kind: 'revoke', approval: { statement: { ...statement, action: 'revoke', structureHash: 'h0' }, signature: 's' } });
  assert.equal(intakeOf({ ...facts, plan: { ...facts.plan!, approvedHash: 'h0' } }, r, { ok: true, signer: 'ann' }).take, 'approval');
  assert.equal(intakeOf(facts, r, { ok: true, signer: 'ann' }).take, 'refused');
});
