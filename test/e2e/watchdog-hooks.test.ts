/**
 * The delivery watchdog wired into Claude Code's hooks, through the real
 * bundled CLI, with Claude Code 2.1.x payload shapes: dispatch (PreToolUse /
 * PostToolUse of Agent), the child's receipts (SubagentStart / SubagentStop),
 * and recovery at the main conversation's next hook point. Time is real: the
 * configs use a forward grace of 0 s and an SLA of 1 s where a test needs a
 * run to be late, with short sleeps.
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject, type CliResult } from '../helpers/cli.js';
import { approvedProject, cli } from '../helpers/session.js';
import { openLedger } from '../helpers/ledger.js';

const SESSION = 'session-watchdog-1';
const BRIEF = 'Review src/limiter/bucket.ts for race conditions between refill() and take(). Report each race with a line number.';
const RESULT = 'Found 2 races in src/limiter/bucket.ts: refill() at line 41 and take() at line 58 read `tokens` without the lock.';
const NO_ORDERS = /\b(please|should|do not|don't|make sure)\b/i;

type Json = Record<string, unknown>;

function project(watchdog: Record<string, unknown> = { forwardGraceSeconds: 0 }): string {
  return tempProject({ '.continuity/config.json': JSON.stringify({ watchdog }) });
}

/** One hook call; the parsed answer (null: nothing said). */
function h(dir: string, fields: Json, sessionId = SESSION): Json | null {
  const r = hook(dir, fields, { sessionId });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  return r.stdout.trim() ? (JSON.parse(r.stdout) as Json) : null;
}

