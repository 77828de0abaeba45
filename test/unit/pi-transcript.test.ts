// pi's session file (0.73.1), as the human-turn rules read it: the header names
// the session; the last message says whether the turn had ended.
import assert from 'node:assert/strict';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { piSessionState, piTranscriptFacts } from '../../src/hooks/trust/pi-transcript.js';

const ID = '01a235d2-72c8-72e5-9764-4d9ab997e402';
const line = (o: unknown) => JSON.stringify(o);
const HEADER = line({ type: 'session', version: 3, id: ID, timestamp: '2026-12-02T08:15:14.121Z', cwd: '/p' });
const USER = line({ type: 'message', id: 'a', message: { role: 'user', content: [{ type: 'text', text: 'hello' }] } });
const CALL = line({ type: 'message', id: 'b', message: { role: 'assistant', content: [{ type: 'toolCall', id: 'call_1_0', name: 'bash', arguments: { command: 'echo hi' } }], stopReason: 'toolUse' } });
const RESULT = line({ type: 'message', id: 'c', message: { role: 'toolResult', toolCallId: 'call_1_0', toolName: 'bash', content: [{ type: 'text', text: 'hi\n' }] } });
const TEXT = line({ type: 'message', id: 'd', message: { role: 'assistant', content: [{ type: 'text', text: 'Task 1 done.' }], stopReason: 'stop' } });
const HELD = line({ type: 'custom_message', customType: 'continuity', content: 'Task 2 is next', display: true, id: 'e' });

test('the last message of the session: a tool call running, its result being answered, the turn over', () => {
  const at = (...lines: string[]) => piSessionState([HEADER, ...lines].join('\n') + '\n', ID);
  assert.deepEqual(at(USER, CALL), { kind: 'read', last: 'assistant-tool-use', toolUses: new Map([['call_1_0', 'bash']]), toolResults: new Set() });
  assert.equal((at(USER, CALL, RESULT) as { last: string }).last, 'tool-result');
  assert.deepEqual(at(USER, CALL, RESULT, TEXT, HELD), { kind: 'read', last: 'assistant-text', toolUses: new Map([['call_1_0', 'bash']]), toolResults: new Set(['call_1_0']) });
  assert.equal((at() as { last: string }).last, 'none');
});

test("another session's file, or no pi session file, is unreadable to the rules", () => {
  assert.deepEqual(piSessionState([HEADER, USER].join('\n'), 'other-session'), { kind: 'unreadable', why: `it is the record of another session (${ID})` });
  assert.equal(piSessionState(USER, ID).kind, 'unreadable');
  assert.equal(piSessionState('', ID).kind, 'unreadable');
});

test('the file: absent before pi writes it; a link is not followed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-transcript-'));
  assert.deepEqual(piTranscriptFacts(join(dir, 'none.jsonl'), ID), { kind: 'absent' });
  assert.deepEqual(piTranscriptFacts(undefined, ID), { kind: 'absent' });
  const file = join(dir, 's.jsonl');
  writeFileSync(file, [HEADER, USER, TEXT].join('\n') + '\n');
  assert.equal((piTranscriptFacts(file, ID) as { last: string }).last, 'assistant-text');
  symlinkSync(file, join(dir, 'link.jsonl'));
  assert.deepEqual(piTranscriptFacts(join(dir, 'link.jsonl'), ID), { kind: 'unreadable', why: 'it is a symbolic link' });
});
