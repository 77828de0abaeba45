/**
 * A subagent run dispatched in one client and still open when that client's
 * session ends: the next client's session (another agent, same project) is
 * told of it at its start, `status` lists it, and past its deadline it is
 * reported and recovered by whatever client runs then, through the same
 * ledger. The real CLI, payloads as each client sends them; time is real (a
 * short SLA, and waits until the run's own deadline has passed).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';
import { agentHook, HOOKS_ONLY_CONFIG } from '../helpers/agent-hook.js';

type Json = Record<string, unknown>;
const BRIEF = 'Review src/limiter/bucket.ts for race conditions between refill() and take(). Report each race with a line number.';
const RESULT = 'Found 2 races in src/limiter/bucket.ts: refill() at line 41 and take() at line 58 read `tokens` without the lock.';
const CLAUDE_SESSION = 'session-claude-1';
const CODEX_SESSION = '019d036d-c7fa-72d2-b6fd-78878bfe34e4';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SLA: long enough that the dispatch's own hook calls all come before the deadline, even on a busy machine. */
const SLA_SECONDS = 4;

function project(slaSeconds = SLA_SECONDS): string {
  return tempProject({ '.continuity/config.json': JSON.stringify({ ...JSON.parse(HOOKS_ONLY_CONFIG['.continuity/config.json']), watchdog: { forwardGraceSeconds: 0, slaSeconds } }) });
}

/** Waits until the run's deadline (its expectedBy) is past. */
async function pastDeadline(dir: string): Promise<void> {
  const expectedBy = Date.parse(String(runs(dir)[0]?.expectedBy));
  assert.ok(Number.isFinite(expectedBy), 'the run has a deadline');
  await sleep(Math.max(0, expectedBy - Date.now()) + 300);
}

function claude(dir: string, fields: Json): Json | null {
  const r = hook(dir, fields, { sessionId: CLAUDE_SESSION });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as Json) : null;
}