const agentInput = (over: Json = {}) => ({ description: 'Review the limiter', prompt: BRIEF, subagent_type: 'code-reviewer', run_in_background: true, ...over });
const preAgent = (toolUseId: string, input: Json = agentInput()) => ({ hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_use_id: toolUseId, tool_input: input });
const postAgent = (toolUseId: string, response: Json, input: Json = agentInput()) => ({ hook_event_name: 'PostToolUse', tool_name: 'Agent', tool_use_id: toolUseId, tool_input: input, tool_response: response });
const launched = (agentId: string) => ({ isAsync: true, status: 'async_launched', agentId, description: 'Review the limiter', prompt: BRIEF });
const subStart = (agentId: string, agentType = 'code-reviewer') => ({ hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: agentType });
const subStop = (dir: string, agentId: string, message: string | null, agentType = 'code-reviewer') => ({
  hook_event_name: 'SubagentStop',
  agent_id: agentId,
  agent_type: agentType,
  agent_transcript_path: join(dir, 'subagents', `agent-${agentId}.jsonl`),
  last_assistant_message: message,
  stop_hook_active: false,
});
const stop = (extra: Json = {}) => ({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Waiting for the review.', ...extra });
const prompt = (text: string) => ({ hook_event_name: 'UserPromptSubmit', prompt: text });
const bash = (id: string, agentId?: string) => ({
  hook_event_name: 'PostToolUse',
  tool_name: 'Bash',
  tool_use_id: id,
  tool_input: { command: 'git status' },
  tool_response: { stdout: 'clean', stderr: '' },
  ...(agentId ? { agent_id: agentId, agent_type: 'code-reviewer' } : {}),
});

/** A background dispatch launched and its child started. */
function dispatchBackground(dir: string, toolUseId = 'toolu_01Agent', agentId = 'a5f1c9e'): void {
  assert.equal(h(dir, preAgent(toolUseId)), null);
  assert.equal(h(dir, postAgent(toolUseId, launched(agentId))), null);
  assert.equal(h(dir, subStart(agentId)), null);
}

function runsOf(dir: string): Json[] {
  const r = runCli(['status', '--json'], { cwd: dir, env: { CLAUDE_PROJECT_DIR: dir } });
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { runs: Json[] }).runs;
}

function runOf(dir: string, runId = 'r-1'): Json {
  const run = runsOf(dir).find((r) => r.runId === runId);
  assert.ok(run, `run ${runId} is listed`);
  return run;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function context(out: Json | null): string {
  return String(((out?.hookSpecificOutput ?? {}) as Json).additionalContext ?? '');
}

test('SubagentStart, SubagentStop carrying a result, no forwarded completion, then Stop: the result reaches the main conversation and the run reads recovered', async () => {
  const dir = project();
  assert.equal(h(dir, subStart('a5f1c9e')), null);
  assert.equal(h(dir, subStop(dir, 'a5f1c9e', RESULT)), null);
  const out = h(dir, stop());
  assert.ok(out, 'the stop is answered');
  assert.equal(out.decision, 'block');
  const reason = String(out.reason);
  assert.ok(reason.includes(RESULT), 'the captured result is in the block reason');
  assert.match(reason, /^Subagent run r-1 \(code-reviewer, dispatched .+\) finished .+; its result did not reach this conversation\./);
  assert.doesNotMatch(reason.replace(RESULT, ''), NO_ORDERS);
  assert.match(String(out.systemMessage), /continuity: Subagent run r-1 .* continuity delivered its captured final message \(\d+ characters\) at this stop \(recovered\)/);

  const run = runOf(dir);
  assert.equal(run.status, 'recovered');
  assert.equal(run.resultSource, 'fetch_history');
  assert.deepEqual((run.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome, a.channel]), [['fetch_history', 'delivered', 'Stop']]);

  // The next stop is decided as usual: nothing more to deliver.
  assert.equal(h(dir, stop()), null);
  const ledger = await openLedger(dir);
  try {
    const attempts = ledger.db.all<{ event_id: number | null }>('SELECT event_id FROM run_attempts');
    const stops = ledger.db.all<{ id: number }>("SELECT id FROM events WHERE kind = 'Stop' ORDER BY id");
    assert.deepEqual(attempts.map((a) => Number(a.event_id)), [Number(stops[0]!.id)], 'the attempt is linked to the Stop event that delivered it');
  } finally {
    ledger.close();
  }
});

test('a background dispatch: PreToolUse records the brief, PostToolUse async_launched binds the agentId, recovery at Stop names the description', () => {
  const dir = project();
  dispatchBackground(dir);
  const active = runOf(dir);
  assert.equal(active.status, 'active');
  assert.equal(active.childSessionKey, 'a5f1c9e');
  assert.equal(active.agentType, 'code-reviewer');
  assert.equal(active.description, 'Review the limiter');
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  const out = h(dir, stop());
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /Subagent run r-1 \(code-reviewer, "Review the limiter", dispatched/);
  assert.equal(runOf(dir).status, 'recovered');
  assert.equal(runsOf(dir).length, 1, 'the dispatch, the launch and the child are one run');
});

test('recovery at UserPromptSubmit: the result as additionalContext, the user told in a systemMessage, the existing prompt behaviour kept', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  const out = h(dir, prompt('pause'));
  assert.ok(context(out).includes(RESULT));
  assert.match(context(out), /Subagent run r-1 .* its result did not reach this conversation/);
  const message = String(out?.systemMessage);
  assert.match(message, /the Stop gate is paused for this session/, 'pause still works');
  assert.match(message, /continuity: Subagent run r-1 .* continuity delivered its captured final message .* at this prompt \(recovered\)/);
  assert.equal(runOf(dir).status, 'recovered');
  // Delivered once: the next prompt and stop say nothing about it.
  assert.doesNotMatch(context(h(dir, prompt('go on'))), /Subagent run r-1/);
  assert.equal(h(dir, stop()), null);
});

test('recovery at PostToolUse of another tool: additionalContext; the user hears of it at the next prompt', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  const out = h(dir, bash('toolu_02Bash'));
  const specific = (out?.hookSpecificOutput ?? {}) as Json;
  assert.equal(specific.hookEventName, 'PostToolUse');
  assert.ok(String(specific.additionalContext).includes(RESULT));
  assert.equal(out?.systemMessage, undefined, 'notices wait for Stop or UserPromptSubmit');
  assert.equal(runOf(dir).status, 'recovered');
  const next = h(dir, prompt('thanks'));
  assert.match(String(next?.systemMessage), /Subagent run r-1 .* \(recovered\)/);
  assert.doesNotMatch(context(next), /result of subagent run r-1/, 'not delivered a second time');
});

test("a subagent's own hook calls (agent_id) never receive the main conversation's recovery", () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  assert.equal(h(dir, bash('toolu_03Bash', 'b7d8e9f')), null);
  assert.equal(runOf(dir).status, 'done_but_not_forwarded');
});

