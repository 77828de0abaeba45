import assert from 'node:assert/strict';
import { test } from 'node:test';
import { intakeOf, type IntakeFacts, type IntakeRecord } from '../../src/domain/shared-intake.js';

const facts: IntakeFacts = {
  projectId: 'a'.repeat(40),
  plan: { id: 'payments', path: 'docs/plans/payments.md', structureHash: 'h1', state: 'approved', approvedHash: 'h1' },
  tasks: [
    { id: '1', state: null },
    { id: '2', state: 'complete' },
    { id: '3', state: null },
  ],
  lastSignedAt: null,
  actions: new Map(),
  replannedTaskIds: [],
};

function record(over: Partial<IntakeRecord>): IntakeRecord {
  return { id: 'm2:7', machine: 'm2', kind: 'task.done', at: '2026-01-01T00:00:00.000Z', client: 'codex', sessionId: 's', planPath: 'docs/plans/payments.md', structureHash: 'h1', input: { taskId: '1' }, decision: { planId: 'payments', taskId: '1', state: 'complete' }, approval: null, ...over };
}

const pa1 = { id: 'pa-1', taskId: '1', text: 'Add the retry header' };
const pa2 = { id: 'pa-2', taskId: '1', text: 'Document the export limits' };
const withActions = (...actions: unknown[]) => ({ taskId: '1', raisedActions: actions });

test("a task completed there with pending actions in its summary: the completion and the actions are taken here", () => {
  assert.deepEqual(intakeOf(facts, record({ input: withActions(pa1, pa2) }), null), { take: 'task-state', planId: 'payments', taskId: '1', state: 'complete', actions: [pa1, pa2] });
});

test('a repeated completion still brings the pending actions found there', () => {
  const i = intakeOf(facts, record({ input: { ...withActions(pa1), taskId: '2' }, decision: { taskId: '2' } }), null);
  assert.deepEqual(i, { take: 'repeated', planId: 'payments', taskId: '2', actions: [pa1] });
});

test('an action already known here, whatever its state, is not raised again (one id, one action)', () => {
  const known: IntakeFacts = { ...facts, actions: new Map([['pa-1', { state: 'dropped', absorbedInto: null }]]) };
  assert.deepEqual(intakeOf(known, record({ input: withActions(pa1, pa2, pa2) }), null), { take: 'task-state', planId: 'payments', taskId: '1', state: 'complete', actions: [pa2] });
});

test('pending actions read from a summary file there are raised here; nothing new is only audit', () => {
  const r = record({ kind: 'summary.read', input: { planId: 'payments', raisedActions: [pa1] }, decision: null });
  assert.deepEqual(intakeOf(facts, r, null), { take: 'actions', planId: 'payments', actions: [pa1] });
  assert.deepEqual(intakeOf({ ...facts, actions: new Map([['pa-1', { state: 'open', absorbedInto: null }]]) }, r, null), { take: 'audit' });
});

test('actions malformed or of a task this plan does not have are left out', () => {
  const r = record({ kind: 'summary.read', input: { raisedActions: [{ id: 'x', taskId: '9', text: 't' }, { id: 3 }, null, 'pa', pa1] }, decision: null });
  assert.deepEqual(intakeOf(facts, r, null), { take: 'actions', planId: 'payments', actions: [pa1] });
  assert.deepEqual(intakeOf(facts, { ...r, input: { raisedActions: 'pa-1' } }, null), { take: 'audit' });
});

test('pending actions recorded for another version of the plan are not taken, with the task state they came with', () => {
  const i = intakeOf(facts, record({ structureHash: 'h2', input: withActions(pa1) }), null);
  assert.equal(i.take, 'refused');
  const read = record({ kind: 'summary.read', input: { raisedActions: [pa1] }, decision: null });
  assert.equal(intakeOf(facts, read, null).take, 'actions', 'the same record for this structure is taken');
  assert.equal(intakeOf(facts, { ...read, structureHash: 'h2' }, null).take, 'audit');
  assert.equal(intakeOf(facts, { ...read, planPath: 'docs/plans/other.md' }, null).take, 'audit');
});

