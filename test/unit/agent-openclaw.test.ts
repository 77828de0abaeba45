// The OpenClaw plugin's translation, on hook calls captured from the real
// OpenClaw 2026.9.6 gateway (test/fixtures/agents/openclaw-2026.9.6/, written
// by CONTINUITY_REAL_CLIENT_CAPTURE during the real-client suite), and its
// answers restated as OpenClaw hook results.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PayloadError } from '../../src/hooks/hook-payload.js';
import { contextOf, stopReason, toolCallResult } from '../../src/adapters/openclaw/from-claude.js';
import { parseHook, type AgentContext, type HookName } from '../../src/adapters/openclaw/protocol.js';
import { announcedChild, deliveredPayload, lastAssistantText, promptPayload, spawnedChild, stopPayload, subagentStopPayload, toolPayloads, toolRan, type Where } from '../../src/adapters/openclaw/to-claude.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'agents', 'openclaw-2026.9.6');
const captured = (name: string): { hook: HookName; event: unknown; ctx: unknown } => JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8'));
function parsed<H extends HookName>(name: string, hook: H) {
  const c = captured(name);
  assert.equal(c.hook, hook);
  return parseHook(hook, c.event, c.ctx);
}
const WHERE: Where = { sessionId: 'agent:main:main', cwd: '/work/project' };

test('every captured OpenClaw 2026.9.6 hook call passes the plugin\'s schemas', () => {
  for (const f of readdirSync(DIR)) {
    const c = captured(f.replace(/\.json$/, ''));
    assert.doesNotThrow(() => parseHook(c.hook, c.event, c.ctx), f);
  }
});

test("openclaw: the operator's prompt is UserPromptSubmit with the words as they arrived, not before_agent_run's prompt with the prepended context", () => {
  const build = parsed('before-prompt-build-approve', 'before_prompt_build');
  const run = parsed('before-agent-run-approve', 'before_agent_run');
  assert.match(run.event.prompt, /^continuity ledger: .*\n\napprove$/s);
  const p = promptPayload(WHERE, { ...run.event, prompt: build.event.prompt }, run.ctx as AgentContext, false);
  assert.equal(p.hook_event_name, 'UserPromptSubmit');
  assert.equal(p.prompt, 'approve');
  assert.equal(p.session_id, 'agent:main:main');
});

