// A Stop loads only its own part of the deciding code, whatever runs it (the
// Node hook, the compiled executable, the sources): the other events'
// handlers are never evaluated for it. test/e2e/node-hook-files.test.ts
// shows the same for the files the Node hook loads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadDeciders, loadInboxDeciders, loadWiringDeciders } from '../../src/hooks/load-deciders.js';

test("a Stop's deciding code is the Stop's part, without the other events' handlers", async () => {
  const code = (await loadDeciders('Stop')) as Record<string, unknown>;
  assert.equal(typeof code.handleStop, 'function');
  assert.equal(typeof code.Ledger, 'function');
  for (const other of ['handleToolUse', 'handleUserPrompt', 'handleSessionStart', 'takeInbox', 'repairWiring']) assert.equal(code[other], undefined, other);
  assert.equal(typeof ((await loadInboxDeciders('Stop')) as Record<string, unknown>).takeInbox, 'function');
  assert.equal(((await loadInboxDeciders('Stop')) as Record<string, unknown>).handleToolUse, undefined);
  assert.equal(typeof ((await loadWiringDeciders('Stop')) as Record<string, unknown>).repairWiring, 'function');
  assert.equal(((await loadWiringDeciders('Stop')) as Record<string, unknown>).handleToolUse, undefined);
});

test('the other events load every handler', async () => {
  const code = (await loadDeciders('UserPromptSubmit')) as Record<string, unknown>;
  assert.equal(typeof code.handleUserPrompt, 'function');
  assert.equal(typeof code.handleToolUse, 'function');
});

// A long-lived process decides many calls: each part is imported once, not resolved again per call (src/util/imported-once.ts).
test('each part of the deciding code is imported once per process: every later call gets the same promise', () => {
  for (const event of ['Stop', 'UserPromptSubmit']) {
    assert.equal(loadDeciders(event), loadDeciders(event), event);
    assert.equal(loadInboxDeciders(event), loadInboxDeciders(event), event);
    assert.equal(loadWiringDeciders(event), loadWiringDeciders(event), event);
  }
});