test('nothing captured: the Stop states that the run must be re-dispatched with the same brief (respawn); the re-dispatch recovers it', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', null));
  const out = h(dir, stop());
  assert.equal(out?.decision, 'block');
  const reason = String(out?.reason);
  assert.match(reason, /Subagent run r-1 .* finished .* without a final message on record; its result did not reach this conversation/);
  assert.match(reason, /requires dispatching the same brief again \(recovery step: respawn\), as a new Agent call with subagent_type "code-reviewer"/);
  assert.ok(reason.includes(BRIEF), 'the brief is restated');
  assert.doesNotMatch(reason.replace(BRIEF, ''), NO_ORDERS);
  const pending = runOf(dir);
  assert.equal(pending.status, 'done_but_not_forwarded');
  assert.deepEqual((pending.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome]), [
    ['fetch_history', 'failed'],
    ['respawn', 'pending'],
  ]);
  assert.equal(h(dir, stop()), null, 'the respawn is stated once');

  // The agent dispatches the same brief again, in the foreground this time.
  const input = agentInput({ run_in_background: false });
  h(dir, preAgent('toolu_04Agent', input));
  h(dir, subStart('c3d4e5f'));
  h(dir, subStop(dir, 'c3d4e5f', RESULT));
  h(dir, postAgent('toolu_04Agent', { status: 'completed', agentId: 'c3d4e5f', content: [{ type: 'text', text: RESULT }] }, input));
  const origin = runOf(dir, 'r-1');
  assert.equal(origin.status, 'recovered');
  assert.equal(origin.resultSource, 'respawn');
  assert.deepEqual((origin.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome]), [
    ['fetch_history', 'failed'],
    ['respawn', 'delivered'],
  ]);
  const again = runOf(dir, 'r-2');
  assert.equal(again.status, 'completed');
  assert.equal(again.respawnOf, 'r-1');
  const told = h(dir, stop());
  assert.notEqual(told?.decision, 'block');
  assert.match(String(told?.systemMessage), /Subagent run r-1 .*: its result did not reach this conversation; the same brief was dispatched again and that run's result was delivered \(recovered\)\./);
  assert.equal(h(dir, stop()), null);
});

test('a re-dispatch is waited for until its own SLA, not the attempt timeout: the respawn stays pending while the new run works', async () => {
  const dir = project({ forwardGraceSeconds: 0, slaSeconds: 600, attemptTimeoutSeconds: 1 });
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', null));
  assert.equal(h(dir, stop())?.decision, 'block', 'respawn stated');
  h(dir, preAgent('toolu_05Agent'));
  h(dir, postAgent('toolu_05Agent', launched('b2c3d4e')));
  h(dir, subStart('b2c3d4e'));
  await sleep(1200); // longer than the attempt timeout, well within the re-dispatched run's SLA
  h(dir, stop());
  const origin = runOf(dir, 'r-1');
  assert.deepEqual((origin.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome]), [
    ['fetch_history', 'failed'],
    ['respawn', 'pending'],
  ]);
  assert.deepEqual([origin.status, origin.recoveryAction], ['done_but_not_forwarded', 'none']);
  assert.equal(runOf(dir, 'r-2').respawnOf, 'r-1');
});

test('a re-dispatch whose result is lost too is not dispatched a third time: both runs end blocked and the user is told', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', null));
  assert.equal(h(dir, stop())?.decision, 'block', 'respawn stated');
  h(dir, preAgent('toolu_05Agent'));
  h(dir, postAgent('toolu_05Agent', launched('b2c3d4e')));
  h(dir, subStart('b2c3d4e'));
  h(dir, subStop(dir, 'b2c3d4e', null));
  const messages: string[] = [];
  for (let i = 0; i < 3; i++) {
    const out = h(dir, stop());
    assert.notEqual(out?.decision, 'block', 'no further respawn is stated');
    if (out?.systemMessage) messages.push(String(out.systemMessage));
  }
  const again = runOf(dir, 'r-2');
  assert.equal(again.status, 'blocked');
  assert.deepEqual((again.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome, a.detail]), [
    ['fetch_history', 'failed', 'the child reported done without a final message on record'],
    ['respawn', 'failed', 'the run is itself the re-dispatch of r-1, so its brief is not dispatched a third time'],
    ['escalate', 'delivered', 'the blocked run was reported to the user'],
  ]);
  const origin = runOf(dir, 'r-1');
  assert.equal(origin.status, 'blocked');
  assert.deepEqual((origin.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome]), [
    ['fetch_history', 'failed'],
    ['respawn', 'failed'],
    ['escalate', 'delivered'],
  ]);
  assert.match(messages.join('\n'), /Subagent run r-2 .* is blocked/);
  assert.match(messages.join('\n'), /Subagent run r-1 .* is blocked/);
  assert.deepEqual(runsOf(dir).map((r) => r.runId).sort(), ['r-1', 'r-2'], 'no third dispatch');
});