function codex(dir: string, fields: Json): Json | null {
  const r = agentHook('codex', dir, { session_id: CODEX_SESSION, turn_id: 'turn-1', transcript_path: null, cwd: dir, model: 'gpt-5-codex', permission_mode: 'default', ...fields });
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

const agentInput = { description: 'Review the limiter', prompt: BRIEF, subagent_type: 'code-reviewer', run_in_background: true };

/** Claude Code dispatches a background subagent and the child starts; then Claude Code makes no more hook calls (closed, or out of quota). */
function dispatchInClaudeThenLeave(dir: string): void {
  claude(dir, { hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_use_id: 'toolu_01Agent', tool_input: agentInput });
  claude(dir, { hook_event_name: 'PostToolUse', tool_name: 'Agent', tool_use_id: 'toolu_01Agent', tool_input: agentInput, tool_response: { isAsync: true, status: 'async_launched', agentId: 'a5f1c9e', description: 'Review the limiter', prompt: BRIEF } });
  claude(dir, { hook_event_name: 'SubagentStart', agent_id: 'a5f1c9e', agent_type: 'code-reviewer' });
}

function runs(dir: string): Json[] {
  const r = runCli(['status', '--json'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { runs: Json[] }).runs;
}

const contextOf = (out: Json | null) => String(((out?.hookSpecificOutput ?? {}) as Json).additionalContext ?? '');

test("a run dispatched in Claude Code and open when its session ended is in Codex's first context and in status", () => {
  const dir = project(600);
  dispatchInClaudeThenLeave(dir);
  const start = codex(dir, { hook_event_name: 'SessionStart', source: 'startup' });
  assert.match(contextOf(start), /r-1/, 'the open run is named at the next client\'s start');
  assert.match(contextOf(start), /Review the limiter/);
  const [run] = runs(dir);
  assert.equal(run?.runId, 'r-1');
  assert.equal(run?.status, 'active');
});

test('past its deadline, the run dispatched in Claude Code is reported in Codex; with no result the ladder moves on and the brief is dispatched again there', async () => {
  const dir = project();
  dispatchInClaudeThenLeave(dir);
  codex(dir, { hook_event_name: 'SessionStart', source: 'startup' });
  await pastDeadline(dir);
  const out = codex(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done for now.' });
  assert.equal(out?.decision, 'block', JSON.stringify(out));
  const reason = String(out?.reason);
  assert.match(reason, /Subagent run r-1/);
  assert.match(reason, /Subagent run r-1 was dispatched in a claude-code session \(session-claude-1\) that has ended or has been silent since before the run's deadline/);
  assert.match(reason, /as a new spawn_agent call with subagent_type "code-reviewer"/, "the dispatch named as Codex's own");
  assert.ok(reason.includes(BRIEF));
  const [run] = runs(dir);
  assert.deepEqual((run?.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome]), [['fetch_history', 'failed'], ['respawn', 'pending']]);
});

test("a result the Claude Code child left before Claude Code went quiet is delivered in Codex once the run's deadline has passed, once", async () => {
  const dir = project();
  dispatchInClaudeThenLeave(dir);
  claude(dir, { hook_event_name: 'SubagentStop', agent_id: 'a5f1c9e', agent_type: 'code-reviewer', agent_transcript_path: join(dir, 'agent-a5f1c9e.jsonl'), last_assistant_message: RESULT, stop_hook_active: false });
  assert.ok(!contextOf(codex(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'hello' })).includes(RESULT), 'not taken from a session that may still be working, before the deadline');
  await pastDeadline(dir);
  const first = codex(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' });
  assert.ok(contextOf(first).includes(RESULT), 'delivered in the next client');
  assert.equal(runs(dir)[0]?.status, 'recovered');
  const again = codex(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'and then?' });
  assert.ok(!contextOf(again).includes(RESULT), 'not a second time');
});

test("another session of the same client that is only idle keeps its run: a second Codex session is not handed the first one's run", async () => {
  const dir = project();
  codex(dir, { hook_event_name: 'PreToolUse', tool_name: 'spawn_agent', tool_use_id: 'call_spawn_1', tool_input: { message: BRIEF } });
  codex(dir, { hook_event_name: 'PostToolUse', tool_name: 'spawn_agent', tool_use_id: 'call_spawn_1', tool_input: { message: BRIEF }, tool_response: JSON.stringify({ agent_id: 'child-spawned', nickname: 'Carson' }) });
  assert.equal(runs(dir).length, 1, JSON.stringify(runs(dir)));
  await pastDeadline(dir);
  const other = agentHook('codex', dir, { session_id: '019d0399-0000-7000-8000-000000000001', turn_id: 'turn-1', transcript_path: null, cwd: dir, model: 'gpt-5-codex', permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' });
  assert.equal(other.code, 0, other.stderr);
  assert.doesNotMatch(JSON.stringify(other.out ?? {}), /r-1/);
  assert.deepEqual(runs(dir)[0]?.recoveryAttempts, []);
});

test('the brief dispatched again in Codex for a run handed over from Claude Code is recorded as that run\'s respawn, and its result recovers the run', async () => {
  const dir = project();
  dispatchInClaudeThenLeave(dir);
  codex(dir, { hook_event_name: 'SessionStart', source: 'startup' });
  await pastDeadline(dir);
  const out = codex(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done for now.' });
  assert.match(String(out?.reason), /that dispatch is recorded as the respawn of run r-1/);
  // Codex dispatches the same brief, as the words said, and waits for it.
  codex(dir, { hook_event_name: 'PreToolUse', tool_name: 'spawn_agent', tool_use_id: 'call_respawn', tool_input: { message: BRIEF } });
  codex(dir, { hook_event_name: 'PostToolUse', tool_name: 'spawn_agent', tool_use_id: 'call_respawn', tool_input: { message: BRIEF }, tool_response: JSON.stringify({ agent_id: 'child-again', nickname: 'Carson' }) });
  const again = runs(dir).find((r) => r.runId !== 'r-1');
  assert.equal(again?.respawnOf, 'r-1', JSON.stringify(runs(dir)));
  codex(dir, { hook_event_name: 'PostToolUse', tool_name: 'wait_agent', tool_use_id: 'call_wait', tool_input: { targets: ['child-again'] }, tool_response: JSON.stringify({ status: { 'child-again': { completed: RESULT } } }) });
  const r1 = runs(dir).find((r) => r.runId === 'r-1')!;
  assert.equal(r1.status, 'recovered', JSON.stringify(r1));
  assert.equal(r1.resultSource, 'respawn');
  assert.deepEqual((r1.recoveryAttempts as Json[]).map((a) => [a.action, a.outcome]), [['fetch_history', 'failed'], ['respawn', 'delivered']]);
});

test('a live Claude Code session\'s pending respawn is not taken by a Codex dispatch of the same brief', async () => {
  const dir = project();
  // Claude Code's own run, late and still in its own hands (its child ended with no final message): its stop states the respawn there.
  dispatchInClaudeThenLeave(dir);
  claude(dir, { hook_event_name: 'SubagentStop', agent_id: 'a5f1c9e', agent_type: 'code-reviewer', agent_transcript_path: join(dir, 'agent-a5f1c9e.jsonl'), stop_hook_active: false });
  await pastDeadline(dir);
  const stop = claude(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' });
  assert.match(String(stop?.reason), /recorded as the respawn of run r-1/);
  codex(dir, { hook_event_name: 'PreToolUse', tool_name: 'spawn_agent', tool_use_id: 'call_same', tool_input: { message: BRIEF } });
  codex(dir, { hook_event_name: 'PostToolUse', tool_name: 'spawn_agent', tool_use_id: 'call_same', tool_input: { message: BRIEF }, tool_response: JSON.stringify({ agent_id: 'child-other', nickname: 'Ada' }) });
  const other = runs(dir).find((r) => r.runId !== 'r-1');
  assert.equal(other?.respawnOf, null, JSON.stringify(runs(dir)));
});
