// The real Codex CLI's subagents (spawn_agent / wait_agent) and continuity's
// delivery watchdog: a child's result that reached the parent is recorded
// delivered; one that never did (Codex ended before handing it over) is
// delivered by continuity when the session is resumed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addedItems, inputText, pause, say, spawnAgent, waitAgents, type ResponsesRequest } from '../../src/demo/real-client/responses-server.js';
import { codexHooks, codexProject, type CodexRunResult } from './run-codex.js';

const RESULT = 'CHILD RESULT: the CSV writer is done; tests pass.';

function timeline(r: CodexRunResult): string {
  const lines = [`exit ${r.exitCode}${r.timedOut ? ' (killed)' : ''}${r.crashed ? ' (crashed)' : ''} in ${r.durationMs} ms; ${r.requests.length} requests`];
  r.requests.forEach((q) => lines.push(`  #${q.seq} [${q.kind}${q.threadId ? ` ${q.threadId.slice(0, 8)}` : ''}${q.turn !== undefined ? ` turn ${q.turn}` : ''}]`));
  for (const h of r.hooks) lines.push(`  hook ${h.kind}${h.input?.agent_id ? ' (child)' : ''} → ${JSON.stringify(h.decision).slice(0, 200)}`);
  if (r.stderr.trim()) lines.push(`  stderr: ${r.stderr.trim().slice(-400)}`);
  return lines.join('\n');
}

test('codex subagent delivered: spawn_agent then wait_agent; the run is recorded dispatched, done and completed, and nothing is delivered again', { timeout: 150_000 }, async () => {
  // No grace: a result Codex had not handed over would be delivered at the next hook point.
  const p = await codexProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    prompt: 'Have a subagent write the CSV writer.',
    turns: [[spawnAgent('Write the CSV writer and report.')], [waitAgents()], [say('The subagent finished the CSV writer.')]],
    subagent: [[say(RESULT)]],
  });
  assert.equal(r.exitCode, 0, timeline(r));
  assert.equal(r.subagentRequests.length, 1, timeline(r));
  // Codex handed the result to the parent as wait_agent's output.
  assert.ok(inputText(r.conversation[2]!).includes(RESULT), timeline(r));
  const runs = r.ledgerStatus.runs as any[];
  assert.equal(runs.length, 1, JSON.stringify(runs));
  const run = runs[0];
  assert.equal(run.status, 'completed', JSON.stringify(run));
  assert.equal(run.source, 'codex');
  assert.equal(run.childDone, true);
  assert.equal(run.resultSource, 'task_output');
  assert.equal(run.forwardedToMain, true);
  // The child's SubagentStop carried its final message; the parent's stop was not held for a delivery.
  assert.equal(codexHooks(r, 'SubagentStop')[0]!.input.last_assistant_message, RESULT);
  assert.deepEqual(codexHooks(r, 'Stop').map((h) => h.decision.output ?? null), [null], timeline(r));
  // The child's first message is its brief, not the person's prompt.
  assert.equal(codexHooks(r, 'SubagentPrompt').length, 1, timeline(r));
});

test('codex subagent lost: the child finishes, Codex ends before the parent gets its result; on resume continuity delivers it', { timeout: 150_000 }, async () => {
  // Recovery starts at the first hook point after the child's end (the default grace of 30 s would wait that long).
  const p = await codexProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const first = await p.run({
    prompt: 'Have a subagent write the CSV writer.',
    // The parent's second request is slow: the child finishes meanwhile, then Codex is killed.
    turns: [[spawnAgent('Write the CSV writer and report.')], [pause(20_000), say('Still waiting.')]],
    subagent: [[say(RESULT)]],
    crashWhen: (proj) => proj.events().some((e) => e.kind === 'SubagentStop'),
  });
  assert.equal(first.crashed, true, timeline(first));
  assert.ok(first.sessionId, timeline(first));
  const before = (first.ledgerStatus.runs as any[])[0];
  assert.equal(before.status, 'done_but_not_forwarded', JSON.stringify(before));
  assert.ok(first.conversation.every((q) => !inputText(q).includes(RESULT)), 'the parent never saw the result');

  const second = await p.run({ prompt: 'Carry on.', resume: first.sessionId!, turns: [[say('Thanks, I have the result now.')]] });
  assert.equal(second.exitCode, 0, timeline(second));
  assert.equal(codexHooks(second, 'SessionStart')[0]!.input.source, 'resume');
  // Codex itself did not hand the result over on resume; continuity's UserPromptSubmit context did.
  const req = second.conversation[0]!;
  const text = inputText({ body: { input: addedItems(undefined, req) } } as ResponsesRequest);
  assert.ok(text.includes(RESULT), timeline(second));
  const prompt = codexHooks(second, 'UserPromptSubmit')[0]!;
  assert.match(prompt.decision.output.hookSpecificOutput.additionalContext, /recovery: fetch_history/);
  const after = (second.ledgerStatus.runs as any[])[0];
  assert.equal(after.status, 'recovered', JSON.stringify(after));
});

test('codex subagent notified: a child that finishes mid-turn reaches the parent as Codex\'s <subagent_notification>; continuity records it delivered and does not deliver it again', { timeout: 150_000 }, async () => {
  const p = await codexProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    prompt: 'Have a subagent write the CSV writer.',
    // The parent's second answer is slow: the child finishes meanwhile and Codex asks the model again with the notification.
    turns: [[spawnAgent('Write the CSV writer and report.')], [pause(3000), say('Dispatched.')], [say('The subagent reported back.')]],
    subagent: [[say(RESULT)]],
  });
  assert.equal(r.exitCode, 0, timeline(r));
  const notified = r.conversation.findIndex((q) => inputText(q).includes('<subagent_notification>'));
  assert.ok(notified > 0, timeline(r));
  assert.ok(inputText(r.conversation[notified]!).includes(RESULT));
  // The Stop found Codex's own notification in the parent's transcript: no block, no second delivery.
  assert.deepEqual(codexHooks(r, 'Stop').map((h) => h.decision.output ?? null), [null], timeline(r));
  const run = (r.ledgerStatus.runs as any[])[0];
  assert.equal(run.status, 'completed', JSON.stringify(run));
  assert.equal(run.resultSource, 'task-notification');
  assert.equal(r.conversation.filter((q) => inputText(q).split(RESULT).length > 2).length, 0, 'the result reached the model once');
});