test('the ladder exhausted: the run is blocked and the user is told once in a systemMessage', async () => {
  const dir = project({ forwardGraceSeconds: 0, slaSeconds: 1, attemptTimeoutSeconds: 1 });
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', null));
  assert.equal(h(dir, stop())?.decision, 'block', 'respawn stated');
  await sleep(1200); // the respawn's timeout (1 s) passes with no re-dispatch
  const out = h(dir, stop());
  assert.notEqual(out?.decision, 'block');
  const message = String(out?.systemMessage);
  assert.match(message, /^continuity: Subagent run r-1 \(code-reviewer, "Review the limiter", dispatched \d+ s ago\) is blocked: /);
  assert.match(message, /found no result to fetch .*respawn .* gave no result \(the brief was not dispatched again within 1 s\)/);
  assert.doesNotMatch(message, NO_ORDERS);
  const run = runOf(dir);
  assert.equal(run.status, 'blocked');
  assert.deepEqual((run.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome]), [
    ['fetch_history', 'failed'],
    ['respawn', 'failed'],
    ['escalate', 'delivered'],
  ]);
  assert.equal(h(dir, stop()), null, 'told once');
  // After compaction the agent's context carries the alert.
  const start = h(dir, { hook_event_name: 'SessionStart', source: 'compact' });
  assert.match(context(start), /continuity watchdog: Subagent run r-1 .* is blocked/);
});

test('no silent waiting: past its SLA a still-running run is reported at the next UserPromptSubmit, with its age and what continuity did', async () => {
  // An SLA long enough that the calls before it cannot outlast it on a busy machine.
  const dir = project({ forwardGraceSeconds: 0, slaSeconds: 10 });
  dispatchBackground(dir);
  // The SLA runs from the dispatch the hook recorded, which a loaded machine may record well after this test asked for it.
  const dispatchedAt = Date.parse(String(runOf(dir).dispatchAt));
  assert.equal(h(dir, prompt('how is it going?'))?.systemMessage, undefined, 'within the SLA nothing is said');
  await sleep(Math.max(0, dispatchedAt + 10_300 - Date.now()));
  const out = h(dir, prompt('any news?'));
  const message = String(out?.systemMessage);
  assert.match(message, /continuity: Subagent run r-1 \(code-reviewer, "Review the limiter", dispatched \d+ s ago\) is past its SLA of 10 s \(\d+ s overdue\)/);
  assert.match(message, /Claude Code reports the subagent as still running\. continuity has taken no recovery step: a running subagent is slow, not lost\./);
  assert.doesNotMatch(context(out), /respawn/, 'a running child is not respawned');
  assert.equal(runOf(dir).status, 'suspect_delivery_failure');
  assert.equal(h(dir, prompt('and now?'))?.systemMessage, undefined, 'the same facts are not repeated');
});

test('no silent waiting at Stop: a run past its SLA that Claude Code lists as running is reported without blocking', async () => {
  const dir = project({ forwardGraceSeconds: 0, slaSecondsByAgentType: { 'code-reviewer': 1 } });
  dispatchBackground(dir);
  await sleep(1200);
  const out = h(dir, stop({ background_tasks: [{ id: 'a5f1c9e', type: 'subagent', status: 'running', description: 'Review the limiter', agent_type: 'code-reviewer' }] }));
  assert.notEqual(out?.decision, 'block');
  assert.match(String(out?.systemMessage), /Subagent run r-1 .* is past its SLA of 1 s .* still running/);
});

