/**
 * Cursor ↔ Claude Code translation, both directions, with payloads shaped
 * as Cursor sends them (conversation_id, generation_id, workspace_roots…).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validatePayload } from '../../src/hooks/handle.js';
import { claudeToCursor } from '../../src/adapters/cursor/from-claude.js';
import { parseCursorPayload, type CursorPayload } from '../../src/adapters/cursor/protocol.js';
import { cursorToClaude } from '../../src/adapters/cursor/to-claude.js';

const common = { conversation_id: 'conv-1', generation_id: 'gen-1', workspace_roots: ['/repo'], model: 'claude-4.5-sonnet', cursor_version: '1.7.2', user_email: null };
const parse = (fields: Record<string, unknown>): CursorPayload => parseCursorPayload(JSON.stringify({ ...common, ...fields }));
const only = (p: CursorPayload, env: NodeJS.ProcessEnv = {}) => {
  const call = cursorToClaude(p, env);
  assert.equal(call.payloads.length, 1);
  return call.payloads[0]!;
};

describe('Cursor payloads', () => {
  it('a completed stop is Stop for the conversation; loop_count above 0 is the stop-hook flag', () => {
    const first = only(parse({ hook_event_name: 'stop', status: 'completed', loop_count: 0 }));
    assert.equal(first.hook_event_name, 'Stop');
    assert.equal(first.session_id, 'conv-1');
    assert.equal(first.stop_hook_active, false);
    assert.equal(first.cwd, '/repo');
    assert.equal(only(parse({ hook_event_name: 'stop', status: 'completed', loop_count: 2 })).stop_hook_active, true);
    assert.equal(validatePayload(first).hook_event_name, 'Stop');
  });

  it('an aborted or failed loop is recorded, never gated', () => {
    assert.equal(only(parse({ hook_event_name: 'stop', status: 'aborted', loop_count: 0 })).hook_event_name, 'cursor:stop-aborted');
    assert.equal(only(parse({ hook_event_name: 'stop', status: 'error', loop_count: 0 })).hook_event_name, 'cursor:stop-error');
  });

  it('beforeShellExecution is PreToolUse of Bash in the command\'s cwd; afterShellExecution its PostToolUse', () => {
    const pre = only(parse({ hook_event_name: 'beforeShellExecution', command: 'npm test', cwd: '/repo/pkg' }));
    assert.deepEqual([pre.hook_event_name, pre.tool_name, pre.tool_input, pre.cwd], ['PreToolUse', 'Bash', { command: 'npm test' }, '/repo/pkg']);
    const post = only(parse({ hook_event_name: 'afterShellExecution', command: 'npm test', output: 'ok', duration: 120 }));
    assert.deepEqual([post.hook_event_name, post.tool_name, post.cwd], ['PostToolUse', 'Bash', '/repo']);
  });

  it('afterFileEdit is a MultiEdit that already ran, with the edits', () => {
    const post = only(parse({ hook_event_name: 'afterFileEdit', file_path: '/repo/a.md', edits: [{ old_string: 'a', new_string: 'b' }] }));
    assert.deepEqual([post.hook_event_name, post.tool_name, post.tool_input], ['PostToolUse', 'MultiEdit', { file_path: '/repo/a.md', edits: [{ old_string: 'a', new_string: 'b' }] }]);
  });

  it('beforeSubmitPrompt is UserPromptSubmit; sessionStart is SessionStart; other events are namespaced', () => {
    assert.deepEqual(Object.values(pick(only(parse({ hook_event_name: 'beforeSubmitPrompt', prompt: 'approve', attachments: [] })), 'hook_event_name', 'prompt')), ['UserPromptSubmit', 'approve']);
    assert.equal(only(parse({ hook_event_name: 'sessionStart', session_id: 'conv-1' })).hook_event_name, 'SessionStart');
    assert.equal(only(parse({ hook_event_name: 'beforeReadFile', file_path: '/repo/.env', content: '' })).hook_event_name, 'cursor:beforeReadFile');
  });

  it('the project is looked for from CURSOR_PROJECT_DIR, else the first workspace root', () => {
    const p = parse({ hook_event_name: 'sessionStart' });
    assert.equal(cursorToClaude(p, { CURSOR_PROJECT_DIR: '/projects/x' }).searchFrom, '/projects/x');
    assert.equal(cursorToClaude(p, {}).searchFrom, '/repo');
  });

  it('malformed payloads are rejected with the field named', () => {
    assert.throws(() => parse({ hook_event_name: 'beforeShellExecution' }), /invalid Cursor beforeShellExecution payload: command: missing/);
    assert.throws(() => parse({ hook_event_name: 'stop', loop_count: -1 }), /invalid Cursor stop payload: loop_count/);
    assert.throws(() => parseCursorPayload(JSON.stringify({ hook_event_name: 'stop' })), /invalid Cursor payload: conversation_id: missing/);
  });
});

describe('answers in Cursor protocol', () => {
  it('a blocked stop is a followup_message naming what is next', () => {
    const stop = parse({ hook_event_name: 'stop', status: 'completed', loop_count: 0 });
    assert.deepEqual(claudeToCursor(stop, { decision: 'block', reason: 'Task 2 is next.' }), { stdout: { followup_message: 'Task 2 is next.' }, exitCode: 0 });
    assert.deepEqual(claudeToCursor(stop, { systemMessage: 'let through after the limit' }), { stdout: null, exitCode: 0 });
  });

  it('a denied shell command is permission deny with the reason for the user and the agent; an allowed one says nothing', () => {
    const pre = parse({ hook_event_name: 'beforeShellExecution', command: 'x', cwd: '/repo' });
    const reason = 'continuity: .tdd-progress.md is guarded';
    assert.deepEqual(claudeToCursor(pre, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }).stdout, {
      permission: 'deny',
      user_message: reason,
      agent_message: reason,
    });
    assert.deepEqual(claudeToCursor(pre, null), { stdout: null, exitCode: 0 });
  });

  it('session context is additional_context; answers to events Cursor does not read are dropped', () => {
    assert.deepEqual(claudeToCursor(parse({ hook_event_name: 'sessionStart' }), { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'truth' } }).stdout, { additional_context: 'truth' });
    const edit = parse({ hook_event_name: 'afterFileEdit', file_path: '/repo/a.md', edits: [] });
    assert.equal(claudeToCursor(edit, { decision: 'block', reason: 'put back', systemMessage: 'reverted' }).stdout, null);
  });
});

function pick(o: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}
