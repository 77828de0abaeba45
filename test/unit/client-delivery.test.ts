// The rule that decides who delivers a subagent's result, the client or
// continuity (src/domain/client-delivery.ts), and OpenClaw's delivery
// statuses read as records.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideDelivery, openClawDeliveryRecord, type DeliveryFacts } from '../../src/domain/client-delivery.js';

const base: DeliveryFacts = { deliveredInLedger: false, childDone: true, record: 'unknown', shownInContext: false, omittedFromContext: false };

test('client delivery: a result the ledger has delivered is never delivered again, whatever the client says', () => {
  for (const record of ['delivered', 'retained', 'abandoned', 'unknown'] as const) {
    assert.deepEqual(decideDelivery({ ...base, deliveredInLedger: true, record, shownInContext: true }), { action: 'none', why: 'already_delivered' });
  }
});

test("client delivery: the client's announce that went through is recorded as the client's delivery", () => {
  assert.deepEqual(decideDelivery({ ...base, record: 'delivered' }), { action: 'record_client_delivery', via: 'announce' });
});

test("client delivery: a result the client put in the requester's context is the client's delivery, even with its announce still pending", () => {
  assert.deepEqual(decideDelivery({ ...base, record: 'retained', shownInContext: true }), { action: 'record_client_delivery', via: 'context' });
  assert.deepEqual(decideDelivery({ ...base, record: 'unknown', shownInContext: true }), { action: 'record_client_delivery', via: 'context' });
});

test('client delivery: a finished result the client keeps and has not shown is left to the client (its next turn shows it), not repeated by continuity', () => {
  assert.deepEqual(decideDelivery({ ...base, record: 'retained' }), { action: 'await_client', why: 'client_retains' });
});

test('client delivery: with no client record, or one the client gave up, continuity recovers it', () => {
  assert.deepEqual(decideDelivery({ ...base, record: 'unknown' }), { action: 'recover', why: 'no_client_record' });
  assert.deepEqual(decideDelivery({ ...base, record: 'abandoned' }), { action: 'recover', why: 'client_abandoned' });
});

test('client delivery: a child not yet done has no result to deliver', () => {
  assert.deepEqual(decideDelivery({ ...base, childDone: false, record: 'retained' }), { action: 'none', why: 'no_result' });
  assert.deepEqual(decideDelivery({ ...base, childDone: false, record: 'unknown' }), { action: 'none', why: 'no_result' });
});

test("client delivery: OpenClaw's TaskDeliveryStatus values as records (2026.9.6)", () => {
  assert.equal(openClawDeliveryRecord('delivered'), 'delivered');
  for (const s of ['pending', 'session_queued', 'in_progress', 'failed', 'suspended']) assert.equal(openClawDeliveryRecord(s), 'retained', s);
  for (const s of ['dismissed', 'parent_missing', 'not_applicable']) assert.equal(openClawDeliveryRecord(s), 'abandoned', s);
  for (const s of [undefined, null, '', 'something-new']) assert.equal(openClawDeliveryRecord(s), 'unknown', String(s));
});

/**
 * The orders the client and continuity can meet in, played through the rule
 * as the adapter plays it: each decision applied to the facts (a delivery,
 * by either, is on the ledger from then on); what reached the model counted.
 */
function play(steps: { record: DeliveryFacts['record']; shownInContext?: boolean; omittedFromContext?: boolean }[]) {
  let deliveredInLedger = false;
  const handed: string[] = [];
  const decisions = steps.map((s) => {
    const d = decideDelivery({ deliveredInLedger, childDone: true, record: s.record, shownInContext: s.shownInContext ?? false, omittedFromContext: s.omittedFromContext ?? false });
    if (d.action === 'record_client_delivery') {
      handed.push(`client:${d.via}`);
      deliveredInLedger = true;
    }
    if (d.action === 'recover') {
      handed.push('continuity');
      deliveredInLedger = true;
    }
    return d.action;
  });
  return { decisions, handed };
}

test('client delivery, in order: the announce fails, the client keeps the result, and the next requester turn lists it: the client delivers it, continuity adds nothing', () => {
  const { decisions, handed } = play([{ record: 'retained' }, { record: 'retained' }, { record: 'retained', shownInContext: true }, { record: 'retained', shownInContext: true }, { record: 'delivered' }]);
  assert.deepEqual(decisions, ['await_client', 'await_client', 'record_client_delivery', 'none', 'none']);
  assert.deepEqual(handed, ['client:context']);
});

test('client delivery, in order: the client keeps the result, then gives it up before showing it: continuity recovers it, once', () => {
  const { decisions, handed } = play([{ record: 'retained' }, { record: 'abandoned' }, { record: 'abandoned' }]);
  assert.deepEqual(decisions, ['await_client', 'recover', 'none']);
  assert.deepEqual(handed, ['continuity']);
});

test("client delivery, in order: the client's registry still keeps the result but its requester turn was built without it (its retries spent): continuity recovers it, once", () => {
  const { decisions, handed } = play([{ record: 'retained' }, { record: 'retained', omittedFromContext: true }, { record: 'retained', omittedFromContext: true }]);
  assert.deepEqual(decisions, ['await_client', 'recover', 'none']);
  assert.deepEqual(handed, ['continuity']);
});

test('client delivery, in order: continuity recovered first (no client record), and the client then lists it or announces it: nothing more is delivered', () => {
  const { decisions, handed } = play([{ record: 'unknown' }, { record: 'retained', shownInContext: true }, { record: 'delivered' }]);
  assert.deepEqual(decisions, ['recover', 'none', 'none']);
  assert.deepEqual(handed, ['continuity']);
});

test('client delivery: while the client keeps the result and lists it at its turns, continuity never recovers it (it is decided from the record before any recovery)', () => {
  for (const shownInContext of [false, true]) {
    const d = decideDelivery({ ...base, record: 'retained', shownInContext });
    assert.notEqual(d.action, 'recover');
  }
  // Shown in context wins over a turn said to have left it out: what the model saw is the delivery.
  assert.deepEqual(decideDelivery({ ...base, record: 'retained', shownInContext: true, omittedFromContext: true }), { action: 'record_client_delivery', via: 'context' });
});
