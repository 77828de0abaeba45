/**
 * The OpenCode adapter's translation, pure: the payloads continuity's plugin
 * handed the hook in a real OpenCode 1.18.33 session
 * (test/fixtures/agents/opencode-1.18.33/) as Claude Code payloads, and
 * Claude Code answers as what the plugin does.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseOpenCodePayload } from '../../src/adapters/opencode/protocol.js';
import { openCodeToClaude, promptOf, toolPayloads } from '../../src/adapters/opencode/to-claude.js';
import { claudeToOpenCode } from '../../src/adapters/opencode/from-claude.js';
import { PayloadError } from '../../src/hooks/hook-payload.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'opencode-1.18.33');
const raw = (name: string) => readFileSync(join(FIXTURES, `${name}.json`), 'utf8');
const payload = (name: string) => parseOpenCodePayload(raw(name));
const only = (name: string) => {
  const call = openCodeToClaude(payload(name));
  assert.equal(call.payloads.length, 1);
  return call.payloads[0]!;
};

test('every captured payload validates, names its session and is searched from OpenCode\'s project folder', () => {
  for (const name of ['session-created', 'chat-message', 'tool-execute-before-bash', 'tool-execute-before-write', 'tool-execute-before-edit', 'tool-execute-after-bash', 'text-complete']) {
    const p = payload(name);
    const call = openCodeToClaude(p);
    assert.equal(call.searchFrom, p.directory, name);
    assert.match(String(call.payloads[0]!.session_id), /^ses_/, name);
    assert.equal(call.payloads[0]!.cwd, p.directory, name);
  }
});

test('the first chat.message opens the session; chat.message is the person\'s prompt, its own text parts only', () => {
  assert.equal(only('session-created').hook_event_name, 'SessionStart');
  const prompt = only('chat-message');
  assert.equal(prompt.hook_event_name, 'UserPromptSubmit');
  assert.equal(prompt.prompt, 'approve');
  const p = payload('chat-message') as Parameters<typeof promptOf>[0];
  const withContext = { ...p, output: { ...p.output, parts: [...p.output.parts, { type: 'text', text: 'continuity ledger: …', synthetic: true }] } };
  assert.equal(promptOf(withContext), 'approve');
});

test('tool calls as Claude Code\'s: bash → Bash, write → Write, edit → Edit with Claude Code\'s argument names, the call id kept', () => {
  const bash = only('tool-execute-before-bash');
  assert.equal(bash.hook_event_name, 'PreToolUse');
  assert.equal(bash.tool_name, 'Bash');
  assert.equal((bash.tool_input as { command: string }).command, 'continuity task done 1');
  assert.match(String(bash.tool_use_id), /^call_/);
  const write = only('tool-execute-before-write');
  assert.equal(write.tool_name, 'Write');
  assert.deepEqual(Object.keys(write.tool_input as object).sort(), ['content', 'file_path']);
  const edit = only('tool-execute-before-edit');
  assert.equal(edit.tool_name, 'Edit');
  assert.deepEqual(Object.keys(edit.tool_input as object).sort(), ['file_path', 'new_string', 'old_string']);
  const after = only('tool-execute-after-bash');
  assert.equal(after.hook_event_name, 'PostToolUse');
  // After the call OpenCode hands the arguments as they ran (wrapped in the wall); the record keeps the command asked for.
  assert.equal((after.tool_input as { command: string }).command, 'continuity task done 1');
});

test('a bash workdir is the command\'s folder; a patch is one payload per file it names', () => {
  assert.equal(toolPayloads('bash', { command: 'ls', workdir: 'src' }, '/p')[0]!.cwd, '/p/src');
  const patch = '*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: .continuity/config.json\n@@\n-x\n+y\n*** End Patch\n';
  assert.deepEqual(toolPayloads('apply_patch', { patchText: patch }, '/p').map((c) => [c.tool_name, c.tool_input.file_path]), [['Write', 'a.txt'], ['Edit', '.continuity/config.json']]);
});

test('a step\'s completed text with no tool call is the Stop; the plugin\'s memory of a held stop is stop_hook_active', () => {
  const s = only('text-complete');
  assert.equal(s.hook_event_name, 'Stop');
  assert.equal(s.last_assistant_message, 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).');
  assert.equal(s.stop_hook_active, false);
});

test('answers: a denied call, a rewritten command, a held stop, feedback after a call, context for a prompt', () => {
  const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'continuity: .continuity/ is guarded' } };
  assert.deepEqual(claudeToOpenCode(payload('tool-execute-before-write'), deny).stdout, { deny: 'continuity: .continuity/ is guarded' });
  const wrapped = { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'bwrap … true', description: 'x' } } };
  assert.deepEqual(claudeToOpenCode(payload('tool-execute-before-bash'), wrapped).stdout, { args: { command: 'bwrap … true', description: 'x' } });
  assert.deepEqual(claudeToOpenCode(payload('text-complete'), { decision: 'block', reason: 'Task 2 is next.' }).stdout, { hold: 'Task 2 is next.' });
  assert.deepEqual(claudeToOpenCode(payload('tool-execute-after-bash'), { decision: 'block', reason: 'put back: x' }).stdout, { append: 'put back: x' });
  const ctx = { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'plan approved' }, systemMessage: 'continuity: approved' };
  assert.deepEqual(claudeToOpenCode(payload('chat-message'), ctx).stdout, { context: 'plan approved', message: 'continuity: approved' });
  assert.equal(claudeToOpenCode(payload('text-complete'), null).stdout, null);
});

test('a payload that is not the plugin\'s is a PayloadError naming what is wrong', () => {
  assert.throws(() => parseOpenCodePayload('{"hook_event_name":"tool.execute.before","directory":"/p","input":{"sessionID":"s"}}'), (e: unknown) => e instanceof PayloadError && /tool\.execute\.before payload: .*(output|tool)/.test((e as Error).message));
  assert.throws(() => parseOpenCodePayload('not json'), PayloadError);
});

test("a subagent's prompt (a session with a parent, named by the plugin) is recorded, never the person's prompt", () => {
  const p = payload('chat-message');
  const call = openCodeToClaude({ ...p, parent_session: 'ses_parent' } as typeof p);
  assert.equal(call.payloads[0]!.hook_event_name, 'opencode:subagent-prompt');
  assert.equal(call.payloads[0]!.prompt, 'approve');
});

test("the task tool is Claude Code's Agent: its call the dispatch, its output the child's answer handed over (the child's session as agentId, OpenCode's state as status)", () => {
  const before = only('tool-execute-before-task');
  assert.equal(before.hook_event_name, 'PreToolUse');
  assert.equal(before.tool_name, 'Agent');
  assert.deepEqual(before.tool_input, { description: 'Review the plan', prompt: 'Review docs/plans/payments-export.md and report any task without a test step.', subagent_type: 'general' });
  assert.equal(before.tool_use_id, 'call_2_0');
  const after = only('tool-execute-after-task');
  assert.equal(after.tool_name, 'Agent');
  const response = after.tool_response as Record<string, unknown>;
  assert.equal(response.agentId, payload('text-complete-subagent').input.sessionID);
  assert.equal(response.status, 'completed');
  assert.match(String(response.content), /^<task id="ses_\w+" state="completed">\n<task_result>\nReview of payments-export/);
});

test("a subagent's first prompt is its start and its last step its end, both in its caller's session; its prompt stays the model's", () => {
  const start = openCodeToClaude(payload('chat-message-subagent')).payloads;
  assert.deepEqual(start.map((p) => p.hook_event_name), ['opencode:subagent-prompt', 'SubagentStart']);
  const parent = payload('tool-execute-before-task').input.sessionID;
  const child = payload('chat-message-subagent').input.sessionID;
  assert.deepEqual([start[1]!.session_id, start[1]!.agent_id, start[1]!.agent_type], [parent, child, 'general']);
  const end = only('text-complete-subagent');
  assert.equal(end.hook_event_name, 'SubagentStop');
  assert.deepEqual([end.session_id, end.agent_id, end.agent_type], [parent, child, 'general']);
  assert.match(String(end.last_assistant_message), /^Review of payments-export/);
  assert.equal(claudeToOpenCode(payload('text-complete-subagent'), null).stdout, null);
});

test("after a compaction, the plugin's call for the next model request is SessionStart (compact), its context for the system prompt", () => {
  const p = only('session-compacted');
  assert.deepEqual([p.hook_event_name, p.source], ['SessionStart', 'compact']);
  const answer = claudeToOpenCode(payload('session-compacted'), { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'continuity ledger: …' } });
  assert.deepEqual(answer.stdout, { context: 'continuity ledger: …' });
});
