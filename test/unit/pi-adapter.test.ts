// pi's payloads (captured from pi 0.73.1 through continuity's extension) as
// Claude Code payloads, and Claude Code's answers as the extension's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { claudeToPi } from '../../src/adapters/pi/from-claude.js';
import { parsePiPayload, type PiPayload } from '../../src/adapters/pi/protocol.js';
import { piToClaude } from '../../src/adapters/pi/to-claude.js';

const fixture = (name: string): PiPayload => parsePiPayload(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'agents', 'pi-0.73.1', `${name}.json`), 'utf8'));
const one = (p: PiPayload) => piToClaude(p).payloads[0]!;

test("pi's events under Claude Code's names; the project searched from pi's working directory", () => {
  const start = fixture('session-start');
  assert.deepEqual(piToClaude(start).searchFrom, start.cwd);
  assert.deepEqual([one(start).hook_event_name, one(start).source], ['SessionStart', 'startup']);
  assert.deepEqual([one(fixture('input')).hook_event_name, one(fixture('input')).prompt], ['UserPromptSubmit', 'approve']);
  const stop = one(fixture('message-end'));
  assert.deepEqual([stop.hook_event_name, stop.stop_hook_active, stop.last_assistant_message], ['Stop', false, 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).']);
  assert.equal(one(fixture('message-end-held')).stop_hook_active, true);
  assert.deepEqual([one({ ...start, hook_event_name: 'session_compact' }).hook_event_name, one({ ...start, hook_event_name: 'session_compact' }).source], ['SessionStart', 'compact']);
  assert.equal(one({ ...start, hook_event_name: 'session_before_compact' }).hook_event_name, 'PreCompact');
});

test("a message an extension sent as the user's is not UserPromptSubmit", () => {
  assert.equal(one({ ...fixture('input'), source: 'extension' } as PiPayload).hook_event_name, 'pi:input');
});

test("pi's tools as Claude Code's: paths as file_path, an edit's pairs as MultiEdit's, the wall taken off a result's command", () => {
  const edit = one(fixture('tool-call-edit'));
  assert.deepEqual([edit.hook_event_name, edit.tool_name, edit.tool_use_id, edit.agent_tool_name], ['PreToolUse', 'MultiEdit', 'call_3_0', 'edit']);
  assert.deepEqual(edit.tool_input, { file_path: '.pi/extensions/continuity.ts', edits: [{ old_string: 'spawnSync', new_string: 'void' }] });
  const write = one(fixture('tool-call-write'));
  assert.equal(write.tool_name, 'Write');
  assert.equal(typeof (write.tool_input as { file_path?: unknown }).file_path, 'string');
  const result = one(fixture('tool-result-bash'));
  assert.deepEqual([result.hook_event_name, result.tool_name, (result.tool_input as { command: string }).command], ['PostToolUse', 'Bash', 'continuity task done 1']);
  assert.match(String((result.tool_response as { stdout: string }).stdout), /^Task 1 "CSV writer" of plan payments-export is complete/);
});

test("Claude Code's answers as the extension's", () => {
  const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'continuity: no.' } };
  assert.deepEqual(claudeToPi(fixture('tool-call-write'), deny), { stdout: { block: 'continuity: no.' }, exitCode: 0 });
  const wrap = { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'bwrap -- ls', description: 'x' } } };
  assert.deepEqual(claudeToPi(fixture('tool-call-bash'), wrap), { stdout: { input: { command: 'bwrap -- ls' } }, exitCode: 0 });
  const block = { decision: 'block', reason: 'Task 2 is next.', systemMessage: 'continuity: held.' };
  assert.deepEqual(claudeToPi(fixture('message-end'), block), { stdout: { followUp: 'Task 2 is next.', message: 'continuity: held.' }, exitCode: 0 });
  assert.deepEqual(claudeToPi(fixture('input'), { decision: 'block', reason: 'refused' }), { stdout: { block: 'refused' }, exitCode: 0 });
  assert.deepEqual(claudeToPi(fixture('tool-result-bash'), { decision: 'block', reason: 'put back' }), { stdout: { context: 'put back' }, exitCode: 0 });
  assert.deepEqual(claudeToPi(fixture('session-start'), null), { stdout: null, exitCode: 0 });
});
