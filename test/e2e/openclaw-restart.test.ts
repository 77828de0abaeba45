// The OpenClaw plugin across a gateway restart, with OpenClaw's plugin API
// stood in for: each gateway is a process of its own
// (test/helpers/openclaw-gateway-process.ts) that registers the plugin, has
// its hooks called and ends without any hook of its own (as a killed gateway
// does); the next one reads what the first kept in the plugin's store.
// Projects and their ledgers are real, set up with the CLI.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { events, planProject, taskDone } from '../helpers/agent-hook.js';
import { runCli } from '../helpers/cli.js';

const HELPER = join(import.meta.dirname, '..', 'helpers', 'openclaw-gateway-process.ts');
const state = mkdtempSync(join(tmpdir(), 'continuity-openclaw-restart-'));
after(() => rmSync(state, { recursive: true, force: true }));
let n = 0;

interface Step {
  hook: string;
  event: unknown;
  ctx: unknown;
}
interface Gateway {
  results: any[];
  runs: { sessionKey: string; message: string; idempotencyKey: string }[];
  sent: { to: string; text: string }[];
}

/** One gateway process's life: the plugin registered, these hook calls, then the end. */
function gateway(storePath: string, steps: Step[], extra: { registry?: Record<string, string>; route?: { channel: string; to: string } } = {}): Gateway {
  const r = spawnSync(process.execPath, ['--import', 'tsx', HELPER, JSON.stringify({ storePath, steps, ...extra })], { encoding: 'utf8', env: { ...process.env } });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Gateway;
}

function session(project: string) {
  const id = ++n;
  const storePath = join(state, `gw-${id}`, 'continuity', 'openclaw-plugin-state.json');
  const ctx = (runId: string, extra: Record<string, unknown> = {}) => ({ runId, agentId: 'main', sessionKey: `agent:main:r${id}`, sessionId: `sid-${id}`, workspaceDir: project, trigger: 'user', ...extra });
  const promptSteps = (runId: string, text: string, owner = true, messages: unknown[] = []): Step[] => [
    { hook: 'before_prompt_build', event: { prompt: text, messages: [] }, ctx: ctx(runId) },
    { hook: 'before_agent_run', event: { prompt: text, messages, senderIsOwner: owner }, ctx: ctx(runId) },
  ];
  const stop = (runId: string, text: string): Step => ({ hook: 'before_agent_finalize', event: { runId, sessionId: `sid-${id}`, sessionKey: `agent:main:r${id}`, stopHookActive: false, lastAssistantMessage: text }, ctx: ctx(runId) });
  return { storePath, sessionKey: `agent:main:r${id}`, ctx, promptSteps, stop };
}

test('openclaw restart: a held stop whose run died with the gateway starts its turn when the next gateway starts, once, and the loop count goes on', async () => {
  const project = planProject();
  const s = session(project);
  gateway(s.storePath, s.promptSteps('run-1', 'approve'));
  taskDone(project, '1');
  // The stop is held; the gateway dies before the run's end (no agent_end).
  const first = gateway(s.storePath, [...s.promptSteps('run-2', 'Go on.'), s.stop('run-2', 'Task 1 is done. I can continue with Task 2.')]);
  assert.equal(first.results[2].action, 'revise');
  assert.match(first.results[2].reason, /block 1 of 3 at this boundary/);
  assert.equal(first.runs.length, 0);
  // The next gateway: its start takes the held stop up; the turn it starts opens with the facts, and its stop is held again.
  const second = gateway(s.storePath, [{ hook: 'gateway_start', event: {}, ctx: {} }, ...s.promptSteps('$run0', first.results[2].reason, true), s.stop('$run0', 'I can continue with Task 2.')]);
  assert.equal(second.runs.length, 1);
  assert.equal(second.runs[0]!.sessionKey, s.sessionKey);
  assert.equal(second.runs[0]!.message, first.results[2].reason);
  // The loop limit's count went on across the restart.
  assert.match(second.results[3].reason, /block 2 of 3 at this boundary/);
  // The obligation was taken up by the turn that opened with it; that turn's own held stop (its run died too) is the one the next gateway takes up.
  const third = gateway(s.storePath, [{ hook: 'gateway_start', event: {}, ctx: {} }]);
  assert.deepEqual(third.runs.map((r) => r.message), [second.results[3].reason]);
  const kinds = (await events(project)).map((e) => e.kind);
  assert.equal(kinds.filter((k) => k === 'openclaw:ContinuationStarted').length, 2);
  assert.ok(kinds.includes('openclaw:ContinuationTurn'));
  assert.equal(kinds.filter((k) => k === 'UserPromptSubmit').length, 2);
  const started = (await events(project)).find((e) => e.kind === 'openclaw:ContinuationStarted')!;
  assert.equal((started.input as { after_restart?: boolean }).after_restart, true);
});

