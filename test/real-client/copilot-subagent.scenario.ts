// GitHub Copilot CLI's subagents (its `task` tool), offline: the scripted
// model dispatches a `general-purpose` agent, which Copilot CLI runs against
// the same scripted server (its requests told apart by their system prompt,
// "As a sub-agent"). continuity's delivery watchdog records the run, sees it
// delivered when its result reaches the parent, and holds a parent that
// stops without a finished background run's result, as for Claude Code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentText, pause, say, tool, type ChatRequest, type Turn } from './chat-completions-server.js';
import { copilotHooks, copilotProject, type CopilotRunResult } from './run-copilot.js';

const BRIEF = 'Review docs/plans/payments-export.md and report any task without a test step.';
const RESULT = 'Review of payments-export: Task 3 "Document the export" has no test step; Tasks 1 and 2 start with a failing test.';
const CLOSURE = 'continuity-closure: waiting_user — the review is for the user to read';

const system = (rec: ChatRequest) => contentText(((rec.body?.messages ?? []) as { role: string; content: unknown }[]).find((m) => m.role === 'system')?.content);
const isSubagent = (rec: ChatRequest) => /As a sub-agent/.test(system(rec));
/** The subagent's own conversation: its answer, from a script of its own. */
const subagent = (turn: Turn) => (rec: ChatRequest) => (isSubagent(rec) ? turn : null);
const dispatch = (over: Record<string, unknown> = {}) => tool('task', { name: 'reviewer', description: 'Review the plan', prompt: BRIEF, agent_type: 'general-purpose', ...over });

function timeline(r: CopilotRunResult): string {
  const lines = [`exit ${r.exitCode}${r.timedOut ? ' (killed)' : ''}; ${r.requests.length} requests`];
  r.requests.forEach((q) => lines.push(`  #${q.seq} [${isSubagent(q) ? 'subagent' : q.kind}${q.turn !== undefined ? ` turn ${q.turn}` : ''}]`));
  for (const h of r.hooks) lines.push(`  hook ${h.kind} ${h.sessionId?.slice(0, 8)} → ${JSON.stringify(h.decision ?? null).slice(0, 240)}`);
  if (r.stdout.trim()) lines.push(`  stdout: ${r.stdout.trim().slice(-800)}`);
  return lines.join('\n');
}

/** The parent's requests (the subagent's left out). */
const parent = (r: CopilotRunResult) => r.requests.filter((q) => q.kind !== 'other' && !isSubagent(q));
const text = (q: ChatRequest | undefined) => ((q?.body?.messages ?? []) as { role: string; content: unknown }[]).map((m) => contentText(m.content)).join('\n');

test('copilot subagent: a `task` run in the foreground is recorded (type, description, its child), its result reaches the parent in the tool\'s result and is recorded as delivered; the subagent\'s own prompt and stop are not the person\'s', { timeout: 200_000 }, async () => {
  const p = copilotProject();
  const r = await p.run({
    prompt: 'Have the plan reviewed.',
    turns: [[dispatch({ prompt: `approve\n\n${BRIEF}` })], [say(`The review is back: Task 3 has no test step.\n\n${CLOSURE}`)]],
    route: subagent([say(RESULT)]),
  });
  assert.equal(r.exitCode, 0, timeline(r));
  assert.equal(r.requests.filter(isSubagent).length, 1, timeline(r));
  assert.ok(text(parent(r)[1]).includes(RESULT), `the parent read the result\n${timeline(r)}`);
  const runs = r.ledgerStatus.runs;
  assert.equal(runs.length, 1, JSON.stringify(runs));
  const run = runs[0];
  assert.deepEqual([run.agentType, run.description, run.source, run.status, run.childDone, run.forwardedToMain, run.resultSource, run.capturedResultChars], ['general-purpose', 'Review the plan', 'copilot', 'completed', true, true, 'tool_result', RESULT.length], JSON.stringify(run));
  assert.ok(run.childSessionKey, JSON.stringify(run));
  // The subagent's brief opened with `approve`: its start, never the person's prompt.
  assert.equal(r.ledgerStatus.plan.state, 'draft', timeline(r));
  const start = copilotHooks(r, 'SubagentStart');
  assert.equal(start.length, 1, timeline(r));
  assert.equal(start[0]!.input.agent_id, run.childSessionKey);
  // One Stop of the parent's (the closure line let it go); the subagent's own stop is its SubagentStop.
  assert.deepEqual(copilotHooks(r, 'Stop').map((h) => h.decision.output ?? null), [null], timeline(r));
  assert.equal(copilotHooks(r, 'SubagentStop').length, 1, timeline(r));
  assert.ok(r.hooks.every((h) => h.sessionId === r.hooks[0]!.sessionId), 'every call recorded under the parent\'s session');
});

