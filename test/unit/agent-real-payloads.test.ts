// Payloads captured from the real clients (test/fixtures/agents/<client>-<version>/,
// written by CONTINUITY_REAL_CLIENT_CAPTURE during the real-client suite), through
// each adapter's parse and translation.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { codexNotificationStatus } from '../../src/hooks/watchdog/transcript.js';
import { parseCodexPayload } from '../../src/adapters/codex/protocol.js';
import { codexToClaude } from '../../src/adapters/codex/to-claude.js';
import { parseGeminiPayload } from '../../src/adapters/gemini/protocol.js';
import { geminiToClaude } from '../../src/adapters/gemini/to-claude.js';

const CODEX = join(import.meta.dirname, '..', 'fixtures', 'agents', 'codex-0.169.0');
const GEMINI = join(import.meta.dirname, '..', 'fixtures', 'agents', 'gemini-cli-0.61.0');
const raw = (dir: string, name: string) => readFileSync(join(dir, `${name}.json`), 'utf8');
const codex = (name: string) => codexToClaude(parseCodexPayload(raw(CODEX, name))).payloads;
const gemini = (name: string) => geminiToClaude(parseGeminiPayload(raw(GEMINI, name)), {}).payloads;

test('every captured Codex 0.169.0 and Gemini CLI 0.61.0 payload passes its adapter', () => {
  for (const f of readdirSync(CODEX)) assert.ok(codexToClaude(parseCodexPayload(raw(CODEX, f.replace(/\.json$/, '')))).payloads.length >= 1, f);
  for (const f of readdirSync(GEMINI)) assert.ok(geminiToClaude(parseGeminiPayload(raw(GEMINI, f.replace(/\.json$/, ''))), {}).payloads.length >= 1, f);
});

test('codex: shell calls arrive as Bash with tool_input.command; apply_patch becomes the file tools', () => {
  assert.equal(codex('pre-tool-use-bash')[0]!.tool_name, 'Bash');
  assert.equal(typeof (codex('pre-tool-use-bash')[0]!.tool_input as { command: unknown }).command, 'string');
  const patch = codex('pre-tool-use-apply-patch');
  assert.ok(patch.every((p) => (p.tool_name === 'Write' || p.tool_name === 'Edit') && p.agent_tool_name === 'apply_patch'));
});

test('codex: spawn_agent is a background Agent dispatch, its output the launch that names the child', () => {
  const [pre] = codex('pre-tool-use-spawn-agent');
  assert.equal(pre!.tool_name, 'Agent');
  assert.equal((pre!.tool_input as { run_in_background: unknown }).run_in_background, true);
  const [post] = codex('post-tool-use-spawn-agent');
  const agentId = JSON.parse(JSON.parse(raw(CODEX, 'post-tool-use-spawn-agent')).tool_response).agent_id;
  assert.deepEqual(post!.tool_response, { status: 'async_launched', agentId });
  // SubagentStart and SubagentStop carry the same id, and the child's final message.
  assert.equal(codex('subagent-start')[0]!.agent_id, agentId);
  const stop = codex('subagent-stop')[0]!;
  assert.equal(stop.hook_event_name, 'SubagentStop');
  assert.equal(stop.agent_id, agentId);
  assert.equal(typeof stop.last_assistant_message, 'string');
});

test('codex: wait_agent (named multi_agent_v1wait_agent by 0.169.0) reporting a completed child is a TaskOutput of it', () => {
  const input = JSON.parse(raw(CODEX, 'post-tool-use-wait-agent'));
  assert.equal(input.tool_name, 'multi_agent_v1wait_agent');
  const out = codex('post-tool-use-wait-agent');
  assert.deepEqual(out.map((p) => [p.tool_name, p.tool_response]), [['TaskOutput', { status: 'completed' }]]);
  assert.equal((out[0]!.tool_input as { task_id: string }).task_id, Object.keys(JSON.parse(input.tool_response).status)[0]);
});

test("codex: a subagent's first prompt is recorded apart, never read as the person's", () => {
  assert.equal(codex('subagent-prompt')[0]!.hook_event_name, 'codex:SubagentPrompt');
  assert.equal(codex('user-prompt-submit')[0]!.hook_event_name, 'UserPromptSubmit');
});

test("codex: a <subagent_notification> in the parent's rollout names the child and its status", () => {
  const id = '01a21167-5f1e-7132-9613-55c6d7a33bba';
  const text = `<subagent_notification>\n${JSON.stringify({ agent_path: id, status: { completed: 'done' } })}\n</subagent_notification>`;
  const line = JSON.stringify({ timestamp: 't', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
  assert.equal(codexNotificationStatus(line, id), 'completed');
  assert.equal(codexNotificationStatus(line, 'another'), null);
  assert.equal(codexNotificationStatus(line.replace('"user"', '"assistant"'), id), null);
});

test('gemini: BeforeAgent carries the SessionStart context in front of the prompt; the person\'s words are read without it', () => {
  const input = JSON.parse(raw(GEMINI, 'before-agent'));
  assert.match(input.prompt, /^<hook_context>/);
  const [p] = gemini('before-agent');
  assert.equal(p!.hook_event_name, 'UserPromptSubmit');
  assert.doesNotMatch(String(p!.prompt), /hook_context/);
  assert.equal(p!.prompt, input.prompt.replace(/^<hook_context>[\s\S]*?<\/hook_context>\s*/, ''));
});

test('gemini: AfterAgent is the Stop, its prompt_response the last assistant message; tools map to Claude Code names', () => {
  const input = JSON.parse(raw(GEMINI, 'after-agent'));
  const [stop] = gemini('after-agent');
  assert.equal(stop!.hook_event_name, 'Stop');
  assert.equal(stop!.last_assistant_message, input.prompt_response);
  assert.equal(gemini('before-tool-run-shell-command')[0]!.tool_name, 'Bash');
  assert.equal(gemini('before-tool-write-file')[0]!.tool_name, 'Write');
  assert.equal(gemini('pre-compress')[0]!.hook_event_name, 'PreCompact');
});
