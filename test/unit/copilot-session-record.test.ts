/**
 * Copilot CLI's session record (events.jsonl, lines as 1.0.102 writes them):
 * the answer that ends a turn, whether the record has caught up with a stop,
 * and the turn's state for the approval rule.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { beforeStop, instantOf, lastAssistantText, withLastMessage } from '../../src/adapters/copilot/session-record.js';
import { copilotStateOf } from '../../src/hooks/trust/copilot-transcript.js';

const line = (o: unknown) => JSON.stringify(o);
const user = line({ type: 'user.message', data: { content: 'Execute the plan.', transformedContent: '<current_datetime>…</current_datetime>\n\nExecute the plan.' } });
const asks = line({ type: 'assistant.message', data: { content: '', toolRequests: [{ toolCallId: 'call_1_0', name: 'bash', arguments: { command: 'ls' } }] } });
const ran = line({ type: 'tool.execution_complete', data: { toolCallId: 'call_1_0', success: true } });
const answer = line({ type: 'assistant.message', data: { content: 'Done.\n\ncontinuity-closure: waiting_user — the format', toolRequests: [] } });
const sub = line({ type: 'assistant.message', data: { content: 'a subagent speaking', toolRequests: [], parentToolCallId: 'call_2_0' } });
const turnEnd = line({ type: 'assistant.turn_end', data: { turnId: '1' } });
const stopStart = line({ type: 'hook.start', data: { hookInvocationId: 'x', hookType: 'agentStop', input: { stop_hook_active: false } } });
const preToolStart = line({ type: 'hook.start', data: { hookInvocationId: 'y', hookType: 'preToolUse', input: {} } });

test("the answer that ends the turn is the last main-agent assistant.message; a subagent's is not it", () => {
  assert.equal(lastAssistantText([user, asks, ran, answer, sub, turnEnd, stopStart].join('\n')), 'Done.\n\ncontinuity-closure: waiting_user — the format');
  assert.equal(lastAssistantText([user, asks].join('\n')), '');
  assert.equal(lastAssistantText(user), null);
});

const caughtUp = (text: string) => beforeStop(text, null) !== null;

test("without a stop time, the record has caught up with a stop once the stop's hook.start is its newest entry of a turn", () => {
  assert.equal(caughtUp([user, asks, ran, answer, turnEnd, stopStart].join('\n')), true);
  assert.equal(lastAssistantText(beforeStop([user, asks, ran, answer, turnEnd, stopStart].join('\n'), null)!), 'Done.\n\ncontinuity-closure: waiting_user — the format');
  // Written behind: the turn's last message, or the stop's hook.start, not there yet.
  assert.equal(caughtUp([user, asks, ran].join('\n')), false);
  assert.equal(caughtUp([user, asks, ran, preToolStart].join('\n')), false);
  // An earlier stop's hook.start, then the turn it started: not this stop.
  assert.equal(caughtUp([user, answer, stopStart, user, answer].join('\n')), false);
});

// A session recorded by Copilot CLI 1.0.102: a Stop held at a task boundary (its hook.start at 12:50:10.831), the
// turn that follows answers with a closure line and stops again (12:50:11.448), held once more, a last stop (12:50:11.906).
const record = readFileSync(new URL('../fixtures/agents/copilot-1.0.102/claude-wired/held-stops-events.jsonl', import.meta.url), 'utf8');
const lines = record.split('\n');
const stops = ['2026-12-02T12:50:10.831Z', '2026-12-02T12:50:11.448Z', '2026-12-02T12:50:11.906Z'].map(instantOf);
/** The record as it stood when it had been written up to (not including) the first line that contains `marker` after `from`. */
const cutAt = (marker: string, from = 0) => lines.slice(0, lines.findIndex((l, i) => i >= from && l.includes(marker))).join('\n');

test("each stop of a real record reads the answer just before its own hook.start, known by the payload's timestamp", () => {
  assert.equal(lastAssistantText(beforeStop(record, stops[0]!)!), 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).');
  assert.equal(lastAssistantText(beforeStop(record, stops[1]!)!), 'Task 2 needs a decision: CSV or XLSX?\n\ncontinuity-closure: waiting_user — which export format the user wants');
  assert.equal(lastAssistantText(beforeStop(record, stops[2]!)!), 'This turn should never be requested.');
  assert.equal(instantOf(1796215811448), stops[1]);
  assert.equal(instantOf('not a time'), null);
});

test("a stop after a held one has not caught up while the previous stop's hook.start is the record's newest agentStop", () => {
  const held = lines.findIndex((l) => l.includes('"hookType":"agentStop"'));
  // Written behind: the held stop's own prompt submitted, this turn's user message, answer and hook.start not yet there.
  const behind = cutAt('"user.message"', held);
  assert.ok(behind.includes('"hookType":"agentStop"') && !behind.includes('Task 2 needs a decision'));
  assert.equal(beforeStop(behind, stops[1]!), null);
  // The answer written, this stop's hook.start not yet: still not caught up.
  assert.equal(beforeStop(cutAt('"stop_hook_active":true'), stops[1]!), null);
  // Caught up once this stop's hook.start is there, whatever follows it.
  assert.equal(lastAssistantText(beforeStop(cutAt('"hook.end"', held + 5), stops[1]!)!), 'Task 2 needs a decision: CSV or XLSX?\n\ncontinuity-closure: waiting_user — which export format the user wants');
});

test("a Stop reads its answer from the record; a subagent's own Stop, which names its parent's record, reads nothing", () => {
  const path = join(mkdtempSync(join(tmpdir(), 'copilot-record-')), 'events.jsonl');
  writeFileSync(path, record);
  const stop = { hook_event_name: 'Stop', session_id: '99aab39c-95f0-4c20-941e-6461b9231168', cwd: '/p', timestamp: '2026-12-02T12:50:11.448Z', transcript_path: path };
  assert.equal((withLastMessage(stop) as { last_assistant_message?: unknown }).last_assistant_message, 'Task 2 needs a decision: CSV or XLSX?\n\ncontinuity-closure: waiting_user — which export format the user wants');
  const own = { ...stop, session_id: 'child', agent_id: 'child', agent_type: 'general-purpose', parent_agent_id: stop.session_id };
  assert.equal('last_assistant_message' in withLastMessage(own), false);
});

test('the turn as the record shows it: a tool call running, its result, the answer', () => {
  assert.equal(copilotStateOf([user, asks].join('\n'), true).last, 'assistant-tool-use');
  assert.equal(copilotStateOf([user, asks, ran].join('\n'), true).last, 'tool-result');
  const done = copilotStateOf([user, asks, ran, answer, sub, turnEnd].join('\n'), true);
  assert.equal(done.last, 'assistant-text');
  assert.equal(done.toolUses.get('call_1_0'), 'bash');
  assert.ok(done.toolResults.has('call_1_0'));
  assert.equal(copilotStateOf(user, true).last, 'user-prompt');
  // A tail's first line may be cut: skipped.
  assert.equal(copilotStateOf(['{"type":"assistant.message","data":{"toolReq', user].join('\n'), false).last, 'user-prompt');
});
