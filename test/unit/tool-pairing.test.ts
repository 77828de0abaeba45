import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { synthesisedId, unpairedCalls, type ToolEvent } from '../../src/domain/tool-pairing.js';
import { appendEvent } from '../../src/ledger/events.js';
import { IN_FLIGHT_HORIZON_MS, inFlightBash } from '../../src/ledger/tool-calls.js';
import { withTestLedger } from '../helpers/ledger.js';

let next = 1;
const ev = (phase: 'before' | 'after', at: string, over: Partial<ToolEvent> = {}): ToolEvent => ({
  eventId: next++,
  phase,
  sessionId: 's1',
  toolName: 'Bash',
  toolUseId: null,
  input: '{"command":"npm test"}',
  at: `2026-11-26T08:00:${at}.000Z`,
  ...over,
});
const ids = (events: ToolEvent[]) => unpairedCalls(events).map((c) => c.toolUseId);

test('a call without an id runs from its before event until an after event of the same session, tool and input', () => {
  const before = ev('before', '01');
  assert.deepEqual(ids([before]), [synthesisedId(before.eventId)]);
  assert.deepEqual(ids([before, ev('after', '02')]), []);
  assert.deepEqual(ids([before, ev('after', '02', { input: '{"command":"ls"}' })]), [synthesisedId(before.eventId)], 'another command ends nothing');
  assert.deepEqual(ids([before, ev('after', '02', { sessionId: 's2' })]), [synthesisedId(before.eventId)], 'another session ends nothing');
  assert.deepEqual(ids([before, ev('after', '02', { toolName: 'Write' })]), [synthesisedId(before.eventId)], 'another tool ends nothing');
});

test('two identical commands running at once: the first after event ends the oldest, the second stays running', () => {
  const first = ev('before', '01');
  const second = ev('before', '02');
  const end = ev('after', '03');
  assert.deepEqual(ids([first, second, end]), [synthesisedId(second.eventId)]);
  assert.deepEqual(ids([end, second, first]), [synthesisedId(second.eventId)], 'the order recorded, not the order read');
  assert.deepEqual(ids([first, second, end, ev('after', '04')]), []);
});

test('an after event before any call (a made-up one) ends nothing that starts later', () => {
  const early = ev('after', '01');
  const call = ev('before', '02');
  assert.deepEqual(ids([early, call]), [synthesisedId(call.eventId)]);
});

test('calls with the client\'s id pair by that id alone', () => {
  const a = ev('before', '01', { toolUseId: 'toolu_a' });
  const b = ev('before', '02', { toolUseId: 'toolu_b' });
  assert.deepEqual(ids([a, b, ev('after', '03', { toolUseId: 'toolu_a', sessionId: 'other', input: '{}' })]), ['toolu_b']);
  // An after event without an id does not end a call that has one.
  assert.deepEqual(ids([a, ev('after', '03')]), ['toolu_a']);
});

test('the ledger: a Gemini shell call without ids is running until its AfterTool, and expires after the horizon', async () => {
  const root = mkdtempSync(join(tmpdir(), 'continuity-pairing-'));
  await withTestLedger(root, (ledger) => {
    const t0 = Date.parse('2026-11-26T08:00:00.000Z');
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    const call = (kind: string, ms: number, command: string, session = 'g1') =>
      ledger.write((db) => appendEvent(db, { at: at(ms), source: 'hook:gemini', kind, sessionId: session, input: { session_id: session, hook_event_name: kind, tool_name: 'Bash', tool_input: { command, description: 'Run a command' } }, decision: { action: 'none' } }));
    call('PreToolUse', 0, 'sleep 5');
    call('PreToolUse', 10, 'sleep 5');
    const running = (ms: number) => inFlightBash(ledger.db, t0 + ms).map((c) => `${c.command}@${c.at}`);
    assert.deepEqual(running(20), [`sleep 5@${at(0)}`, `sleep 5@${at(10)}`]);
    call('PostToolUse', 30, 'sleep 5');
    assert.deepEqual(running(40), [`sleep 5@${at(10)}`], 'the oldest of two identical calls ended first');
    // A call denied before it ran never runs.
    ledger.write((db) => appendEvent(db, { at: at(50), source: 'hook:gemini', kind: 'PreToolUse', sessionId: 'g1', input: { tool_name: 'Bash', tool_input: { command: 'rm -rf .continuity' } }, decision: { action: 'deny' } }));
    assert.deepEqual(running(60), [`sleep 5@${at(10)}`]);
    // The first call's start is past the horizon: its AfterTool still ends it, not the second.
    assert.deepEqual(running(5 + IN_FLIGHT_HORIZON_MS), [`sleep 5@${at(10)}`]);
    // One whose AfterTool never comes (the person interrupted it) stops counting after the horizon.
    assert.deepEqual(running(10 + IN_FLIGHT_HORIZON_MS + 1), []);
  });
});

test('a call without an id whose command carries a credential: both sides are stored redacted the same way, and still pair', async () => {
  const root = mkdtempSync(join(tmpdir(), 'continuity-pairing-redacted-'));
  await withTestLedger(root, (ledger) => {
    const t0 = Date.parse('2026-11-26T08:00:00.000Z');
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    const command = "curl -H 'Authorization: Bearer Zx9vQm2LkP0aRt7Ws4Yu' https://api.example.com/v1";
    const call = (kind: string, ms: number) =>
      ledger.write((db) => appendEvent(db, { at: at(ms), source: 'hook:gemini', kind, sessionId: 'g1', input: { session_id: 'g1', hook_event_name: kind, tool_name: 'Bash', tool_input: { command } }, decision: { action: 'none' } }));
    call('PreToolUse', 0);
    const running = inFlightBash(ledger.db, t0 + 10);
    assert.equal(running.length, 1);
    assert.match(running[0]!.command, /^curl -H 'Authorization: Bearer \[redacted:authorization:hmac=[0-9a-f]{16}\]' https:\/\/api\.example\.com\/v1$/);
    call('PostToolUse', 20);
    assert.deepEqual(inFlightBash(ledger.db, t0 + 30), []);
    const stored = ledger.db.all<{ input: string }>('SELECT input FROM events');
    assert.ok(stored.every((r) => !r.input.includes('Zx9vQm2LkP0aRt7Ws4Yu')));
  });
});