test('a result delivered normally is never delivered again: a foreground completion', () => {
  const dir = project();
  const input = agentInput({ run_in_background: false });
  h(dir, preAgent('toolu_05Agent', input));
  h(dir, subStart('d4e5f6a'));
  h(dir, subStop(dir, 'd4e5f6a', RESULT));
  assert.equal(h(dir, postAgent('toolu_05Agent', { status: 'completed', agentId: 'd4e5f6a', content: [{ type: 'text', text: RESULT }], totalDurationMs: 4100 }, input)), null);
  const run = runOf(dir);
  assert.equal(run.status, 'completed');
  assert.equal(run.resultSource, 'tool_result');
  assert.equal(h(dir, stop()), null);
  assert.doesNotMatch(context(h(dir, prompt('next'))), /Subagent run/);
  assert.equal(h(dir, bash('toolu_06Bash')), null);
  assert.deepEqual(runOf(dir).recoveryAttempts, []);
});

test("a result delivered normally is never delivered again: Claude Code's own task notification in the main transcript", () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  const notification = `<task-notification>\n<task-id>a5f1c9e</task-id>\n<status>completed</status>\n<summary>Agent "Review the limiter" completed</summary>\n<result>${RESULT}</result>\n</task-notification>`;
  writeFileSync(join(dir, 'transcript.jsonl'), `${JSON.stringify({ type: 'user', isMeta: true, message: { role: 'user', content: notification } })}\n`);
  assert.equal(h(dir, stop()), null);
  const run = runOf(dir);
  assert.equal(run.status, 'completed');
  assert.equal(run.resultSource, 'task-notification');
});

test('the prompt that is Claude Code\'s own task notification is its delivery, before the transcript shows it: recorded, not delivered again', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  // Claude Code submits the notification as a prompt; its transcript does not hold it yet.
  writeFileSync(join(dir, 'transcript.jsonl'), '');
  const notification = `<task-notification>\n<task-id>a5f1c9e</task-id>\n<status>completed</status>\n<summary>Agent "Review the limiter" completed</summary>\n<result>${RESULT}</result>\n</task-notification>`;
  const out = h(dir, prompt(notification));
  assert.ok(!context(out).includes(RESULT), 'continuity does not deliver the result a second time');
  const run = runOf(dir);
  assert.equal(run.status, 'completed');
  assert.equal(run.resultSource, 'task-notification');
  assert.deepEqual(run.recoveryAttempts, []);
});

const taskNote = (status: string, summary: string) =>
  `<task-notification>\n<task-id>a5f1c9e</task-id>\n<tool-use-id>toolu_01Agent</tool-use-id>\n<status>${status}</status>\n<summary>${summary}</summary>\n</task-notification>`;
const enqueued = (status: string) => ({ type: 'queue-operation', operation: 'enqueue', timestamp: '2026-11-22T05:57:53.098Z', sessionId: SESSION, content: taskNote(status, 'Agent "Review the limiter" finished') });

test('a task notification Claude Code has only queued is waited for: not delivered again, not taken as delivered until it is in the conversation', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  const transcript = join(dir, 'transcript.jsonl');
  writeFileSync(transcript, `${JSON.stringify(enqueued('completed'))}\n`);
  assert.equal(h(dir, stop()), null, 'nothing delivered and nothing said while the notification is on its way');
  assert.equal(runOf(dir).status, 'done_but_not_forwarded');
  assert.deepEqual(runOf(dir).recoveryAttempts, []);
  const delivered = { type: 'user', message: { role: 'user', content: taskNote('completed', 'Agent "Review the limiter" finished') } };
  writeFileSync(transcript, `${JSON.stringify(enqueued('completed'))}\n${JSON.stringify(delivered)}\n`);
  assert.equal(h(dir, stop()), null);
  assert.equal(runOf(dir).status, 'completed');
  assert.equal(runOf(dir).resultSource, 'task-notification');
});