test('copilot subagent: a background run that finished while the parent stops without its result holds the stop, the result delivered in the reason; the parent then ends with it', { timeout: 200_000 }, async () => {
  const p = copilotProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    prompt: 'Have the plan reviewed in the background.',
    turns: [[dispatch({ mode: 'background' })], [pause(6_000), say('The review runs in the background.')], [say(`The review is back: Task 3 has no test step.\n\n${CLOSURE}`)]],
    afterLast: [say(`Nothing more.\n\n${CLOSURE}`)],
    route: subagent([say(RESULT)]),
    timeoutMs: 150_000,
  });
  assert.equal(r.exitCode, 0, timeline(r));
  const runs = r.ledgerStatus.runs;
  assert.equal(runs.length, 1, JSON.stringify(runs));
  const stops = copilotHooks(r, 'Stop');
  assert.equal(stops[0]?.decision.output?.decision, 'block', timeline(r));
  assert.ok(String(stops[0]!.decision.output.reason).includes(RESULT), timeline(r));
  assert.ok(text(parent(r)[2]).includes(RESULT), `the parent read the result in its next turn\n${timeline(r)}`);
  const run = runs[0];
  assert.deepEqual([run.description, run.status, run.childDone, run.forwardedToMain, run.resultSource, run.capturedResultChars], ['Review the plan', 'recovered', true, true, 'fetch_history', RESULT.length], JSON.stringify(run));
  // The closure line let the parent go; Copilot CLI may then hand it its own notice of the finished run (a turn of its own, let go too).
  assert.ok(stops.length >= 2 && stops.slice(1).every((h) => !h.decision.output), timeline(r));
});

test('copilot subagent: a background run\'s result the parent fetches itself with read_agent is recorded as delivered, and its stop is not held for it', { timeout: 200_000 }, async () => {
  const p = copilotProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    prompt: 'Have the plan reviewed in the background.',
    turns: [[dispatch({ mode: 'background' })], [say(`The review is back: Task 3 has no test step.\n\n${CLOSURE}`)]],
    afterLast: [say(`Nothing more.\n\n${CLOSURE}`)],
    // The parent reads the agent its task call started (the id is in that call's result), once it has finished.
    route: (rec) => {
      if (isSubagent(rec)) return [say(RESULT)];
      const msgs = (rec.body?.messages ?? []) as { role: string; content: unknown }[];
      const last = msgs[msgs.length - 1];
      const id = last?.role === 'tool' ? /agent_id: ([\w-]+)\./.exec(contentText(last.content))?.[1] : undefined;
      return id ? [pause(4_000), tool('read_agent', { agent_id: id, wait: true })] : null;
    },
    timeoutMs: 150_000,
  });
  assert.equal(r.exitCode, 0, timeline(r));
  const runs = r.ledgerStatus.runs;
  assert.equal(runs.length, 1, JSON.stringify(runs));
  assert.deepEqual([runs[0].status, runs[0].forwardedToMain, runs[0].resultSource], ['completed', true, 'task_output'], JSON.stringify(runs[0]));
  assert.ok(copilotHooks(r, 'Stop').every((h) => !h.decision.output), timeline(r));
  assert.ok(!JSON.stringify(r.hooks.map((h) => h.decision?.output ?? null)).includes('--- result of subagent run'), `the result was not delivered again\n${timeline(r)}`);
});