test("openclaw: a subagent's announce (user-role text, trigger user) is not the operator's prompt", () => {
  const run = parsed('before-agent-run-announce', 'before_agent_run');
  assert.equal((run.ctx as AgentContext).trigger, 'user');
  const p = promptPayload(WHERE, run.event, run.ctx as AgentContext, false);
  assert.equal(p.hook_event_name, 'openclaw:NotOperatorPrompt');
  assert.match(String(p.why), /^input from inter_session \(subagent_announce of agent:main:subagent:/);
});

test("openclaw: a subagent's own first turn is not the operator's prompt", () => {
  const run = parsed('before-agent-run-subagent', 'before_agent_run');
  const p = promptPayload(WHERE, run.event, run.ctx as AgentContext, false);
  assert.equal(p.hook_event_name, 'openclaw:NotOperatorPrompt');
  assert.match(String(p.why), /^a subagent's session \(agent:main:subagent:/);
});

test("openclaw: continuity's own continuation turn is recorded as such, never as the operator's, whatever OpenClaw says of its sender", () => {
  const run = parsed('before-agent-run-continuation', 'before_agent_run');
  assert.match(String((run.ctx as AgentContext).runId), /^continuity-next-/);
  const own = promptPayload(WHERE, run.event, run.ctx as AgentContext, true);
  assert.equal(own.hook_event_name, 'openclaw:ContinuationTurn');
  // Even were OpenClaw to call its sender the owner (it did in an earlier run), the run id decides.
  const claimed = promptPayload(WHERE, { ...run.event, senderIsOwner: true }, run.ctx as AgentContext, true);
  assert.equal(claimed.hook_event_name, 'openclaw:ContinuationTurn');
  // A revision pass's queued message is not the operator's either.
  const pass = parsed('before-agent-run-revision-pass', 'before_agent_run');
  assert.equal(promptPayload(WHERE, pass.event, pass.ctx as AgentContext, false).hook_event_name, 'openclaw:NotOperatorPrompt');
});

test('openclaw: without the owner bit a prompt is not the operator\'s (absence does not establish a person)', () => {
  const run = parsed('before-agent-run-approve', 'before_agent_run');
  const { senderIsOwner: _, ...event } = run.event;
  const p = promptPayload(WHERE, { ...event, prompt: 'approve' }, run.ctx as AgentContext, false);
  assert.equal(p.hook_event_name, 'openclaw:NotOperatorPrompt');
  assert.equal(p.why, 'OpenClaw did not say the sender is the owner');
});

test('openclaw: exec is a Bash call; write is Write with the path made absolute in the workspace; other tools keep their names', () => {
  const exec = parsed('before-tool-call-exec', 'before_tool_call');
  assert.deepEqual(toolPayloads(WHERE, exec.event, 'PreToolUse'), [
    { session_id: 'agent:main:main', hook_event_name: 'PreToolUse', cwd: '/work/project', tool_name: 'Bash', tool_input: { command: 'continuity task done 1' }, tool_use_id: 'call_2_0', agent_tool_name: 'exec' },
  ]);
  const write = parsed('before-tool-call-write', 'before_tool_call');
  const [w] = toolPayloads(WHERE, write.event, 'PreToolUse');
  assert.equal(w!.tool_name, 'Write');
  assert.equal((w!.tool_input as { file_path: string }).file_path, '/work/project/scripts/mark_done.py');
  assert.equal(toolPayloads(WHERE, { toolName: 'sessions_history', params: { sessionKey: 'agent:main:subagent:x' } }, 'PreToolUse')[0]!.tool_name, 'sessions_history');
});

test('openclaw: apply_patch becomes one file tool per file of the patch; edit one Edit per replacement; the tool_call wrapper none', () => {
  const patch = toolPayloads(WHERE, { toolName: 'apply_patch', params: { input: '*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** Update File: /abs/a.md\n@@\n-old\n+new\n*** End Patch' } }, 'PreToolUse');
  assert.deepEqual(patch.map((p) => [p.tool_name, (p.tool_input as { file_path: string }).file_path, p.agent_tool_name]), [['Write', '/work/project/notes.txt', 'apply_patch'], ['Edit', '/abs/a.md', 'apply_patch']]);
  const edit = toolPayloads(WHERE, { toolName: 'edit', params: { path: 'a.md', edits: [{ oldText: 'a', newText: 'b' }, { oldText: 'c', newText: 'd' }] } }, 'PreToolUse');
  assert.deepEqual(edit.map((p) => p.tool_input), [{ file_path: '/work/project/a.md', old_string: 'a', new_string: 'b' }, { file_path: '/work/project/a.md', old_string: 'c', new_string: 'd' }]);
  assert.deepEqual(toolPayloads(WHERE, { toolName: 'tool_call', params: { id: 'exec', args: { command: 'ls' } } }, 'PreToolUse'), []);
});

test('openclaw: after a call, its result is the tool response; a call OpenClaw blocked before it ran is not judged again', () => {
  const done = parsed('after-tool-call-exec', 'after_tool_call');
  assert.equal(toolRan(done.event), true);
  const [post] = toolPayloads(WHERE, done.event, 'PostToolUse');
  assert.equal(post!.hook_event_name, 'PostToolUse');
  assert.equal((post!.tool_response as { details: { status: string } }).details.status, 'completed');
  assert.equal(toolRan(parsed('after-tool-call-exec-blocked', 'after_tool_call').event), false);
});

test('openclaw: before_agent_finalize is Stop with the answer the run ends with', () => {
  const fin = parsed('before-agent-finalize-closure', 'before_agent_finalize');
  const stop = stopPayload(WHERE, fin.event);
  assert.equal(stop.hook_event_name, 'Stop');
  assert.equal(stop.stop_hook_active, false);
  assert.match(String(stop.last_assistant_message), /continuity-closure: waiting_user/);
});

test('openclaw: a malformed hook call is one PayloadError line', () => {
  assert.throws(() => parseHook('before_tool_call', { params: {} }, {}), (e: unknown) => e instanceof PayloadError && /^invalid OpenClaw before_tool_call event: /.test(e.message) && !e.message.includes('\n'));
  assert.throws(() => parseHook('before_agent_run', { prompt: 'x' }, { sessionKey: 5 }), PayloadError);
});

test('openclaw answers: a deny blocks the call with its reason; a held stop gives its facts; context is prepended', () => {
  assert.deepEqual(toolCallResult({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' } }, 'exec'), { block: true, blockReason: 'guarded' });
  assert.equal(toolCallResult(null, 'exec'), undefined);
  // The wall's rewrite is exec's parameters; text typed through process, judged as a command too, is left as it was.
  const wrapped = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: "bwrap -- sh -c 'ls'" } } };
  assert.deepEqual(toolCallResult(wrapped, 'exec'), { params: { command: "bwrap -- sh -c 'ls'" } });
  assert.equal(toolCallResult(wrapped, 'process'), undefined);
  assert.equal(stopReason({ decision: 'block', reason: 'Task 2 is next.' }), 'Task 2 is next.');
  assert.equal(stopReason({ systemMessage: 'let through' }), null);
  assert.equal(contextOf({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ground truth' } }), 'ground truth');
});

test('openclaw: sessions_spawn is a background Agent dispatch with the task as its brief; its accepted answer names the child session', () => {
  const pre = parsed('before-tool-call-sessions-spawn', 'before_tool_call');
  const [dispatch] = toolPayloads(WHERE, pre.event, 'PreToolUse');
  assert.equal(dispatch!.tool_name, 'Agent');
  assert.deepEqual(dispatch!.tool_input, { prompt: 'approve', description: 'helper', subagent_type: 'default', run_in_background: true });
  const post = parsed('after-tool-call-sessions-spawn', 'after_tool_call');
  const [launch] = toolPayloads(WHERE, post.event, 'PostToolUse');
  assert.deepEqual(launch!.tool_response, { status: 'async_launched', agentId: 'agent:main:subagent:8d6df364-3800-4a45-8e3a-3d47a878b6c1' });
  assert.equal(spawnedChild(post.event), 'agent:main:subagent:8d6df364-3800-4a45-8e3a-3d47a878b6c1');
  const refused = toolPayloads(WHERE, { ...post.event, result: { details: { status: 'forbidden' } } }, 'PostToolUse');
  assert.equal((refused[0]!.tool_response as { status: string }).status, 'not_launched');
});

test("openclaw: an announce run names the child it hands over; a child's run ending is SubagentStop with its final answer; delivery is a TaskOutput of the child", () => {
  const announce = parsed('before-agent-run-announce', 'before_agent_run');
  const child = announcedChild(announce.ctx as AgentContext);
  assert.match(String(child), /^agent:main:subagent:/);
  assert.equal(announcedChild(parsed('before-agent-run-approve', 'before_agent_run').ctx as AgentContext), null);
  const stop = subagentStopPayload(WHERE, 'agent:main:subagent:x', { sessionId: 's', stopHookActive: false, lastAssistantMessage: 'CHILD RESULT' });
  assert.deepEqual([stop.hook_event_name, stop.agent_id, stop.last_assistant_message, stop.session_id], ['SubagentStop', 'agent:main:subagent:x', 'CHILD RESULT', 'agent:main:main']);
  const ended = parsed('subagent-ended', 'subagent_ended');
  const delivered = deliveredPayload(WHERE, ended.event.targetSessionKey, ended.event.outcome === 'ok', 'subagent_ended');
  assert.deepEqual([delivered.tool_name, delivered.tool_input, delivered.tool_response], ['TaskOutput', { task_id: ended.event.targetSessionKey }, { status: 'completed' }]);
  // A continuation turn (started through the gateway's subagent runtime) ends with a subagent_ended too: its target is no subagent session.
  assert.equal(parsed('subagent-ended-continuation', 'subagent_ended').event.targetSessionKey, 'agent:main:main');
});

test("openclaw: a session's last assistant text is read from its messages as OpenClaw keeps them (text parts), for a child whose hook carried no answer", () => {
  const fin = captured('before-agent-finalize-closeout') as { event: { messages: unknown[]; lastAssistantMessage: string } };
  assert.equal(lastAssistantText(fin.event.messages), fin.event.lastAssistantMessage);
  assert.equal(lastAssistantText([{ role: 'assistant', content: 'plain' }, { role: 'user', content: 'later' }]), 'plain');
  assert.equal(lastAssistantText([{ role: 'user', content: 'only' }]), null);
  const stop = subagentStopPayload(WHERE, 'agent:main:subagent:x', { sessionId: 's', stopHookActive: false }, 'FROM HISTORY');
  assert.deepEqual([stop.last_assistant_message, stop.result_from], ['FROM HISTORY', 'session_history']);
});
