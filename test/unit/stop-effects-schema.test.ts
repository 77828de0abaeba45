// What a held Stop's spool file may carry (src/ledger/stop-effects.ts): its receipt and the session's counter, nothing more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSpooledStopEffects } from '../../src/ledger/stop-effects.js';

const receipt = { planId: 'p', fromTaskId: '1', nextTaskId: '2', blockNumber: 1, maxConsecutiveBlocks: 3 };

test("a held Stop's effects: the receipt and the counter are taken; more, or malformed, is not", () => {
  for (const ok of [{ session: { boundary: null, blocks: 0 } }, { session: { boundary: '1->2', blocks: 3 }, receipt }, { session: { boundary: 'x', blocks: 1_000_000 }, receipt: { ...receipt, maxConsecutiveBlocks: 0 } }]) assert.equal(isSpooledStopEffects(ok), true, JSON.stringify(ok));
  const bad: unknown[] = [
    null, 'x', [], {}, { session: { boundary: null } }, { session: { boundary: null, blocks: -1 } }, { session: { boundary: null, blocks: 1.5 } }, { session: { boundary: null, blocks: 1_000_001 } },
    { session: { boundary: 5, blocks: 0 } }, { session: { boundary: null, blocks: 0, more: 1 } }, { session: { boundary: null, blocks: 0 }, closure: { state: 'done', reason: 'x' } },
    { session: { boundary: null, blocks: 0 }, violation: { kind: 'k', summary: 's' } }, { session: { boundary: null, blocks: 0 }, planComplete: 'p' },
    { session: { boundary: null, blocks: 0 }, receipt: { ...receipt, blockNumber: 0 } }, { session: { boundary: null, blocks: 0 }, receipt: { ...receipt, extra: 1 } },
    { session: { boundary: 'x'.repeat(100_001), blocks: 0 } }, { session: { boundary: null, blocks: 0 }, receipt: { ...receipt, planId: 7 } },
  ];
  for (const no of bad) assert.equal(isSpooledStopEffects(no), false, JSON.stringify(no)?.slice(0, 80));
});
