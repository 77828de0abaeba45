// The real OpenClaw gateway when every announce of a child's result fails
// (the scripted model answers the announce run's requests with an error):
// OpenClaw keeps the result and lists it under "Child results awaiting
// delivery" in the requester's next turn; continuity's watchdog would
// recover it too. The requester's model must be handed it once in all,
// whichever of the two does it, and the ledger must say which did.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addedUserText, fail, say, tool, type ChatRequest } from './chat-completions-server.js';
import { OpenClawProject, timeline, type OpenClawRunResult } from './run-openclaw.js';

// A marker no other text of the scenario carries: each request that adds it hands the result to the model.
const MARKER = 'MARKER-7f3c9e1a: the limiter needs a token bucket of 42.';
const spawn = tool('sessions_spawn', { task: 'Review the limiter and report what it needs.', label: 'limiter-review' });
const failing = { announce: [], announceAfterLast: [fail(400)] };

const runsOf = (p: OpenClawProject) => p.status().runs as { runId: string; status: string; recoveryAttempts: { action: string; outcome: string }[] }[];

/** The requester's requests a model answered (an announce request that failed reached none). */
const answered = (q: ChatRequest) => !q.kind.startsWith('subagent') && q.kind !== 'compaction' && q.kind !== 'announce-after-last';

const quietly = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** The child's result handed to the requester's model: each request that adds it, and continuity's answers that carry it. */
function deliveries(p: OpenClawProject, runs: OpenClawRunResult[]) {
  const requests = p.requests().filter((q) => answered(q) && addedUserText(q).includes(MARKER));
  const answers = runs.flatMap((r) => r.hooks).filter((h) => JSON.stringify(h.decision?.output ?? null).includes(MARKER));
  // How the plugin recorded the delivery (a TaskOutput call it made, by path): OpenClaw's announce, context or subagent_ended.
  const recorded = p.events().filter((e) => e.source === 'hook:openclaw' && e.kind === 'PostToolUse' && e.input.tool_name === 'TaskOutput').map((e) => String(e.input.agent_tool_name));
  return { requests, answers, recorded };
}

async function laterTurns(p: OpenClawProject): Promise<OpenClawRunResult[]> {
  const out: OpenClawRunResult[] = [];
  for (const message of ['Any news from the helper?', 'Anything else?']) out.push(await p.run({ message, turns: [[say('Noted.')]], afterLast: [say('Noted.')], ...failing }));
  return out;
}

test("openclaw announce fails after the requester's turn: the child ends once its requester has stopped, its announce fails; OpenClaw's next turn hands the model the result, exactly once, recorded as OpenClaw's", { timeout: 600_000 }, async () => {
  const p = new OpenClawProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    message: 'Have a helper review the limiter.',
    turns: [[spawn], [say('A helper is reviewing the limiter.')]],
    subagent: [[say(MARKER)]],
    ...failing,
    settle: ({ hooks, requests }) => hooks().some((h) => h.kind === 'SubagentStop') && requests.some((q) => q.kind === 'announce-after-last'),
    settleMs: 120_000,
  });
  assert.ok(r.hooks.some((h) => h.kind === 'SubagentStop' && h.input.last_assistant_message === MARKER), timeline(p, r));
  // OpenClaw's own retries of a failed announce (5 s, 10 s, 20 s for a transient error) are over before the next turns.
  await quietly(40_000);
  const later = await laterTurns(p);
  const said = [r, ...later].map((x) => timeline(p, x)).join('\n');
  const d = deliveries(p, [r, ...later]);
  assert.equal(d.requests.length, 1, said);
  assert.deepEqual(d.answers, [], said);
  assert.ok(d.recorded.length >= 1 && d.recorded.every((via) => /^(openclaw_(context|announce)|subagent_ended|announce)$/.test(via)), `${JSON.stringify(d.recorded)}\n${said}`);
  const run = runsOf(p)[0]!;
  assert.equal(run.status, 'completed', said);
  assert.deepEqual(run.recoveryAttempts, [], said);
  await p.stop();
});

test("openclaw announce fails with a provider error (503), the next turns coming at once: over the requester's next turns the result reaches the model exactly once, recorded as OpenClaw's", { timeout: 600_000 }, async () => {
  const p = new OpenClawProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const unavailable = { announce: [], announceAfterLast: [fail(503)] };
  const r = await p.run({
    message: 'Have a helper review the limiter.',
    turns: [[spawn], [say('A helper is reviewing the limiter.')]],
    subagent: [[say(MARKER)]],
    ...unavailable,
    settle: ({ hooks, requests }) => hooks().some((h) => h.kind === 'SubagentStop') && requests.some((q) => q.kind === 'announce-after-last'),
    settleMs: 120_000,
  });
  assert.ok(r.hooks.some((h) => h.kind === 'SubagentStop' && h.input.last_assistant_message === MARKER), timeline(p, r));
  // The next turns come at once, 15 s apart: an announce OpenClaw retried (after 5, 10, 20 s, for an error it takes as passing) would meet them.
  const later: OpenClawRunResult[] = [];
  for (const message of ['Any news from the helper?', 'Anything else?', 'Thanks.']) {
    later.push(await p.run({ message, turns: [[say('Noted.')]], afterLast: [say('Noted.')], ...unavailable }));
    await quietly(15_000);
  }
  const said = [r, ...later].map((x) => timeline(p, x)).join('\n');
  const d = deliveries(p, [r, ...later]);
  process.stdout.write(`# 503: recorded deliveries: ${JSON.stringify(d.recorded)}; requests carrying the result: ${JSON.stringify(d.requests.map((q) => [q.seq, q.kind]))}; failed announce requests: ${p.requests().filter((q) => q.kind === 'announce-after-last').length}\n`);
  assert.equal(d.requests.length, 1, said);
  assert.deepEqual(d.answers, [], said);
  assert.ok(d.recorded.length >= 1 && d.recorded.every((via) => /^(openclaw_(context|announce)|subagent_ended|announce)$/.test(via)), `${JSON.stringify(d.recorded)}\n${said}`);
  const run = runsOf(p)[0]!;
  assert.equal(run.status, 'completed', said);
  assert.deepEqual(run.recoveryAttempts, [], said);
  await p.stop();
});
