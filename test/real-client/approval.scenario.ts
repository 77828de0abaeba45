// The real Claude Code CLI and continuity's approval and ground-truth words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bash, say } from '../../src/demo/real-client/model-server.js';
import { assertFinished, hookContexts, hookRuns, project, shownSystemMessages, timeline } from './observe.js';

const DRAFT_WORDS = 'continuity ledger: plan payments-export (docs/plans/payments-export.md, 3 tasks) is a draft: it is not approved and its execution has not been authorised.';
/** Words that would read as an order to the model. The hooks state facts. */
const IMPERATIVE = /\b(must|should|please|implement|proceed|start|begin|continue|go ahead|do not|don't|now)\b/i;

test('a: the user prompt `approve` approves the draft plan, and the model is told so', { timeout: 150_000 }, async () => {
  const p = project();
  assert.equal(p.status().plan.state, 'draft');

  const r = await p.run({ prompt: 'approve', turns: [[say('Noted.')]] });
  assertFinished(r);

  assert.equal(r.ledgerStatus.plan.state, 'approved', timeline(r));
  assert.equal(r.ledgerStatus.plan.approval.via, 'user-prompt');
  // The approval came from this Claude Code session's own UserPromptSubmit.
  const prompt = hookRuns(r, 'UserPromptSubmit');
  assert.equal(prompt.length, 1, timeline(r));
  assert.equal(prompt[0]!.output?.systemMessage, 'continuity: plan payments-export approved.');

  // What reached the model: the session started on a draft, then the user approved it.
  const contexts = hookContexts(r.conversation[0]!);
  assert.deepEqual(contexts.map((c) => c.event), ['SessionStart', 'UserPromptSubmit'], timeline(r));
  assert.equal(contexts[0]!.text, DRAFT_WORDS);
  assert.match(contexts[1]!.text, /^Plan payments-export \(docs\/plans\/payments-export\.md\) was approved by the user at \S+; the approval is bound to its current structure \([0-9a-f]{12}\)\.$/);
  // What the person sees: Claude Code keeps the hook's systemMessage for its UI.
  assert.deepEqual(shownSystemMessages(r, 'UserPromptSubmit'), ['continuity: plan payments-export approved.']);
});

test('a: the agent running `continuity approve` in its Bash tool does not approve the plan', { timeout: 150_000 }, async () => {
  const p = project();
  const r = await p.run({ prompt: 'Get the plan approved.', turns: [[bash('continuity approve')], [say('The plan could not be approved from here.')]] });
  assertFinished(r);
  assert.equal(r.ledgerStatus.plan.state, 'draft', timeline(r));
  const toolResult = JSON.stringify(r.conversation[1]!.body.messages.at(-1));
  assert.match(toolResult, /tool_result/);
  assert.doesNotMatch(toolResult, /approved at/, 'the command must not report an approval');
});

test('d: SessionStart states an unapproved plan\'s state in declarative words', { timeout: 150_000 }, async () => {
  const p = project();
  const r = await p.run({ prompt: 'What is the state of the plan?', turns: [[say('The plan is a draft and has not been approved.')]] });
  assertFinished(r);

  // The first request Claude Code sent the model carries the SessionStart context.
  const first = r.conversation[0]!;
  const contexts = hookContexts(first);
  const sessionStart = contexts.filter((c) => c.event === 'SessionStart');
  assert.equal(sessionStart.length, 1, timeline(r));
  assert.equal(sessionStart[0]!.text, DRAFT_WORDS);
  for (const c of contexts) assert.doesNotMatch(c.text, IMPERATIVE, `${c.event} context reads as an instruction: ${c.text}`);

  // A prompt that is not an approval phrase leaves the plan a draft, and a draft never blocks a stop.
  assert.equal(r.ledgerStatus.plan.state, 'draft');
  const stops = hookRuns(r, 'Stop');
  assert.equal(stops.length, 1);
  assert.equal(stops[0]!.output, null, 'the Stop hook says nothing about a draft plan');
  assert.equal(r.conversation.length, 1, timeline(r));
});