const open = (...ids: string[]): IntakeFacts['actions'] => new Map(ids.map((id) => [id, { state: 'open', absorbedInto: null }]));
const replan = (input: unknown) => record({ kind: 'replan', input, decision: { planId: 'payments', accepted: true } });

test('a replan there resolves here the actions still open here, and marks its task replanned', () => {
  const i = intakeOf({ ...facts, actions: open('pa-1', 'pa-2') }, replan({ fromTaskId: '1', absorb: { 'pa-1': '3' }, drop: { 'pa-2': 'not needed' } }), null);
  assert.deepEqual(i, { take: 'replan', planId: 'payments', fromTaskId: '1', absorb: [['pa-1', '3']], drop: [['pa-2', 'not needed']], conflicts: [] });
});

test('replans on both machines, this one first: each action keeps the resolution recorded first here, the difference named', () => {
  const here: IntakeFacts = { ...facts, actions: new Map([['pa-1', { state: 'dropped', absorbedInto: null }], ['pa-2', { state: 'absorbed', absorbedInto: '3' }]]), replannedTaskIds: ['1'] };
  const i = intakeOf(here, replan({ fromTaskId: '1', absorb: { 'pa-1': '3', 'pa-2': '3' }, drop: {} }), null);
  assert.equal(i.take, 'refused', 'nothing to change: the task is replanned here already');
  assert.match(i.take === 'refused' ? i.reason : '', /already recorded here; pa-1 was absorbed into Task 3 on m2; here it stays dropped/);
  assert.doesNotMatch(i.take === 'refused' ? i.reason : '', /pa-2/, 'the same resolution is no conflict');
});

test('replans on both machines, the other first: its resolution is taken for the actions still open here', () => {
  const here: IntakeFacts = { ...facts, actions: new Map([['pa-1', { state: 'open', absorbedInto: null }], ['pa-2', { state: 'done', absorbedInto: '3' }]]) };
  const i = intakeOf(here, replan({ fromTaskId: '1', absorb: { 'pa-1': '3' }, drop: { 'pa-2': 'dup' } }), null);
  assert.deepEqual(i, { take: 'replan', planId: 'payments', fromTaskId: '1', absorb: [['pa-1', '3']], drop: [], conflicts: ['pa-2 was dropped on m2; here it stays absorbed into Task 3'] });
});

test('a replan of an action not yet known here is still the task replanned (the loop protection holds); the action is named', () => {
  const i = intakeOf(facts, replan({ fromTaskId: '1', absorb: {}, drop: { 'pa-9': 'x' } }), null);
  assert.deepEqual(i, { take: 'replan', planId: 'payments', fromTaskId: '1', absorb: [], drop: [], conflicts: ['pa-9 (dropped on m2) is not known here'] });
});

test('a replan naming no task of this plan, or malformed, is not taken', () => {
  assert.equal(intakeOf(facts, replan({ fromTaskId: '7' }), null).take, 'refused');
  assert.equal(intakeOf(facts, replan({ fromTaskId: '1', absorb: { 'pa-1': 3 } }), null).take, 'refused');
  assert.equal(intakeOf(facts, replan({ fromTaskId: '1', absorb: ['pa-1'] }), null).take, 'refused');
});

test('a replan recorded against another structure of the plan is not applied, and the change is named', () => {
  const same = record({ kind: 'replan', input: { fromTaskId: '1', drop: { 'pa-1': 'x' } } });
  assert.equal(intakeOf({ ...facts, actions: open('pa-1') }, same, null).take, 'replan', 'the same replan for this structure is applied');
  const i = intakeOf({ ...facts, actions: open('pa-1') }, { ...same, structureHash: 'h2' }, null);
  assert.equal(i.take, 'refused');
  assert.match(i.take === 'refused' ? i.notice ?? '' : '', /changed on m2/);
});