test("a resumed session's `failed` notification for a subagent that had finished does not count as delivery: the captured result is delivered", () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  // Claude Code ended before its notification reached the conversation; resumed, it reports the agent as failed.
  const failed = taskNote('failed', 'Background agent "Review the limiter" was running when the previous Claude Code process exited and did not complete. Its in-process state was lost.');
  const lines = [enqueued('completed'), enqueued('failed'), { type: 'user', message: { role: 'user', content: failed } }];
  writeFileSync(join(dir, 'transcript.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const out = h(dir, stop());
  assert.equal(out?.decision, 'block');
  assert.ok(String(out?.reason).includes(RESULT));
  const run = runOf(dir);
  assert.equal(run.status, 'recovered');
  assert.equal(run.resultSource, 'fetch_history');
});

test("Claude Code 2.1.331's `stopped` notification of a resumed session, for a subagent that had finished, does not count as delivery either", () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  const stopped = taskNote('stopped', 'Background agent "Review the limiter" didn\'t finish before the previous session ended');
  const lines = [enqueued('completed'), { type: 'user', message: { role: 'user', content: stopped } }];
  writeFileSync(join(dir, 'transcript.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const out = h(dir, stop());
  assert.equal(out?.decision, 'block');
  assert.ok(String(out?.reason).includes(RESULT));
  assert.equal(runOf(dir).status, 'recovered');
  assert.equal(runOf(dir).resultSource, 'fetch_history');
});

test('a `failed` notification for a subagent that never reported done delivered its outcome: nothing is respawned past the SLA', async () => {
  const dir = project({ forwardGraceSeconds: 0, slaSecondsByAgentType: { 'code-reviewer': 1 } });
  dispatchBackground(dir);
  const failed = taskNote('failed', 'Background agent "Review the limiter" was running when the previous Claude Code process exited and did not complete.');
  writeFileSync(join(dir, 'transcript.jsonl'), `${JSON.stringify({ type: 'user', message: { role: 'user', content: failed } })}\n`);
  await sleep(1200);
  assert.equal(h(dir, stop()), null);
  const run = runOf(dir);
  assert.equal(run.status, 'completed');
  assert.equal(run.resultSource, 'task-notification');
  assert.deepEqual(run.recoveryAttempts, []);
});

test('a recovered result is not delivered again when the agent later reads it with TaskOutput', async () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  assert.equal(h(dir, stop())?.decision, 'block');
  assert.equal(h(dir, { hook_event_name: 'PostToolUse', tool_name: 'TaskOutput', tool_use_id: 'toolu_07', tool_input: { task_id: 'a5f1c9e' }, tool_response: { retrieval_status: 'success', task: { task_id: 'a5f1c9e', status: 'completed', output: RESULT } } }), null);
  assert.equal(h(dir, stop()), null);
  const run = runOf(dir);
  assert.equal(run.status, 'recovered');
  assert.equal(run.resultSource, 'fetch_history', 'the first delivery keeps its receipt');
  const ledger = await openLedger(dir);
  try {
    const [e] = ledger.db.all<{ decision: string }>("SELECT decision FROM events WHERE kind = 'PostToolUse' ORDER BY id DESC LIMIT 1");
    assert.deepEqual((JSON.parse(e!.decision) as { rules: Json }).rules['watchdog-result'], { action: 'completion_recorded', runId: 'r-1', resultSource: 'task_output' });
  } finally {
    ledger.close();
  }
});

test('the recovery block comes before the auto-next words; the next stop is decided as usual', () => {
  const PLAN = '# Limiter\n\n### Task 1: Token bucket\n\nBuild it.\n\n### Task 2: Redis store\n\nStore it.\n';
  const dir = approvedProject('docs/plans/limiter.md', PLAN, { '.continuity/config.json': JSON.stringify({ watchdog: { forwardGraceSeconds: 0 } }) });
  cli(dir, ['task', 'done', '1']);
  h(dir, subStart('a5f1c9e'), 'session-test-1');
  h(dir, subStop(dir, 'a5f1c9e', RESULT), 'session-test-1');
  const first = h(dir, stop({ last_assistant_message: 'Task 1 is done. I can continue with Task 2.' }), 'session-test-1');
  assert.equal(first?.decision, 'block');
  assert.ok(String(first?.reason).includes(RESULT));
  assert.doesNotMatch(String(first?.reason), /Task 2 "Redis store"/);
  const second = h(dir, stop({ last_assistant_message: 'Task 1 is done. I can continue with Task 2.' }), 'session-test-1');
  assert.equal(second?.decision, 'block');
  assert.match(String(second?.reason), /Task 2 "Redis store" .* is the next task/);
  assert.match(String(second?.reason), /block 1 of 3/);
});

test('runs are per session: another session never receives this session’s result', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  assert.equal(h(dir, stop(), 'another-session'), null);
  assert.equal(h(dir, stop())?.decision, 'block');
});

