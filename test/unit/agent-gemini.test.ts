/**
 * Gemini CLI ↔ Claude Code translation, both directions, with payloads
 * shaped as Gemini CLI documents them (docs/hooks/reference.md).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validatePayload } from '../../src/adapters/claude-code/handle.js';
import { claudeToGemini } from '../../src/adapters/gemini/from-claude.js';
import { parseGeminiPayload, type GeminiPayload } from '../../src/adapters/gemini/protocol.js';
import { geminiToClaude } from '../../src/adapters/gemini/to-claude.js';

const common = { session_id: 'gem-1', transcript_path: '/home/u/.gemini/tmp/x/chats/session.json', cwd: '/repo', timestamp: '2026-11-22T10:00:00.000Z' };
const parse = (fields: Record<string, unknown>): GeminiPayload => parseGeminiPayload(JSON.stringify({ ...common, ...fields }));
const only = (p: GeminiPayload, env: NodeJS.ProcessEnv = {}) => {
  const call = geminiToClaude(p, env);
  assert.equal(call.payloads.length, 1);
  return call.payloads[0]!;
};

describe('Gemini CLI payloads', () => {
  it('AfterAgent is Stop: the loop flag passes through, the response is the last assistant message', () => {
    const stop = only(parse({ hook_event_name: 'AfterAgent', prompt: 'go on', prompt_response: 'Task 1 is done.', stop_hook_active: true }));
    assert.equal(stop.hook_event_name, 'Stop');
    assert.equal(stop.stop_hook_active, true);
    assert.equal(stop.last_assistant_message, 'Task 1 is done.');
    assert.equal('prompt_response' in stop, false);
    assert.equal(validatePayload(stop).session_id, 'gem-1');
  });

  it('BeforeAgent is UserPromptSubmit with the user prompt', () => {
    const prompt = only(parse({ hook_event_name: 'BeforeAgent', prompt: 'approve' }));
    assert.equal(prompt.hook_event_name, 'UserPromptSubmit');
    assert.equal(prompt.prompt, 'approve');
  });

  it('run_shell_command is Bash; its directory, relative to the project, becomes cwd', () => {
    const pre = only(parse({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'npm test', directory: 'packages/a' } }));
    assert.equal(pre.hook_event_name, 'PreToolUse');
    assert.equal(pre.tool_name, 'Bash');
    assert.equal(pre.cwd, '/repo/packages/a');
    assert.equal((pre.tool_input as { command: string }).command, 'npm test');
    assert.equal(only(parse({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'ls', dir_path: '/elsewhere' } })).cwd, '/elsewhere');
  });

  it('write_file and replace are Write and Edit with their file_path', () => {
    const write = only(parse({ hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: '/repo/a.md', content: 'x' } }));
    assert.deepEqual([write.tool_name, write.tool_input], ['Write', { file_path: '/repo/a.md', content: 'x' }]);
    const edit = only(parse({ hook_event_name: 'AfterTool', tool_name: 'replace', tool_input: { file_path: '/repo/a.md', old_string: 'a', new_string: 'b' }, tool_response: { llmContent: 'ok' } }));
    assert.deepEqual([edit.hook_event_name, edit.tool_name, edit.agent_tool_name], ['PostToolUse', 'Edit', 'replace']);
    assert.equal(only(parse({ hook_event_name: 'BeforeTool', tool_name: 'read_file', tool_input: { path: '/repo/a.md' } })).tool_name, 'Read');
    assert.equal(only(parse({ hook_event_name: 'BeforeTool', tool_name: 'mcp__gh__issue', tool_input: {} })).tool_name, 'mcp__gh__issue');
  });

  it('SessionStart keeps its source, PreCompress is PreCompact, events without a rule are namespaced', () => {
    assert.equal(only(parse({ hook_event_name: 'SessionStart', source: 'resume' })).source, 'resume');
    assert.equal(only(parse({ hook_event_name: 'PreCompress', trigger: 'auto' })).hook_event_name, 'PreCompact');
    assert.equal(only(parse({ hook_event_name: 'BeforeModel', llm_request: {} })).hook_event_name, 'gemini:BeforeModel');
  });

  it('the project is looked for from GEMINI_PROJECT_DIR, else the payload cwd', () => {
    const p = parse({ hook_event_name: 'SessionStart', source: 'startup' });
    assert.equal(geminiToClaude(p, { GEMINI_PROJECT_DIR: '/projects/x' }).searchFrom, '/projects/x');
    assert.equal(geminiToClaude(p, {}).searchFrom, '/repo');
  });

  it('malformed payloads are rejected with the field named', () => {
    assert.throws(() => parse({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: {} }), /invalid Gemini CLI BeforeTool payload: tool_input\.command: expected string/);
    assert.throws(() => parse({ hook_event_name: 'BeforeAgent' }), /invalid Gemini CLI BeforeAgent payload: prompt: missing/);
    assert.throws(() => parseGeminiPayload(JSON.stringify({ hook_event_name: 'AfterAgent', session_id: 's' })), /invalid Gemini CLI payload: cwd: missing/);
  });
});

describe('answers in Gemini CLI protocol', () => {
  it('a blocked stop is decision deny with the reason, the prompt of the retry turn', () => {
    const stop = parse({ hook_event_name: 'AfterAgent', prompt: 'x', prompt_response: 'y', stop_hook_active: false });
    assert.deepEqual(claudeToGemini(stop, { decision: 'block', reason: 'Task 2 is next.' }), { stdout: { decision: 'deny', reason: 'Task 2 is next.' }, exitCode: 0 });
    assert.deepEqual(claudeToGemini(stop, { systemMessage: 'let through' }).stdout, { systemMessage: 'let through' });
    assert.deepEqual(claudeToGemini(stop, null), { stdout: null, exitCode: 0 });
  });

  it('a denied tool call is decision deny with the reason for the agent', () => {
    const pre = parse({ hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: 'a', content: '' } });
    assert.deepEqual(claudeToGemini(pre, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' } }).stdout, { decision: 'deny', reason: 'guarded' });
  });

  it('feedback after a tool is appended to its result as additionalContext, not a deny that would hide it', () => {
    const post = parse({ hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: { command: 'x' }, tool_response: {} });
    assert.deepEqual(claudeToGemini(post, { decision: 'block', reason: 'put back', systemMessage: 'reverted', hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'late result' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'put back\n\nlate result' },
      systemMessage: 'reverted',
    });
  });

  it('context at BeforeAgent and SessionStart is additionalContext under Gemini CLI event names', () => {
    const prompt = parse({ hook_event_name: 'BeforeAgent', prompt: 'approve' });
    assert.deepEqual(claudeToGemini(prompt, { systemMessage: 'continuity: plan p approved.', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'approved' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'approved' },
      systemMessage: 'continuity: plan p approved.',
    });
    const start = parse({ hook_event_name: 'SessionStart', source: 'clear' });
    assert.deepEqual(claudeToGemini(start, { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'truth' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'truth' },
    });
  });
});
