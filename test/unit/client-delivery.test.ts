// The rule that decides who delivers a subagent's result, the client or
// continuity (src/domain/client-delivery.ts), and OpenClaw's delivery
// statuses read as records.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideDelivery, openClawDeliveryRecord, type DeliveryFacts } from '../../src/domain/client-delivery.js';

const base: DeliveryFacts = { deliveredInLedger: false, childDone: true, record: 'unknown', shownInContext: false };

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