function watchdogCli(dir: string, sub: string, input: Json | string, env: NodeJS.ProcessEnv = {}): CliResult {
  return runCli(['watchdog', sub], { cwd: dir, input: typeof input === 'string' ? input : JSON.stringify(input), env: { CLAUDE_PROJECT_DIR: dir, ...env } });
}

function ok(r: CliResult): Json {
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim().split('\n').length, 1);
  return JSON.parse(r.stdout) as Json;
}

test('continuity watchdog dispatch|child-done|complete: an OpenClaw-style orchestrator records receipts in the same ledger', () => {
  const dir = project({ forwardGraceSeconds: 30, slaSeconds: 600, slaSecondsByAgentType: { researcher: 1200 } });
  const spawned = { runId: 'oc-run-7', childSessionKey: 'agent:main:subagent:7f3a' }; // sessions_spawn's answer
  const d = ok(watchdogCli(dir, 'dispatch', { ...spawned, dispatchAt: '2026-11-20T10:00:00Z', agentType: 'researcher', brief: 'Find the rate-limit RFC.', sessionId: 'oc-main' }));
  assert.deepEqual({ ...d, ownerReport: null }, { ok: true, runId: 'oc-run-7', duplicate: false, status: 'suspect_delivery_failure', recoveryAction: 'fetch_history', ownerReport: null });
  assert.match(String(d.ownerReport), /Run oc-run-7 \(child agent:main:subagent:7f3a\) was dispatched .* expected within 20 min/);
  // The report states the run's age, which moves on between the two calls; everything else must be the same.
  const replayed = ok(watchdogCli(dir, 'dispatch', spawned));
  assert.deepEqual({ ...replayed, ownerReport: null }, { ...d, ownerReport: null, duplicate: true, why: 'already_dispatched' }, 'a replayed dispatch changes nothing');
  assert.match(String(replayed.ownerReport), /Run oc-run-7 \(child agent:main:subagent:7f3a\) was dispatched .* expected within 20 min/);

  const fresh = ok(watchdogCli(dir, 'dispatch', { runId: 'oc-run-8', childSessionKey: 'agent:main:subagent:8b1c' }));
  assert.equal(fresh.status, 'active');
  const done = ok(watchdogCli(dir, 'child-done', { childSessionKey: 'agent:main:subagent:8b1c', result: 'RFC 6585 defines 429.' }));
  assert.equal(done.status, 'active', 'within the forward grace');
  const complete = ok(watchdogCli(dir, 'complete', { runId: 'oc-run-8', forwardedToMain: true, resultSource: 'announce' }));
  assert.deepEqual(complete, { ok: true, runId: 'oc-run-8', duplicate: false, status: 'completed', recoveryAction: 'none', ownerReport: null });
  const replay = ok(watchdogCli(dir, 'complete', { runId: 'oc-run-8', forwardedToMain: true, resultSource: 'respawn' }));
  assert.equal(replay.duplicate, true);
  assert.equal(replay.why, 'already_delivered');

  const failed = ok(watchdogCli(dir, 'attempt', { runId: 'oc-run-7', action: 'fetch_history', outcome: 'failed' }));
  assert.equal(failed.recoveryAction, 'respawn');

  const runs = runsOf(dir);
  assert.deepEqual(
    runs.map((r) => [r.runId, r.status, r.source]),
    [
      ['oc-run-8', 'completed', 'cli'],
      ['oc-run-7', 'suspect_delivery_failure', 'cli'],
    ],
  );

  const unknown = watchdogCli(dir, 'complete', { runId: 'nope', forwardedToMain: true });
  assert.equal(unknown.code, 2);
  assert.deepEqual(JSON.parse(unknown.stderr), { ok: false, error: 'unknown_run', message: 'no run "nope" in the ledger' });
  const invalid = watchdogCli(dir, 'dispatch', { runId: 'x' });
  assert.equal(invalid.code, 2);
  assert.match(JSON.parse(invalid.stderr).message, /childSessionKey/);
  assert.equal(watchdogCli(dir, 'complete', 'not json').code, 2);
});

test('a run recorded through the CLI for a Claude Code session is recovered by that session’s hooks', () => {
  const dir = project();
  ok(watchdogCli(dir, 'dispatch', { runId: 'oc-run-9', childSessionKey: 'agent:9', brief: 'Summarise the logs.' }, { CLAUDE_CODE_SESSION_ID: SESSION }));
  ok(watchdogCli(dir, 'child-done', { runId: 'oc-run-9', result: RESULT }));
  const out = h(dir, stop());
  assert.equal(out?.decision, 'block');
  assert.ok(String(out?.reason).includes(RESULT));
  assert.equal(runOf(dir, 'oc-run-9').status, 'recovered');
});

