import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capped, MEMORY_LIMIT, newSessionMemory } from '../../src/adapters/openclaw/session-memory.js';
import { STORE_LIMIT } from '../../src/adapters/openclaw/plugin-store.js';

test("the plugin's memory does not grow with the turns: each table keeps its newest entries, the kept ones as many as the store holds", () => {
  const m = newSessionMemory(null);
  for (let i = 0; i < 5000; i++) {
    m.children.set(`agent:main:subagent:${i}`, 'agent:main:main');
    m.ownRuns.add(`run-${i}`);
    m.told.add(`words-${i}`);
    m.started.add(`agent:main:s${i}`);
    m.prompts.set(`run-${i}`, 'go on');
    m.feedback.set(`agent:main:s${i}`, ['said']);
  }
  m.save();
  assert.equal(m.children.size, STORE_LIMIT);
  assert.equal(m.ownRuns.size, STORE_LIMIT);
  assert.equal(m.told.size, STORE_LIMIT);
  assert.equal(m.started.size, MEMORY_LIMIT);
  assert.equal(m.prompts.size, MEMORY_LIMIT);
  assert.equal(m.feedback.size, MEMORY_LIMIT);
  // The newest stay: what a restart would read back from the store.
  assert.ok(m.children.has('agent:main:subagent:4999'));
  assert.ok(!m.children.has('agent:main:subagent:0'));
});

test('capped keeps the newest entries of a set', () => {
  const s = new Set([1, 2, 3, 4, 5]);
  assert.deepEqual([...capped(s, 2)], [4, 5]);
});
