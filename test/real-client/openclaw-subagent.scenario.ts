// The delivery watchdog on OpenClaw's own subagents (sessions_spawn, the
// child's run, the announce run in the requester, subagent_ended), in the
// real gateway: a result that reaches the parent, one past its SLA. (One
// whose announce is lost, delivered once between OpenClaw and continuity:
// openclaw-restart.scenario.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addedUserText, pause, say, tool } from './chat-completions-server.js';
import { OpenClawProject, timeline } from './run-openclaw.js';

const RESULT = 'CHILD RESULT: the limiter needs a token bucket of 42.';
const spawn = tool('sessions_spawn', { task: 'Review the limiter and report what it needs.', label: 'limiter-review' });

const runsOf = (p: OpenClawProject) => p.status().runs as { runId: string; status: string; childSessionKey: string | null; resultSource: string | null; recoveryAttempts: { action: string; outcome: string }[]; ownerReport: string | null; childDone: boolean }[];

test('openclaw watchdog completed: the child\'s result reaches the parent by its announce; the run is completed and nothing is delivered again', { timeout: 300_000 }, async () => {
  const p = new OpenClawProject({ config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    message: 'Have a helper review the limiter.',
    turns: [[spawn], [say('A helper is reviewing the limiter.')], [say('Thanks.')]],
    subagent: [[say(RESULT)]],
    announce: [[say('The helper reports a token bucket of 42.')]],
    settle: () => runsOf(p).some((run) => run.status === 'completed'),
  });
  const [run] = runsOf(p);
  assert.equal(run?.status, 'completed', timeline(p, r));
  assert.match(String(run?.childSessionKey), /^agent:main:subagent:/);
  assert.equal(run?.resultSource, 'task_output');
  // The next operator turn: no recovery, the result is not handed over a second time.
  const s = await p.run({ message: 'Anything else?', turns: [[say('Nothing else.')]] });
  // OpenClaw announces it in a run of its own, or steers the announce into the
  // next turn when the first has ended: either way the main conversation is
  // given the result by one request in all, and none of continuity's answers carries it.
  const main = (q: { kind: string }) => !q.kind.startsWith('subagent') && q.kind !== 'compaction';
  const given = [...r.requests, ...s.requests].filter((q) => main(q) && addedUserText(q).includes(RESULT));
  assert.equal(given.length, 1, `${timeline(p, r)}\n${timeline(p, s)}`);
  assert.ok([...r.hooks, ...s.hooks].every((h) => !JSON.stringify(h.decision?.output ?? null).includes(RESULT)), timeline(p, s));
  assert.deepEqual(runsOf(p)[0]!.recoveryAttempts, []);
  await p.stop();
});

test('openclaw watchdog past SLA: a child still running after its SLA is reported, to the model at the next turn and in the run\'s owner report', { timeout: 300_000 }, async () => {
  const p = new OpenClawProject({ config: { watchdog: { slaSeconds: 2 } } });
  const r = await p.run({
    message: 'Have a helper review the limiter.',
    turns: [[spawn], [say('A helper is reviewing the limiter.')]],
    subagent: [[pause(200_000), say(RESULT)]],
    // The child's model request is held (it is still working) and its SLA has passed.
    settle: ({ requests }) => requests.some((q) => q.kind === 'subagent') && runsOf(p).some((run) => run.status === 'suspect_delivery_failure'),
  });
  const run = runsOf(p)[0]!;
  assert.equal(run.status, 'suspect_delivery_failure', timeline(p, r));
  assert.match(String(run.ownerReport), /^Run r-1 \(child agent:main:subagent:[^)]+\) was dispatched .* no completion has reached the main conversation and the child has not reported done\./);
  const s = await p.run({ message: 'Any news from the helper?', turns: [[say('Still waiting on the helper.')]] });
  const prompt = addedUserText(s.conversation[0]!);
  assert.match(prompt, /Subagent run r-1 .*past its SLA/, timeline(p, s));
  await p.stop();
});

test('openclaw watchdog through tool search: sessions_spawn reached by `tool_call` is dispatched and delivered like a direct call (the wrapper is not judged)', { timeout: 300_000 }, async () => {
  const p = new OpenClawProject({ toolSearch: true, config: { watchdog: { forwardGraceSeconds: 0 } } });
  const r = await p.run({
    message: 'Have a helper review the limiter.',
    turns: [[tool('tool_call', { id: 'sessions_spawn', args: { task: 'Review the limiter and report what it needs.', label: 'limiter-review' } })], [say('A helper is reviewing the limiter.')], [say('Thanks.')]],
    subagent: [[say(RESULT)]],
    announce: [[say('The helper reports a token bucket of 42.')]],
    settle: () => runsOf(p).some((run) => run.status === 'completed'),
  });
  const dispatches = r.hooks.filter((h) => h.kind === 'PreToolUse');
  assert.deepEqual(dispatches.map((h) => [h.input.tool_name, h.input.agent_tool_name]), [['Agent', 'sessions_spawn']], timeline(p, r));
  const [run] = runsOf(p);
  assert.equal(run?.status, 'completed', timeline(p, r));
  assert.match(String(run?.childSessionKey), /^agent:main:subagent:/);
  await p.stop();
});