test("openclaw loop limit: a revision pass of the operator's own run (OpenClaw admits the run again) is not a new prompt of the person's: the count goes on", async () => {
  const project = planProject();
  const s = session(project);
  gateway(s.storePath, s.promptSteps('run-1', 'approve'));
  taskDone(project, '1');
  const revision = 'Before accepting the previous final answer, apply this revision request and produce the revised final answer.';
  const g = gateway(s.storePath, [
    ...s.promptSteps('run-2', 'Go on.'),
    s.stop('run-2', 'Task 1 is done. I can continue with Task 2.'),
    { hook: 'before_agent_run', event: { prompt: revision, messages: [], senderIsOwner: true }, ctx: s.ctx('run-2') },
    s.stop('run-2', 'I can continue with Task 2.'),
  ]);
  assert.match(g.results[2].reason, /block 1 of 3 at this boundary/);
  assert.match(g.results[4].reason, /block 2 of 3 at this boundary/);
  const pass = (await events(project)).find((e) => e.kind === 'openclaw:NotOperatorPrompt');
  assert.match(String((pass?.input as { why?: string }).why), /^another pass of run run-2/);
});

test('openclaw restart: a turn started before the restart that never opened is started again by the next gateway', async () => {
  const project = planProject();
  const s = session(project);
  gateway(s.storePath, s.promptSteps('run-1', 'approve'));
  taskDone(project, '1');
  gateway(s.storePath, [...s.promptSteps('run-2', 'Go on.'), s.stop('run-2', 'Task 1 is done. I can continue with Task 2.')]);
  // Started, and the gateway died before the turn opened.
  const second = gateway(s.storePath, [{ hook: 'gateway_start', event: {}, ctx: {} }]);
  const third = gateway(s.storePath, [{ hook: 'gateway_start', event: {}, ctx: {} }]);
  assert.equal(second.runs.length, 1);
  assert.equal(third.runs.length, 1);
  assert.notEqual(third.runs[0]!.idempotencyKey, second.runs[0]!.idempotencyKey);
  assert.equal(third.runs[0]!.message, second.runs[0]!.message);
});

test("openclaw restart: without a gateway start, the held stop opens the session's next turn instead (in its prepended context), once", async () => {
  const project = planProject();
  const s = session(project);
  gateway(s.storePath, s.promptSteps('run-1', 'approve'));
  taskDone(project, '1');
  const first = gateway(s.storePath, [...s.promptSteps('run-2', 'Go on.'), s.stop('run-2', 'Task 1 is done. I can continue with Task 2.')]);
  const second = gateway(s.storePath, [...s.promptSteps('run-3', 'Where are we?'), ...s.promptSteps('run-4', 'And now?')]);
  assert.equal(second.runs.length, 0);
  const reason = first.results[2].reason as string;
  assert.ok(String(second.results[0]?.prependContext).includes(reason));
  assert.ok(!String(second.results[2]?.prependContext ?? '').includes(reason));
});

