/**
 * Codex ↔ Claude Code translation, both directions, with payloads shaped as
 * Codex's hook engine sends them (codex-rs/hooks/schema/generated).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validatePayload, PayloadError } from '../../src/adapters/claude-code/handle.js';
import { patchOps } from '../../src/adapters/codex/apply-patch.js';
import { claudeToCodex } from '../../src/adapters/codex/from-claude.js';
import { parseCodexPayload, type CodexPayload } from '../../src/adapters/codex/protocol.js';
import { codexToClaude } from '../../src/adapters/codex/to-claude.js';

const common = { session_id: '019d036d-c7fa-72d2', turn_id: 't-1', cwd: '/repo', transcript_path: null, model: 'gpt-5', permission_mode: 'default' };
const parse = (fields: Record<string, unknown>): CodexPayload => parseCodexPayload(JSON.stringify({ ...common, ...fields }));

describe('Codex payloads', () => {
  it('Stop passes through with its loop flag and final message; a null transcript path is dropped', () => {
    const call = codexToClaude(parse({ hook_event_name: 'Stop', stop_hook_active: true, last_assistant_message: 'Task 1 is done.' }));
    assert.equal(call.searchFrom, '/repo');
    assert.equal(call.payloads.length, 1);
    const stop = call.payloads[0]!;
    assert.equal(stop.hook_event_name, 'Stop');
    assert.equal(stop.session_id, common.session_id);
    assert.equal(stop.stop_hook_active, true);
    assert.equal(stop.last_assistant_message, 'Task 1 is done.');
    assert.equal('transcript_path' in stop, false);
    assert.equal(validatePayload(stop).hook_event_name, 'Stop');
  });

  it('a shell command is Bash with tool_input.command', () => {
    const [pre] = codexToClaude(parse({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'call-1', tool_input: { command: 'npm test' } })).payloads;
    assert.equal(pre!.tool_name, 'Bash');
    assert.deepEqual(pre!.tool_input, { command: 'npm test' });
  });

  it('apply_patch becomes one Claude Code file call per file it touches', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: docs/new.md',
      '+# New',
      '*** Update File: src/a.ts',
      '@@',
      '-const a = 1;',
      '+const a = 2;',
      '*** Update File: old.md',
      '*** Move to: moved.md',
      '+moved',
      '*** Delete File: .tdd-progress.md',
      '*** End Patch',
    ].join('\n');
    const payloads = codexToClaude(parse({ hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_use_id: 'call-2', tool_input: { command: patch } })).payloads;
    assert.deepEqual(
      payloads.map((p) => [p.tool_name, (p.tool_input as { file_path: string }).file_path]),
      [['Write', 'docs/new.md'], ['Edit', 'src/a.ts'], ['Edit', 'old.md'], ['Write', 'moved.md'], ['Write', '.tdd-progress.md']],
    );
    assert.deepEqual(payloads[0]!.tool_input, { file_path: 'docs/new.md', content: '# New\n' });
    assert.deepEqual(payloads[1]!.tool_input, { file_path: 'src/a.ts', old_string: 'const a = 1;\n', new_string: 'const a = 2;\n' });
    assert.equal((payloads[4]!.tool_input as { patch_op: string }).patch_op, 'delete');
    assert.ok(payloads.every((p) => p.agent_tool_name === 'apply_patch' && p.hook_event_name === 'PreToolUse'));
  });

  it('a patch that names no file is recorded as Codex sent it', () => {
    const [p] = codexToClaude(parse({ hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: 'garbage' } })).payloads;
    assert.equal(p!.tool_name, 'apply_patch');
  });

  it('SubagentStart and SubagentStop are Claude Code\'s, for the watchdog; events without a rule here are recorded namespaced', () => {
    const [sub] = codexToClaude(parse({ hook_event_name: 'SubagentStop', agent_id: 'thread-2', agent_type: 'worker', agent_transcript_path: null, stop_hook_active: false, last_assistant_message: 'done' })).payloads;
    assert.equal(sub!.hook_event_name, 'SubagentStop');
    assert.equal(sub!.agent_id, 'thread-2');
    assert.equal(validatePayload(sub).hook_event_name, 'SubagentStop');
    const [other] = codexToClaude(parse({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'ls' } })).payloads;
    assert.equal(other!.hook_event_name, 'codex:PermissionRequest');
  });

  it('malformed payloads are PayloadErrors naming the field', () => {
    assert.throws(() => parseCodexPayload('{'), (e: unknown) => e instanceof PayloadError && /not JSON/.test(e.message));
    assert.throws(() => parseCodexPayload(JSON.stringify({ hook_event_name: 'Stop', cwd: '/repo' })), /invalid Codex payload: session_id: missing/);
    assert.throws(() => parse({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { cmd: 'ls' } }), /invalid Codex PreToolUse payload: tool_input\.command: expected string/);
    assert.throws(() => parse({ hook_event_name: 'Stop', stop_hook_active: 'yes' }), /invalid Codex Stop payload: stop_hook_active/);
  });
});

describe('answers in Codex protocol', () => {
  const stop = parse({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: null });
  const pre = parse({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'x' } });

  it('a blocked stop is decision block with the reason, nothing Codex would reject', () => {
    const a = claudeToCodex(stop, { decision: 'block', reason: 'Task 2 is next.', hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'extra' } });
    assert.deepEqual(a, { stdout: { decision: 'block', reason: 'Task 2 is next.\n\nextra' }, exitCode: 0 });
  });

  it('a stop let through after the limit tells the user', () => {
    assert.deepEqual(claudeToCodex(stop, { systemMessage: 'continuity failure' }).stdout, { systemMessage: 'continuity failure' });
  });

  it('a denied tool call is permissionDecision deny, exit 0', () => {
    const a = claudeToCodex(pre, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' } });
    assert.deepEqual(a, { stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' } }, exitCode: 0 });
  });

  it('nothing to say is no output', () => {
    assert.deepEqual(claudeToCodex(pre, null), { stdout: null, exitCode: 0 });
  });

  it('context at SessionStart and UserPromptSubmit is additionalContext under the event name', () => {
    const start = parse({ hook_event_name: 'SessionStart', source: 'startup' });
    assert.deepEqual(claudeToCodex(start, { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'Plan p is approved.' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'Plan p is approved.' },
    });
    const prompt = parse({ hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
    assert.deepEqual(claudeToCodex(prompt, { systemMessage: 'approved', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx' },
      systemMessage: 'approved',
    });
  });

  it('PostToolUse feedback keeps decision block and context', () => {
    const post = parse({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'x' }, tool_response: 'ok' });
    assert.deepEqual(claudeToCodex(post, { decision: 'block', reason: 'put back', systemMessage: 'reverted' }).stdout, { decision: 'block', reason: 'put back', systemMessage: 'reverted' });
  });
});

describe('apply_patch envelopes', () => {
  it('reads an update that moves the file; CRLF line ends and text outside sections are ignored', () => {
    const ops = patchOps('noise\r\n*** Begin Patch\r\n*** Update File: a.md\r\n*** Move to: b.md\r\n@@ ctx\r\n a\r\n-b\r\n+c\r\n*** End of File\r\n*** End Patch\r\n');
    assert.deepEqual(ops, [{ kind: 'update', path: 'a.md', moveTo: 'b.md', removed: 'b\n', added: 'c\n' }]);
  });
});
