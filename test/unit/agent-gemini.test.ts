/**
 * Gemini CLI ↔ Claude Code translation, both directions. Every payload is one
 * the real Gemini CLI 0.61.0 sent (test/fixtures/agents/gemini-cli-0.61.0/,
 * captured by CONTINUITY_REAL_CLIENT_CAPTURE in the real-client suite); a test
 * that needs a variant changes fields of a captured payload.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePayload } from '../../src/hooks/handle.js';
import { claudeToGemini } from '../../src/adapters/gemini/from-claude.js';
import { parseGeminiPayload, type GeminiPayload } from '../../src/adapters/gemini/protocol.js';
import { geminiToClaude } from '../../src/adapters/gemini/to-claude.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'gemini-cli-0.61.0');
/** A payload Gemini CLI 0.61.0 sent, with `changes` applied (a field set to undefined is removed). */
const captured = (name: string, changes: Record<string, unknown> = {}): Record<string, unknown> => {
  const p = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, unknown>;
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete p[k];
    else p[k] = v;
  }
  return p;
};
const parse = (name: string, changes: Record<string, unknown> = {}): GeminiPayload => parseGeminiPayload(JSON.stringify(captured(name, changes)));
const only = (p: GeminiPayload, env: NodeJS.ProcessEnv = {}) => {
  const call = geminiToClaude(p, env);
  assert.equal(call.payloads.length, 1);
  return call.payloads[0]!;
};

describe('Gemini CLI payloads', () => {
  it('AfterAgent is Stop: the loop flag passes through, the response is the last assistant message', () => {
    const input = captured('after-agent');
    const stop = only(parse('after-agent', { prompt_response: 'Task 1 is done.', stop_hook_active: true }));
    assert.equal(stop.hook_event_name, 'Stop');
    assert.equal(stop.stop_hook_active, true);
    assert.equal(stop.last_assistant_message, 'Task 1 is done.');
    assert.equal('prompt_response' in stop, false);
    assert.equal(validatePayload(stop).session_id, input.session_id);
  });

  it('BeforeAgent is UserPromptSubmit with the user prompt, read without the SessionStart context in front of it', () => {
    const prompt = only(parse('before-agent'));
    assert.equal(prompt.hook_event_name, 'UserPromptSubmit');
    assert.equal(prompt.prompt, 'approve');
    assert.equal(only(parse('before-agent', { prompt: 'Execute the approved plan.' })).prompt, 'Execute the approved plan.');
  });

  it('run_shell_command is Bash; its dir_path, relative to the project, becomes cwd', () => {
    const input = captured('before-tool-run-shell-command-dir-path');
    const pre = only(parse('before-tool-run-shell-command-dir-path'));
    assert.equal(pre.hook_event_name, 'PreToolUse');
    assert.equal(pre.tool_name, 'Bash');
    assert.equal(pre.cwd, join(input.cwd as string, 'sub'));
    assert.equal((pre.tool_input as { command: string }).command, 'ls');
    // Without dir_path the command runs in the payload's cwd.
    const plain = only(parse('before-tool-run-shell-command'));
    assert.equal(plain.cwd, captured('before-tool-run-shell-command').cwd);
    const absolute = only(parse('before-tool-run-shell-command-dir-path', { tool_input: { command: 'ls', dir_path: '/elsewhere' } }));
    assert.equal(absolute.cwd, '/elsewhere');
    // 0.61.0's shell tool takes dir_path; the older name `directory` is still read.
    assert.equal(only(parse('before-tool-run-shell-command', { tool_input: { command: 'ls', directory: 'sub' } })).cwd, join(plain.cwd as string, 'sub'));
  });

  it('write_file and replace are Write and Edit with their file_path', () => {
    const write = only(parse('before-tool-write-file'));
    assert.deepEqual([write.tool_name, write.tool_input], ['Write', captured('before-tool-write-file').tool_input]);
    const edit = only(parse('after-tool-replace'));
    assert.deepEqual([edit.hook_event_name, edit.tool_name, edit.agent_tool_name], ['PostToolUse', 'Edit', 'replace']);
    assert.deepEqual(edit.tool_input, captured('after-tool-replace').tool_input);
    assert.equal(only(parse('before-tool-read-file')).tool_name, 'Read');
    // No MCP server was configured in the runs here: a tool name without a mapping, on a captured call, passes unchanged.
    assert.equal(only(parse('before-tool-read-file', { tool_name: 'mcp__gh__issue', tool_input: {} })).tool_name, 'mcp__gh__issue');
  });

  it('SessionStart keeps its source, PreCompress is PreCompact, events without a rule are namespaced', () => {
    assert.equal(only(parse('session-start')).source, 'startup');
    assert.equal(only(parse('session-start-resume')).source, 'resume');
    assert.equal(only(parse('pre-compress')).hook_event_name, 'PreCompact');
    // BeforeModel is not wired by init and was never captured; a captured event under its name stands for it.
    assert.equal(only(parse('pre-compress', { hook_event_name: 'BeforeModel', trigger: undefined })).hook_event_name, 'gemini:BeforeModel');
  });

  it('the project is looked for from GEMINI_PROJECT_DIR, else the payload cwd', () => {
    const p = parse('session-start');
    assert.equal(geminiToClaude(p, { GEMINI_PROJECT_DIR: '/projects/x' }).searchFrom, '/projects/x');
    assert.equal(geminiToClaude(p, {}).searchFrom, captured('session-start').cwd);
  });

  it('malformed payloads are rejected with the field named', () => {
    assert.throws(() => parse('before-tool-run-shell-command', { tool_input: {} }), /invalid Gemini CLI BeforeTool payload: tool_input\.command: expected string/);
    assert.throws(() => parse('before-agent', { prompt: undefined }), /invalid Gemini CLI BeforeAgent payload: prompt: missing/);
    assert.throws(() => parse('after-agent', { cwd: undefined }), /invalid Gemini CLI payload: cwd: missing/);
  });
});

describe('answers in Gemini CLI protocol', () => {
  it('a blocked stop is decision deny with the reason, the prompt of the retry turn', () => {
    const stop = parse('after-agent');
    assert.deepEqual(claudeToGemini(stop, { decision: 'block', reason: 'Task 2 is next.' }), { stdout: { decision: 'deny', reason: 'Task 2 is next.' }, exitCode: 0 });
    assert.deepEqual(claudeToGemini(stop, { systemMessage: 'let through' }).stdout, { systemMessage: 'let through' });
    assert.deepEqual(claudeToGemini(stop, null), { stdout: null, exitCode: 0 });
  });

  it('a denied tool call is decision deny with the reason for the agent', () => {
    const pre = parse('before-tool-write-file');
    assert.deepEqual(claudeToGemini(pre, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' } }).stdout, { decision: 'deny', reason: 'guarded' });
  });

  it('feedback after a tool is appended to its result as additionalContext, not a deny that would hide it', () => {
    const post = parse('after-tool-run-shell-command');
    assert.deepEqual(claudeToGemini(post, { decision: 'block', reason: 'put back', systemMessage: 'reverted', hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'late result' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'put back\n\nlate result' },
      systemMessage: 'reverted',
    });
  });

  it('context at BeforeAgent and SessionStart is additionalContext under Gemini CLI event names', () => {
    const prompt = parse('before-agent');
    assert.deepEqual(claudeToGemini(prompt, { systemMessage: 'continuity: plan p approved.', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'approved' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'approved' },
      systemMessage: 'continuity: plan p approved.',
    });
    const start = parse('session-start');
    assert.deepEqual(claudeToGemini(start, { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'truth' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'truth' },
    });
  });
});
