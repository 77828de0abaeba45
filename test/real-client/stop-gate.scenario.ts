// The real Claude Code CLI and continuity's Stop gate (auto-next obligation).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bash, say, write } from '../../src/demo/real-client/model-server.js';
import { addedUserText, approvedProject, unwrapHookText, assertFinished, hookRuns, shownSystemMessages, stopFeedback, timeline } from './observe.js';

const CLOSEOUT = [say('Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).')];

test('b: stopping after Task 1 comes back to the model as Stop hook feedback naming Task 2, and the session goes on', { timeout: 150_000 }, async () => {
  const p = await approvedProject();
  const r = await p.run({
    prompt: 'Execute the approved plan.',
    turns: [
      [say('Task 1: writing the CSV writer.'), bash('continuity task done 1')],
      CLOSEOUT,
      // Only reached if Claude Code re-invokes the model after the block.
      [say('Picking up Task 2.'), write('src/export-endpoint.ts', 'export const exportEndpoint = "/payments/export.csv";\n')],
      [bash('continuity task done 2 && continuity task done 3')],
      [say('All three tasks of the plan are complete.')],
    ],
  });
  assertFinished(r);

  // The request after the close-out carries the block, as a user message.
  assert.equal(r.conversation[1]!.turn, 1);
  const feedback = unwrapHookText(addedUserText(r, 2));
  assert.match(feedback, /^Stop hook feedback:\n/, timeline(r));
  assert.match(feedback, /Task 1 "CSV writer" of the approved plan payments-export is complete\./);
  assert.match(feedback, /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task of the same plan/);
  assert.match(feedback, /block 1 of 3 at this boundary/);

  // The session continued: every scripted turn was used, Task 2's file exists, and the plan finished.
  assert.deepEqual(r.conversation.map((q) => q.turn), [0, 1, 2, 3, 4], timeline(r));
  assert.equal(r.files['src/export-endpoint.ts'], 'export const exportEndpoint = "/payments/export.csv";\n');
  assert.deepEqual(r.ledgerStatus.plan.tasks.map((t: { state: string }) => t.state), ['complete', 'complete', 'complete']);
  assert.equal(r.ledgerStatus.plan.state, 'complete');
  // One block, then the final stop (plan complete) goes through silently.
  assert.deepEqual(hookRuns(r, 'Stop').map((h) => h.output?.decision ?? null), ['block', null], timeline(r));
});

test('c: a `waiting_user` closure line ends the session at the boundary', { timeout: 150_000 }, async () => {
  const p = await approvedProject();
  const r = await p.run({
    prompt: 'Execute the approved plan.',
    turns: [
      [bash('continuity task done 1')],
      [say('Task 1 is done. Task 2 needs a decision: CSV or XLSX?\n\ncontinuity-closure: waiting_user — which export format the user wants')],
    ],
    afterLast: [say('This turn should never be requested.')],
  });
  assertFinished(r);

  // No request after the stop: the model was not re-invoked.
  assert.deepEqual(r.conversation.map((q) => q.kind), ['scenario', 'scenario'], timeline(r));
  const stops = hookRuns(r, 'Stop');
  assert.equal(stops.length, 1, timeline(r));
  assert.equal(stops[0]!.output, null, 'the Stop hook lets the stop through without a word');
  assert.deepEqual(stopFeedback(r), []);
  const result = r.stream.find((e) => e.type === 'result')!;
  assert.match(String(result.result), /continuity-closure: waiting_user/);
  assert.equal(r.ledgerStatus.recentViolations.length, 0);
});

test('e: the Stop loop limit ends the session instead of looping, and tells the user', { timeout: 150_000 }, async () => {
  const p = await approvedProject();
  const r = await p.run({
    prompt: 'Execute the approved plan.',
    turns: [[bash('continuity task done 1')], CLOSEOUT],
    // A model that keeps answering the same close-out, whatever it is told.
    afterLast: CLOSEOUT,
  });
  assertFinished(r);

  // Blocked three times, then let through: five model requests, no sixth.
  assert.deepEqual(r.conversation.map((q) => q.kind), ['scenario', 'scenario', 'after-last', 'after-last', 'after-last'], timeline(r));
  const feedback = stopFeedback(r);
  assert.equal(feedback.length, 3, timeline(r));
  feedback.forEach((f, i) => assert.match(f, new RegExp(`Task 2 "Export endpoint".*block ${i + 1} of 3 at this boundary`, 's')));

  const stops = hookRuns(r, 'Stop');
  assert.deepEqual(stops.map((h) => h.output?.decision ?? null), ['block', 'block', 'block', null], timeline(r));
  const limit = stops[3]!.output?.systemMessage as string;
  assert.match(limit, /^continuity: continuity failure in plan payments-export: the session stopped after Task 1 "CSV writer" while Task 2 "Export endpoint" was next and not dispatched\. The Stop gate blocked 3 times in a row/);
  // Claude Code keeps it for the person (its UI shows "Stop says: …"); it is not sent to the model.
  assert.deepEqual(shownSystemMessages(r, 'Stop'), [limit]);
  assert.ok(r.conversation.every((q) => !JSON.stringify(q.body).includes('continuity failure in plan')));
  // Continuity's own limit ended it, not Claude Code's cap on consecutive Stop blocks.
  assert.doesNotMatch(r.stdout, /consecutive times/);
  assert.deepEqual(r.ledgerStatus.recentViolations.map((v: { kind: string }) => v.kind), ['stopped_at_task_boundary']);
});
