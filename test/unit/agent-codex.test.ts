/**
 * Codex ↔ Claude Code translation, both directions. Every payload is one the
 * real Codex CLI 0.169.0 sent (test/fixtures/agents/codex-0.169.0/, captured by
 * CONTINUITY_REAL_CLIENT_CAPTURE in the real-client suite); a test that needs
 * a variant changes fields of a captured payload.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePayload, PayloadError } from '../../src/hooks/handle.js';
import { patchOps } from '../../src/adapters/bridge/apply-patch.js';
import { claudeToCodex } from '../../src/adapters/codex/from-claude.js';
import { parseCodexPayload, type CodexPayload } from '../../src/adapters/codex/protocol.js';
import { codexToClaude } from '../../src/adapters/codex/to-claude.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'codex-0.169.0');
/** A payload Codex 0.169.0 sent, with `changes` applied (a field set to undefined is removed). */
const captured = (name: string, changes: Record<string, unknown> = {}): Record<string, unknown> => {
  const p = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, unknown>;
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete p[k];
    else p[k] = v;
  }
  return p;
};
const parse = (name: string, changes: Record<string, unknown> = {}): CodexPayload => parseCodexPayload(JSON.stringify(captured(name, changes)));

describe('Codex payloads', () => {
  it('Stop passes through with its loop flag, final message and transcript path; a null transcript path is dropped', () => {
    const input = captured('stop');
    const call = codexToClaude(parse('stop', { stop_hook_active: true, last_assistant_message: 'Task 1 is done.' }));
    assert.equal(call.searchFrom, input.cwd);
    assert.equal(call.payloads.length, 1);
    const stop = call.payloads[0]!;
    assert.equal(stop.hook_event_name, 'Stop');
    assert.equal(stop.session_id, input.session_id);
    assert.equal(stop.stop_hook_active, true);
    assert.equal(stop.last_assistant_message, 'Task 1 is done.');
    assert.equal(stop.transcript_path, input.transcript_path);
    assert.equal(validatePayload(stop).hook_event_name, 'Stop');
    // Codex's schema allows transcript_path null (no rollout file); 0.169.0 sent a path in every run here.
    const [bare] = codexToClaude(parse('stop', { transcript_path: null })).payloads;
    assert.equal('transcript_path' in bare!, false);
    assert.equal(validatePayload(bare).hook_event_name, 'Stop');
  });

  it('a shell command is Bash with tool_input.command', () => {
    const [pre] = codexToClaude(parse('pre-tool-use-bash', { tool_input: { command: 'npm test' } })).payloads;
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
    const payloads = codexToClaude(parse('pre-tool-use-apply-patch', { tool_input: { command: patch } })).payloads;
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
    const [p] = codexToClaude(parse('pre-tool-use-apply-patch', { tool_input: { command: 'garbage' } })).payloads;
    assert.equal(p!.tool_name, 'apply_patch');
  });

  it('SubagentStart and SubagentStop are Claude Code\'s, for the watchdog; events without a rule here are recorded namespaced', () => {
    const input = captured('subagent-stop');
    const [sub] = codexToClaude(parse('subagent-stop')).payloads;
    assert.equal(sub!.hook_event_name, 'SubagentStop');
    assert.equal(sub!.agent_id, input.agent_id);
    assert.equal(sub!.agent_transcript_path, input.agent_transcript_path);
    assert.equal(validatePayload(sub).hook_event_name, 'SubagentStop');
    // Codex's schema allows agent_transcript_path null; 0.169.0 sent a path in every run here.
    const [bare] = codexToClaude(parse('subagent-stop', { agent_transcript_path: null })).payloads;
    assert.equal('agent_transcript_path' in bare!, false);
    assert.equal(validatePayload(bare).hook_event_name, 'SubagentStop');
    assert.equal(codexToClaude(parse('subagent-start')).payloads[0]!.hook_event_name, 'SubagentStart');
    // PermissionRequest is not wired by init and never fired in these runs (approval_policy "never");
    // its fields are PreToolUse's (Codex's schema), so a captured PreToolUse under its name stands for it.
    const [other] = codexToClaude(parse('pre-tool-use-bash', { hook_event_name: 'PermissionRequest' })).payloads;
    assert.equal(other!.hook_event_name, 'codex:PermissionRequest');
  });

  it('SessionStart keeps its source (startup, resume, compact); PreCompact is Claude Code\'s', () => {
    assert.equal(codexToClaude(parse('session-start')).payloads[0]!.source, 'startup');
    assert.equal(codexToClaude(parse('session-start-resume')).payloads[0]!.source, 'resume');
    assert.equal(codexToClaude(parse('session-start-compact')).payloads[0]!.source, 'compact');
    const [pre] = codexToClaude(parse('pre-compact')).payloads;
    assert.deepEqual([pre!.hook_event_name, pre!.trigger], ['PreCompact', 'auto']);
    assert.equal(validatePayload(pre).hook_event_name, 'PreCompact');
  });

  it('malformed payloads are PayloadErrors naming the field', () => {
    assert.throws(() => parseCodexPayload('{'), (e: unknown) => e instanceof PayloadError && /not JSON/.test(e.message));
    assert.throws(() => parse('stop', { session_id: undefined }), /invalid Codex payload: session_id: missing/);
    assert.throws(() => parse('pre-tool-use-bash', { tool_input: { cmd: 'ls' } }), /invalid Codex PreToolUse payload: tool_input\.command: expected string/);
    assert.throws(() => parse('stop', { stop_hook_active: 'yes' }), /invalid Codex Stop payload: stop_hook_active/);
  });
});

describe('answers in Codex protocol', () => {
  const stop = parse('stop', { last_assistant_message: null });
  const pre = parse('pre-tool-use-bash');

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
    const start = parse('session-start');
    assert.deepEqual(claudeToCodex(start, { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'Plan p is approved.' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'Plan p is approved.' },
    });
    const prompt = parse('user-prompt-submit', { prompt: 'approve' });
    assert.deepEqual(claudeToCodex(prompt, { systemMessage: 'approved', hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx' } }).stdout, {
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx' },
      systemMessage: 'approved',
    });
  });

  it('PostToolUse feedback keeps decision block and context', () => {
    const post = parse('post-tool-use-bash');
    assert.deepEqual(claudeToCodex(post, { decision: 'block', reason: 'put back', systemMessage: 'reverted' }).stdout, { decision: 'block', reason: 'put back', systemMessage: 'reverted' });
  });
});

describe('apply_patch envelopes', () => {
  it('reads an update that moves the file; CRLF line ends and text outside sections are ignored', () => {
    const ops = patchOps('noise\r\n*** Begin Patch\r\n*** Update File: a.md\r\n*** Move to: b.md\r\n@@ ctx\r\n a\r\n-b\r\n+c\r\n*** End of File\r\n*** End Patch\r\n');
    assert.deepEqual(ops, [{ kind: 'update', path: 'a.md', moveTo: 'b.md', removed: 'b\n', added: 'c\n' }]);
  });
});
