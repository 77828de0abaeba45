import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { AUDIT_HEAD, AUDIT_STRING_MAX, boundForAudit, digestsIn, isDigest } from '../../src/ledger/audit-input.js';

const hex = (s: string) => createHash('sha256').update(s).digest('hex');
const content = `${'a'.repeat(100)}MARKER-IN-THE-BODY${'b'.repeat(4000)}`;

test('a long string is kept as its sha256, its size in bytes and a short head; short ones whole', () => {
  const kept = boundForAudit({ tool_name: 'Write', tool_input: { file_path: '/p/src/x.ts', content } }) as { tool_input: { file_path: string; content: unknown } };
  assert.equal(kept.tool_input.file_path, '/p/src/x.ts');
  assert.deepEqual(kept.tool_input.content, { $sha256: hex(content), bytes: Buffer.byteLength(content), head: content.slice(0, AUDIT_HEAD) });
  assert.ok(!JSON.stringify(kept).includes('MARKER-IN-THE-BODY'));
  const edge = 'c'.repeat(AUDIT_STRING_MAX);
  assert.equal((boundForAudit({ prompt: edge }) as { prompt: string }).prompt, edge);
  assert.ok(isDigest((boundForAudit({ prompt: `${edge}c` }) as { prompt: unknown }).prompt));
});

test('the size is counted in bytes and the head never ends in half a character', () => {
  const text = `${'x'.repeat(AUDIT_HEAD - 1)}😀${'é'.repeat(400)}`;
  const d = (boundForAudit({ s: text }) as { s: { bytes: number; head: string } }).s;
  assert.equal(d.bytes, Buffer.byteLength(text));
  assert.equal(d.head, 'x'.repeat(AUDIT_HEAD - 1));
});

test('what the rules read back from past events stays whole: tool name and id, background flags, the shells running at a stop', () => {
  const post = {
    session_id: 's1',
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_use_id: 'toolu_1',
    tool_input: { command: `sleep 100 # ${'z'.repeat(600)}`, run_in_background: true },
    tool_response: { stdout: 'o'.repeat(5000), backgroundTaskId: 'bg-7' },
  };
  const kept = boundForAudit(post) as Record<string, any>;
  assert.equal(kept.tool_name, 'Bash');
  assert.equal(kept.tool_use_id, 'toolu_1');
  assert.equal(kept.tool_input.run_in_background, true);
  assert.equal(kept.tool_response.backgroundTaskId, 'bg-7');
  assert.ok(isDigest(kept.tool_input.command));
  assert.equal(kept.tool_input.command.head, 'sleep 100 # zzzzzzzzzzzzzzzzzzzz');
  const tasks = Array.from({ length: 40 }, (_, i) => ({ id: `b${i}`, type: 'shell', status: 'running', command: `npm run watch-${i}` }));
  const stop = boundForAudit({ hook_event_name: 'Stop', background_tasks: tasks }) as { background_tasks: unknown };
  assert.deepEqual(stop.background_tasks, tasks);
});

test('a large nested value (a patch of many short lines) is kept as one digest', () => {
  const structuredPatch = [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 300, lines: Array.from({ length: 300 }, (_, i) => `+line ${i}`) }];
  const kept = boundForAudit({ tool_name: 'Edit', tool_response: { filePath: '/p/a', structuredPatch } }) as { tool_response: { structuredPatch: unknown } };
  assert.ok(isDigest(kept.tool_response.structuredPatch));
  assert.equal((kept.tool_response.structuredPatch as { $sha256: string }).$sha256, hex(JSON.stringify(structuredPatch)));
});

test('the same long text twice in one input is kept once, the second time as a pointer to the first', () => {
  const kept = boundForAudit({ tool_name: 'Write', tool_input: { file_path: '/p/x', content }, tool_response: { content } }) as Record<string, any>;
  assert.deepEqual(kept.tool_response.content, { $same: 'tool_input.content' });
  assert.deepEqual(
    digestsIn(kept).map((d) => d.path),
    ['tool_input.content', 'tool_response.content'],
  );
});

test("the session's own fields are left to the event's columns and to the session's other events", () => {
  const pre = { session_id: 's1', hook_event_name: 'PreToolUse', transcript_path: '/t.jsonl', cwd: '/p', permission_mode: 'default', tool_name: 'Write', tool_input: { file_path: '/p/x', content: 'hi' } };
  assert.deepEqual(boundForAudit(pre, { sessionId: 's1', kind: 'PreToolUse' }), { tool_name: 'Write', tool_input: { file_path: '/p/x', content: 'hi' } });
  // Not a tool call: where the session runs is kept; a session id other than the column's is kept too.
  const start = { session_id: 's2', hook_event_name: 'SessionStart', transcript_path: '/t.jsonl', cwd: '/p', source: 'startup' };
  assert.deepEqual(boundForAudit(start, { sessionId: 's1', kind: 'SessionStart' }), { session_id: 's2', transcript_path: '/t.jsonl', cwd: '/p', source: 'startup' });
});

test('bounding is deterministic and bounding twice changes nothing (a call without an id still pairs with its after event)', () => {
  const input = { tool_name: 'run_shell_command', tool_input: { command: `make ${'x'.repeat(900)}` } };
  const once = boundForAudit(input);
  assert.deepEqual(boundForAudit(structuredClone(input)), once);
  assert.deepEqual(boundForAudit(once), once);
});

test("a decision is kept whole, but for the agent's command an answer hands back wrapped in the wall (bounded as an input)", async () => {
  const { storedDecision } = await import('../../src/ledger/events.js');
  const command = `bwrap --ro-bind / / -- bash -c 'cat > key.pem <<EOF\n${'k'.repeat(100)}MARKER-IN-THE-KEY${'k'.repeat(900)}\nEOF'`;
  const decision = { action: 'allow', wall: 'wrapped', reason: 'r'.repeat(600), output: { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command, description: 'Write the key' } } } };
  const stored = JSON.parse(storedDecision(decision)!) as typeof decision & { output: { hookSpecificOutput: { updatedInput: { command: unknown; description: string } } } };
  assert.ok(!JSON.stringify(stored).includes('MARKER-IN-THE-KEY'));
  assert.ok(isDigest(stored.output.hookSpecificOutput.updatedInput.command));
  assert.equal(stored.output.hookSpecificOutput.updatedInput.description, 'Write the key');
  assert.equal(stored.reason, decision.reason, "continuity's own words stay whole");
  assert.equal(storedDecision({ action: 'none', output: null }), '{"action":"none","output":null}');
  assert.equal(storedDecision(undefined), null);
});

test("continuity's own words to the person (the OpenClaw plugin's record of what it sent) are kept whole; the same field in any other event is bounded", () => {
  const words = `continuity failure in plan payments-export: ${'the stop was blocked 3 times in a row at the boundary Task 1 → Task 2. '.repeat(6)}`;
  assert.ok(words.length > AUDIT_STRING_MAX);
  const own = boundForAudit({ key: 'k', words, channel: 'telegram' }, { kind: 'openclaw:PersonWordsSent' }) as { words: unknown };
  assert.equal(own.words, words);
  const other = boundForAudit({ words }, { kind: 'PostToolUse' }) as { words: unknown };
  assert.ok(isDigest(other.words));
  // The message a turn continuity started opened with (a held stop's facts) is its own words too.
  const started = boundForAudit({ run_id: 'r', message: words }, { kind: 'openclaw:ContinuationStarted' }) as { message: unknown };
  assert.equal(started.message, words);
});