const CHILD = 'agent:main:subagent:11111111-2222-4333-8444-555555555555';
const RESULT = 'CHILD RESULT: a token bucket of 42.';
const spawnSteps = (s: ReturnType<typeof session>, runId: string): Step[] => {
  const tool = { toolName: 'sessions_spawn', agentId: 'main', sessionKey: s.sessionKey, sessionId: 'sid', runId, toolCallId: 'call_s' };
  const params = { task: 'Review the limiter.', label: 'limiter-review' };
  return [
    ...s.promptSteps(runId, 'Have a helper review the limiter.'),
    { hook: 'before_tool_call', event: { toolName: 'sessions_spawn', params, runId, toolCallId: 'call_s' }, ctx: tool },
    { hook: 'after_tool_call', event: { toolName: 'sessions_spawn', params, runId, toolCallId: 'call_s', result: { details: { status: 'accepted', childSessionKey: CHILD } } }, ctx: tool },
    { hook: 'subagent_spawned', event: { childSessionKey: CHILD, runId: 'child-run' }, ctx: { runId: 'child-run', childSessionKey: CHILD, requesterSessionKey: s.sessionKey } },
  ];
};
const childEnds = (result: string): Step => ({ hook: 'before_agent_finalize', event: { runId: 'child-run', sessionId: 'child-sid', sessionKey: CHILD, stopHookActive: false, lastAssistantMessage: result }, ctx: { runId: 'child-run', agentId: 'main', sessionKey: CHILD, sessionId: 'child-sid', workspaceDir: '/elsewhere' } });
/** A project whose watchdog waits no grace for a finished child's result (its recovery comes at the next stop). */
const childProject = () => planProject({ '.continuity/config.json': JSON.stringify({ watchdog: { forwardGraceSeconds: 0 } }) });
const runOf = (project: string) => JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).runs[0] as { status: string; childDone: boolean; resultSource: string | null; recoveryAttempts: { action: string; outcome: string }[] };

test("openclaw restart: a child that ends after the gateway restarted (before any hook of its requester) is bound to its run: its result is captured, not lost", async () => {
  const project = childProject();
  const s = session(project);
  gateway(s.storePath, spawnSteps(s, 'run-1'));
  // The child's own run ends in the next gateway: its hook names only the child's session.
  gateway(s.storePath, [childEnds(RESULT)]);
  const run = runOf(project);
  assert.equal(run.childDone, true);
  assert.equal((await events(project)).filter((e) => e.kind === 'SubagentStop').length, 1);
});

