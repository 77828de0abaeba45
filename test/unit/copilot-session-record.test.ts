/**
 * Copilot CLI's session record (events.jsonl, lines as 1.0.102 writes them):
 * the answer that ends a turn, whether the record has caught up with a stop,
 * and the turn's state for the approval rule.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { caughtUp, lastAssistantText } from '../../src/adapters/copilot/session-record.js';
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

test("the record has caught up with a stop once the stop's hook.start is its newest entry of a turn", () => {
  assert.equal(caughtUp([user, asks, ran, answer, turnEnd, stopStart].join('\n')), true);
  // Written behind: the turn's last message, or the stop's hook.start, not there yet.
  assert.equal(caughtUp([user, asks, ran].join('\n')), false);
  assert.equal(caughtUp([user, asks, ran, preToolStart].join('\n')), false);
  // An earlier stop's hook.start, then the turn it started: not this stop.
  assert.equal(caughtUp([user, answer, stopStart, user, answer].join('\n')), false);
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
