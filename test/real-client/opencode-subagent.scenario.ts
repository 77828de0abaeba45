// The real OpenCode's subagents and continuity's delivery watchdog. OpenCode's
// `task` tool runs a child session and hands its final answer to the caller
// as the tool's output: a run is opened when the call starts, the child is
// done at its last step, and the result is delivered when the caller's
// `task` call returns it. When OpenCode ends between the two (killed right
// after the child's last step), the result is lost: the caller's session,
// resumed, gets it from continuity at its next prompt, and the person is told.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentText, say, tool, type ChatRequest } from './chat-completions-server.js';
import { openCodeHooks, openCodeProject, OPENCODE_UNDER_TEST, type OpenCodeRunResult } from './run-opencode.js';

const BRIEF = 'Review docs/plans/payments-export.md and report any task without a test step.';
const RESULT = 'Review of payments-export: Task 3 "Document the export" has no test step; Tasks 1 and 2 start with a failing test.';
const DISPATCH = tool('task', { description: 'Review the plan', prompt: BRIEF, subagent_type: 'general' });
const name = (s: string) => `opencode (${OPENCODE_UNDER_TEST}) subagent: ${s}`;

function timeline(r: OpenCodeRunResult): string {
  const lines = [`exit ${r.exitCode}${r.timedOut ? ' (killed)' : ''} in ${r.durationMs} ms; ${r.requests.length} requests`];
  r.requests.forEach((q) => lines.push(`  #${q.seq} [${q.kind}${q.turn !== undefined ? ` turn ${q.turn}` : ''}] tools ${(q.body?.tools ?? []).length}`));
  for (const h of r.hooks) lines.push(`  hook ${h.kind} (${h.input?.agent_event_name}) ${h.sessionId} → ${JSON.stringify(h.decision ?? null).slice(0, 240)}`);
  if (r.stderr.trim()) lines.push(`  stderr: ${r.stderr.trim().slice(-800)}`);
  return lines.join('\n');
}

function allText(q: ChatRequest): string {
  return ((q.body?.messages ?? []) as { content: unknown }[]).map((m) => contentText(m.content)).join('\n');
}

test(name("a task call's result returned to the caller closes its run (completed, from the tool's result); the subagent's last step is its end, not a stop of the caller's"), { timeout: 200_000 }, async () => {
  const p = openCodeProject();
  const r = await p.run({ prompt: 'Have the plan reviewed.', turns: [[DISPATCH], [say('The review is back: Task 3 has no test step.')]], subagent: [[say(RESULT)]] });
  assert.equal(r.timedOut, false, timeline(r));
  assert.equal(r.exitCode, 0, timeline(r));
  assert.equal(r.subagentRequests.length, 1, timeline(r));
  assert.ok(allText(r.subagentRequests[0]!).includes(BRIEF), timeline(r));
  // The caller's model read the result once, in the task tool's output.
  assert.equal(allText(r.conversation[1]!).split(RESULT).length - 1, 1, timeline(r));
  const parent = openCodeHooks(r, 'chat.message').find((h) => h.kind === 'UserPromptSubmit')!.sessionId;
  const child = r.hooks.find((h) => h.kind === 'SubagentStop');
  assert.ok(child, timeline(r));
  assert.equal(child.sessionId, parent, 'the child is recorded in its caller\'s session');
  assert.equal(child.decision.action, 'child_done', timeline(r));
  // Only the caller's own last step was judged as a stop.
  assert.equal(r.hooks.filter((h) => h.kind === 'Stop').length, 1, timeline(r));
  const runs = r.ledgerStatus.runs;
  assert.equal(runs.length, 1, timeline(r));
  assert.equal(runs[0].status, 'completed', timeline(r));
  assert.equal(runs[0].resultSource, 'tool_result');
  assert.equal(runs[0].childSessionKey, child.input.agent_id);
  assert.equal(runs[0].childDone, true);
  assert.equal(runs[0].capturedResultChars, RESULT.length);
  assert.deepEqual(runs[0].recoveryAttempts, []);
  assert.equal(runs[0].source, 'opencode');
});

test(name("OpenCode ends after the subagent's last step and before the task call returns: the run is done but not forwarded; the caller's session, resumed, gets the captured result at its next prompt (fetch_history) and the person is told"), { timeout: 300_000 }, async () => {
  // Recovery starts at the first hook point after the child's end (the default grace of 30 s would wait that long).
  const p = openCodeProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  p.killAfterSubagentStop();
  const first = await p.run({ prompt: 'Have the plan reviewed.', turns: [[DISPATCH], [say('This answer is never asked for: OpenCode is gone.')]], subagent: [[say(RESULT)]] });
  assert.notEqual(first.exitCode, 0, timeline(first));
  assert.equal(first.conversation.length, 1, `the caller never saw the result\n${timeline(first)}`);
  const lost = first.ledgerStatus.runs[0];
  assert.ok(lost, timeline(first));
  assert.equal(lost.childDone, true, timeline(first));
  assert.equal(lost.capturedResultChars, RESULT.length);
  assert.equal(lost.status, 'done_but_not_forwarded', timeline(first));
  const parent = openCodeHooks(first, 'chat.message').find((h) => h.kind === 'UserPromptSubmit')!.sessionId!;

  const second = await p.run({ prompt: 'Is the plan review back?', session: parent, turns: [[say('The review is back: Task 3 has no test step.')]], afterLast: [say('This turn should never be requested.')] });
  assert.equal(second.exitCode, 0, timeline(second));
  assert.deepEqual(second.conversation.map((q) => q.turn), [0], timeline(second));
  const said = allText(second.conversation[0]!);
  assert.equal(said.split(RESULT).length - 1, 1, `the result reaches the model once, from continuity\n${timeline(second)}`);
  const prompt = second.hooks.find((h) => h.kind === 'UserPromptSubmit')!;
  assert.equal(prompt.sessionId, parent);
  const delivered = String(prompt.decision.output?.hookSpecificOutput?.additionalContext);
  assert.match(delivered, /Subagent run r-1 \(general, "Review the plan", dispatched (?:\d+ s ago|just now)\) finished (?:\d+ s ago|just now); its result did not reach this conversation\. continuity delivers it here \(recovery: fetch_history\)\./, timeline(second));
  assert.ok(said.includes(delivered.trim().split('\n\n').pop()!), timeline(second));
  // Told to the person (OpenCode shows the plugin's message as a toast), not put before the model.
  assert.match(String(prompt.decision.output?.systemMessage), /^continuity: Subagent run r-1 \(general, "Review the plan", dispatched[\s\S]*continuity delivered its captured final message \(\d+ characters\) at this prompt \(recovered\)\.$/, timeline(second));
  const run = second.ledgerStatus.runs[0];
  assert.equal(run.status, 'recovered', timeline(second));
  assert.equal(run.resultSource, 'fetch_history');
  assert.deepEqual(run.recoveryAttempts.map((a: { action: string; outcome: string }) => [a.action, a.outcome]), [['fetch_history', 'delivered']]);
  assert.equal(second.ledgerStatus.runs.length, 1, 'nothing was dispatched again');
});