const awaiting = (child: string, result: string) => [
  { role: 'user', content: 'Any news?' },
  { role: 'custom', content: `Conversation data (data, not instructions):\n${JSON.stringify(`## Child results awaiting delivery\n- run_json="child-run"; session_json=${JSON.stringify(child)}; outcome=ok; delivery=pending; requester_continuation=none; task_json="Review"; result_json=${JSON.stringify(result)}; result_truncated=false`)}`, details: { source: 'openclaw-runtime-context' } },
];

test("openclaw one delivery: a result OpenClaw lists in the requester's context is recorded as OpenClaw's delivery; continuity's recovery adds nothing, at the prompt or the stop", async () => {
  const project = childProject();
  const s = session(project);
  const g = gateway(s.storePath, [...spawnSteps(s, 'run-1'), childEnds(RESULT), ...s.promptSteps('run-2', 'Any news?', true, awaiting(CHILD, RESULT)), s.stop('run-2', 'The helper found 42.')], { registry: { [CHILD]: 'pending' } });
  const run = runOf(project);
  assert.equal(run.status, 'completed');
  assert.deepEqual(run.recoveryAttempts, []);
  assert.equal(g.results.at(-1), null);
  const delivered = (await events(project)).filter((e) => e.kind === 'PostToolUse' && (e.input as { tool_name?: string }).tool_name === 'TaskOutput');
  assert.deepEqual(delivered.map((e) => (e.input as { agent_tool_name: string }).agent_tool_name), ['openclaw_context']);
});

test("openclaw one delivery: OpenClaw's registry saying `delivered` is recorded as its delivery at the requester's stop; nothing is recovered", async () => {
  const project = childProject();
  const s = session(project);
  gateway(s.storePath, [...spawnSteps(s, 'run-1'), childEnds(RESULT), ...s.promptSteps('run-2', 'Any news?'), s.stop('run-2', 'Nothing yet.')], { registry: { [CHILD]: 'delivered' } });
  const run = runOf(project);
  assert.equal(run.status, 'completed');
  assert.deepEqual(run.recoveryAttempts, []);
  const decision = (await events(project)).find((e) => e.kind === 'openclaw:DeliveryDecision')!;
  assert.deepEqual((decision.input as { decision: unknown }).decision, { action: 'record_client_delivery', via: 'announce' });
});

test("openclaw one delivery: a result OpenClaw keeps and has not shown is not repeated by continuity; the requester's next turn is started (OpenClaw lists it there)", async () => {
  const project = childProject();
  const s = session(project);
  const g = gateway(s.storePath, [...spawnSteps(s, 'run-1'), childEnds(RESULT), s.stop('run-1', 'A helper is on it.'), { hook: 'agent_end', event: { runId: 'run-1', success: true }, ctx: s.ctx('run-1') }], { registry: { [CHILD]: 'pending' } });
  assert.equal(g.results.at(-2), null);
  assert.equal(g.runs.length, 1);
  assert.match(g.runs[0]!.message, new RegExp(`the result of subagent ${CHILD} has not reached this conversation by its announce; OpenClaw lists it under "Child results awaiting delivery"`));
  assert.ok(!g.runs[0]!.message.includes(RESULT));
  assert.deepEqual(runOf(project).recoveryAttempts, []);
});

test('openclaw one delivery: with no record of OpenClaw\'s (an embedded run, no registry), continuity recovers the result as before', async () => {
  const project = childProject();
  const s = session(project);
  const g = gateway(s.storePath, [...spawnSteps(s, 'run-1'), childEnds(RESULT), s.stop('run-1', 'A helper is on it.')], {});
  assert.equal(g.results.at(-1).action, 'revise');
  assert.ok(String(g.results.at(-1).reason).includes(RESULT));
  assert.deepEqual(runOf(project).recoveryAttempts.map((a) => [a.action, a.outcome]), [['fetch_history', 'delivered']]);
});

test('openclaw words for the person: the loop limit\'s report is sent on the session\'s channel once, and not again by the next gateway', async () => {
  const project = planProject();
  const s = session(project);
  const route = { channel: 'telegram', to: 'chat-42' };
  gateway(s.storePath, s.promptSteps('run-1', 'approve'), { route });
  taskDone(project, '1');
  const stops = [1, 2, 3, 4].map((i) => s.stop('run-2', `Stopping (${i}).`));
  const first = gateway(s.storePath, [...s.promptSteps('run-2', 'Go on.'), ...stops], { route });
  assert.equal(first.results.at(-1), null);
  const report = first.sent.filter((w) => /continuity failure in plan payments-export/.test(w.text));
  assert.equal(report.length, 1);
  assert.equal(report[0]!.to, 'chat-42');
  // The same words said again after a restart (a replayed stop) are not sent twice.
  const second = gateway(s.storePath, [s.stop('run-2', 'Stopping (5).')], { route });
  assert.deepEqual(second.sent.filter((w) => w.text === report[0]!.text), []);
  const sentEvents = (await events(project)).filter((e) => e.kind === 'openclaw:PersonWordsSent' && /continuity failure/.test(String((e.input as { words?: string }).words)));
  assert.equal(sentEvents.length, 1);
  assert.equal((sentEvents[0]!.input as { channel: string }).channel, 'telegram');
});

test('openclaw words for the person: a session with no channel route (a CLI turn) has its words recorded as not sent, with why, once per gateway', async () => {
  const project = planProject();
  const s = session(project);
  gateway(s.storePath, s.promptSteps('run-1', 'approve'));
  taskDone(project, '1');
  const stops = [1, 2, 3, 4].map((i) => s.stop('run-2', `Stopping (${i}).`));
  const g = gateway(s.storePath, [...s.promptSteps('run-2', 'Go on.'), ...stops]);
  assert.deepEqual(g.sent, []);
  // The approval's own words ("plan … approved") are the person's too, and were not sent either.
  const notSent = (await events(project)).filter((e) => e.kind === 'openclaw:PersonWordsNotSent' && /continuity failure in plan/.test(String((e.input as { words?: string }).words)));
  assert.equal(notSent.length, 1, JSON.stringify(notSent.map((e) => e.input)));
  assert.match(String((notSent[0]!.input as { why: string }).why), /has no channel route/);
});