test('continuity status lists runs with their status and age', () => {
  const dir = project();
  dispatchBackground(dir);
  dispatchBackground(dir, 'toolu_08Agent', 'e6f7a8b');
  h(dir, subStop(dir, 'a5f1c9e', RESULT));
  h(dir, stop());
  const r = runCli(['status'], { cwd: dir, env: { CLAUDE_PROJECT_DIR: dir } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Runs {6}2 subagent run\(s\) · 1 not delivered$/m);
  assert.match(r.stdout, /^ {2}r-2 +active +\d+ s {2}code-reviewer · Review the limiter$/m);
  assert.match(r.stdout, /^ {2}r-1 +recovered +\d+ s {2}code-reviewer · Review the limiter$/m);
  const runs = runsOf(dir);
  assert.deepEqual(runs.map((x) => [x.runId, x.status]), [
    ['r-2', 'active'],
    ['r-1', 'recovered'],
  ]);
  for (const x of runs) {
    assert.equal(typeof x.ageSeconds, 'number');
    assert.match(String(x.age), /^\d+ s$/);
  }
});

test('parallel foreground dispatches of one type: a child first bound to the wrong dispatch is put right by the PostToolUse that names it', () => {
  const dir = project();
  const one = agentInput({ run_in_background: false, description: 'Review bucket.ts', prompt: 'Review bucket.ts.' });
  const two = agentInput({ run_in_background: false, description: 'Review store.ts', prompt: 'Review store.ts.' });
  h(dir, preAgent('toolu_A', one));
  h(dir, preAgent('toolu_B', two));
  // The children start in the other order: the first SubagentStart is bound to the oldest dispatch (a guess).
  h(dir, subStart('agent-b'));
  h(dir, subStart('agent-a'));
  h(dir, subStop(dir, 'agent-b', 'store.ts is fine.'));
  h(dir, subStop(dir, 'agent-a', 'bucket.ts has a race.'));
  h(dir, postAgent('toolu_A', { status: 'completed', agentId: 'agent-a', content: [{ type: 'text', text: 'bucket.ts has a race.' }] }, one));
  h(dir, postAgent('toolu_B', { status: 'completed', agentId: 'agent-b', content: [{ type: 'text', text: 'store.ts is fine.' }] }, two));
  assert.deepEqual(
    runsOf(dir).map((r) => [r.runId, r.description, r.childSessionKey, r.status, r.capturedResultChars]),
    [
      ['r-2', 'Review store.ts', 'agent-b', 'completed', 'store.ts is fine.'.length],
      ['r-1', 'Review bucket.ts', 'agent-a', 'completed', 'bucket.ts has a race.'.length],
    ],
  );
  assert.equal(h(dir, stop()), null);
});

test('a dispatch that never launched is not watched: no run, no alarm after its SLA', async () => {
  const dir = project({ forwardGraceSeconds: 0, slaSeconds: 1 });
  h(dir, preAgent('toolu_09Agent'));
  assert.equal(h(dir, { hook_event_name: 'PostToolUseFailure', tool_name: 'Agent', tool_use_id: 'toolu_09Agent', tool_input: agentInput(), error: 'Agent type not found' }), null);
  h(dir, preAgent('toolu_10Agent')); // denied before it ran: no PostToolUse at all
  await sleep(1200);
  assert.equal(h(dir, prompt('status?'))?.systemMessage, undefined);
  assert.equal(h(dir, stop()), null);
  assert.deepEqual(runsOf(dir), []);
});

test('a SubagentStop after a hook kept the child going (stop_hook_active) supersedes the earlier one: its final message is the one delivered', () => {
  const dir = project();
  dispatchBackground(dir);
  h(dir, subStop(dir, 'a5f1c9e', 'Interim: still checking take().'));
  h(dir, { ...subStop(dir, 'a5f1c9e', RESULT), stop_hook_active: true });
  const out = h(dir, stop());
  assert.ok(String(out?.reason).includes(RESULT));
  assert.doesNotMatch(String(out?.reason), /Interim/);
});
