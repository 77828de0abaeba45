/**
 * The Claude Code side of the watchdog that needs no process: reading Agent
 * tool payloads, binding a child to a dispatch, the Stop payload's running
 * background tasks, transcripts, and the words (facts, not orders).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentIdOf, pickIntent, readAgentInput } from '../../src/hooks/watchdog/record.js';
import { runningChildren } from '../../src/hooks/watchdog/step.js';
import { WATCHDOG_DELIVERY_RULE, WATCHDOG_DISPATCH_RULE, WATCHDOG_RESULT_RULE } from '../../src/hooks/watchdog/tool-rules.js';
import { fromSubagent } from '../../src/hooks/watchdog/tool-names.js';
import { lastAssistantText, taskNotification } from '../../src/hooks/watchdog/transcript.js';
import { deliveryWords, respawnWords } from '../../src/hooks/render/watchdog-words.js';
import { describeWatchdogAlerts } from '../../src/hooks/render/ground-truth.js';
import type { LoadedRun, RunView } from '../../src/app/watchdog-runs.js';
import type { RunRow } from '../../src/ledger/runs.js';
import type { HotState } from '../../src/ledger/hot-state.js';
import type { ToolPayload } from '../../src/hooks/tool-rules.js';

function row(over: Partial<RunRow> = {}): RunRow {
  return {
    id: 1,
    runId: 'r-3',
    sessionId: 's',
    source: 'claude-code',
    toolUseId: 'toolu_1',
    childSessionKey: null,
    agentType: 'code-reviewer',
    description: 'Review the limiter',
    brief: 'Review it.',
    background: true,
    launched: false,
    dispatchAt: '2026-04-24T10:00:00.000Z',
    expectedBy: '2026-04-24T10:15:00.000Z',
    startedAt: null,
    childDone: false,
    childDoneAt: null,
    capturedResult: null,
    childTranscriptPath: null,
    completionReceivedAt: null,
    forwardedToMain: null,
    resultSource: null,
    respawnOf: null,
    notified: null,
    closedAs: null,
    attention: true,
    updatedAt: '2026-04-24T10:00:00.000Z',
    ...over,
  };
}

describe('Agent tool payloads', () => {
  it('readAgentInput: type defaults to general-purpose; empty strings are absent; background only when true', () => {
    assert.deepEqual(readAgentInput({ description: 'd', prompt: 'p', subagent_type: 'code-reviewer', run_in_background: true }), { agentType: 'code-reviewer', description: 'd', brief: 'p', background: true });
    assert.deepEqual(readAgentInput({ prompt: '  ' }), { agentType: 'general-purpose', description: null, brief: null, background: false });
  });

  it('agentIdOf reads agentId, else agent_id', () => {
    assert.equal(agentIdOf({ status: 'async_launched', agentId: 'a1' }), 'a1');
    assert.equal(agentIdOf({ agent_id: 'a2' }), 'a2');
    assert.equal(agentIdOf('text'), null);
    assert.equal(agentIdOf({ agentId: '' }), null);
  });
});

describe('pickIntent: which dispatch a child that names no tool call belongs to', () => {
  const now = Date.parse('2026-04-24T10:10:00Z');
  const at = (hhmmss: string) => `2026-04-24T${hhmmss}.000Z`;
  it('the oldest recent dispatch of the same type', () => {
    const intents = [row({ id: 1, dispatchAt: at('10:09:10') }), row({ id: 2, dispatchAt: at('10:09:20') }), row({ id: 3, agentType: 'general-purpose', dispatchAt: at('10:09:00') })];
    assert.equal(pickIntent(intents, 'code-reviewer', now)?.id, 1);
    assert.equal(pickIntent(intents, null, now)?.id, 3, 'no type is general-purpose');
  });
  it('skips stale dispatches (likely never launched) when a recent one exists; with none recent, the newest', () => {
    assert.equal(pickIntent([row({ id: 1, dispatchAt: at('09:00:00') }), row({ id: 2, dispatchAt: at('10:09:30') })], 'code-reviewer', now)?.id, 2);
    assert.equal(pickIntent([row({ id: 1, dispatchAt: at('09:00:00') }), row({ id: 2, dispatchAt: at('09:30:00') })], 'code-reviewer', now)?.id, 2);
  });
  it('matches a plugin-namespaced type; no dispatch of the type → none', () => {
    assert.equal(pickIntent([row({ agentType: 'review-kit:code-reviewer', dispatchAt: at('10:09:50') })], 'code-reviewer', now)?.id, 1);
    assert.equal(pickIntent([row({ agentType: 'explorer' })], 'code-reviewer', now), null);
  });
});

describe('runningChildren: the Stop payload’s background tasks', () => {
  it('subagent tasks not in a final state; null without a list', () => {
    const running = runningChildren([
      { id: 'a1', type: 'subagent', status: 'running' },
      { id: 'a2', type: 'subagent', status: 'completed' },
      { id: 'b1', type: 'shell', status: 'running' },
      { id: 'a3', type: 'local_agent' },
    ]);
    assert.deepEqual([...(running ?? [])].sort(), ['a1', 'a3']);
    assert.equal(runningChildren(undefined), null);
  });
});

describe('tool rules: cheap wants', () => {
  const tool = (name: string, extra: Record<string, unknown> = {}) => ({ session_id: 's', hook_event_name: 'PostToolUse', tool_name: name, tool_input: {}, ...extra }) as ToolPayload;
  const hot = (openRuns: number) => ({ v: 1, guarded: [], guardedNames: [], protectGlobs: [], plan: null, openRuns }) as HotState;
  it('dispatch and result rules want Agent|Task (and TaskOutput), never from inside a subagent', () => {
    assert.equal(WATCHDOG_DISPATCH_RULE.wants(tool('Agent'), null, '/'), true);
    assert.equal(WATCHDOG_DISPATCH_RULE.wants(tool('Task'), null, '/'), true);
    assert.equal(WATCHDOG_DISPATCH_RULE.wants(tool('Bash'), null, '/'), false);
    assert.equal(WATCHDOG_DISPATCH_RULE.wants(tool('Agent', { agent_id: 'a1' }), null, '/'), false);
    assert.equal(WATCHDOG_RESULT_RULE.wants(tool('TaskOutput'), null, '/'), true);
  });
  it('the delivery rule wants other tools only while a run is open', () => {
    assert.equal(WATCHDOG_DELIVERY_RULE.wants(tool('Bash'), hot(0), '/'), false);
    assert.equal(WATCHDOG_DELIVERY_RULE.wants(tool('Bash'), hot(2), '/'), true);
    assert.equal(WATCHDOG_DELIVERY_RULE.wants(tool('Agent'), hot(2), '/'), false);
    assert.equal(WATCHDOG_DELIVERY_RULE.wants(tool('Bash', { agent_id: 'a1' }), hot(2), '/'), false);
    assert.equal(fromSubagent({ agent_id: '' }), false);
  });
});

describe('transcripts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-transcript-'));
  // Claude Code 2.1.197's transcript lines for a background agent's notification.
  const notification = (agentId: string, status: string, extra = '') =>
    `<task-notification>\n<task-id>${agentId}</task-id>\n<tool-use-id>toolu_1</tool-use-id>\n<status>${status}</status>\n<summary>Agent "Review the limiter" ${extra}</summary>\n</task-notification>`;
  const enqueue = (agentId: string, status: string) => ({ type: 'queue-operation', operation: 'enqueue', timestamp: '2026-11-22T05:57:53.098Z', sessionId: 's', content: notification(agentId, status) });
  const remove = { type: 'queue-operation', operation: 'remove', timestamp: '2026-11-22T05:57:53.200Z', sessionId: 's' };
  const asUser = (agentId: string, status: string, extra = '') => ({ type: 'user', isSidechain: false, message: { role: 'user', content: notification(agentId, status, extra) } });
  const midTurn = (agentId: string, status: string) => ({ type: 'attachment', isSidechain: false, attachment: { type: 'queued_command', prompt: notification(agentId, status), commandMode: 'task-notification' } });
  const launch = { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', content: 'Async agent launched successfully. agentId: a5f1c9e' }] } };
  const file = (name: string, lines: unknown[]) => {
    const path = join(dir, name);
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return path;
  };

  it('a notification naming the agent that reached the conversation is delivered, with its status; the launch message is not', () => {
    assert.deepEqual(taskNotification(file('launch.jsonl', [launch]), 'a5f1c9e'), { kind: 'none' });
    const between = file('between-turns.jsonl', [launch, enqueue('a5f1c9e', 'completed'), { ...asUser('a5f1c9e', 'completed'), isMeta: true }]);
    assert.deepEqual(taskNotification(between, 'a5f1c9e'), { kind: 'delivered', status: 'completed' });
    assert.deepEqual(taskNotification(between, 'other'), { kind: 'none' });
    const mid = file('mid-turn.jsonl', [launch, enqueue('a5f1c9e', 'completed'), remove, midTurn('a5f1c9e', 'completed')]);
    assert.deepEqual(taskNotification(mid, 'a5f1c9e'), { kind: 'delivered', status: 'completed' });
    assert.deepEqual(taskNotification(join(dir, 'missing.jsonl'), 'a5f1c9e'), { kind: 'none' });
  });
  it('a notification only enqueued is queued, not delivered: the process may end before it reaches the conversation', () => {
    assert.deepEqual(taskNotification(file('queued.jsonl', [launch, enqueue('a5f1c9e', 'completed')]), 'a5f1c9e'), { kind: 'queued' });
  });
  it("a resumed session's `failed` notification supersedes the completed one the previous process only queued", () => {
    const resumed = file('resumed.jsonl', [
      launch,
      enqueue('a5f1c9e', 'completed'),
      enqueue('a5f1c9e', 'failed'),
      asUser('a5f1c9e', 'failed', 'was running when the previous Claude Code process exited and did not complete'),
    ]);
    assert.deepEqual(taskNotification(resumed, 'a5f1c9e'), { kind: 'delivered', status: 'failed' });
  });
  it('a delivered completion wins over a later notification of the same agent; the status is read from the notification naming it', () => {
    const again = file('again.jsonl', [asUser('a5f1c9e', 'completed'), asUser('a5f1c9e', 'killed'), asUser('b6e2d0f', 'failed')]);
    assert.deepEqual(taskNotification(again, 'a5f1c9e'), { kind: 'delivered', status: 'completed' });
    assert.deepEqual(taskNotification(again, 'b6e2d0f'), { kind: 'delivered', status: 'failed' });
    // A notification that only quotes another agent's id in its text does not name it.
    const quoted = file('quoted.jsonl', [{ type: 'user', message: { role: 'user', content: notification('b6e2d0f', 'completed', 'a5f1c9e') } }]);
    assert.deepEqual(taskNotification(quoted, 'a5f1c9e'), { kind: 'none' });
  });
  it('lastAssistantText: the last assistant message with text', () => {
    const path = join(dir, 'agent.jsonl');
    const lines = [
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'first' }] } },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Found 2 races.' }, { type: 'tool_use', name: 'Read' }] } },
      { type: 'user', message: { role: 'user', content: 'tool result "assistant"' } },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', name: 'Read' }] } },
    ];
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    assert.equal(lastAssistantText(path), 'Found 2 races.');
    assert.equal(lastAssistantText(join(dir, 'missing.jsonl')), null);
  });
});

describe('words: facts, not orders', () => {
  const nowMs = Date.parse('2026-04-24T10:20:00Z');
  const loaded = (over: Partial<RunRow>): LoadedRun => {
    const r = row({ childSessionKey: 'a1', launched: true, ...over });
    return {
      row: r,
      attempts: [],
      ladderIds: [],
      escalated: false,
      run: { runId: r.runId, childSessionKey: 'a1', dispatchAt: r.dispatchAt, expectedBy: r.expectedBy, childDone: r.childDone, childDoneAt: r.childDoneAt, capturedResult: r.capturedResult, recoveryAttempts: [] },
    };
  };
  it('a delivered result names the run, its type, description, age, when it finished, and carries the text', () => {
    const text = deliveryWords(loaded({ childDone: true, childDoneAt: '2026-04-24T10:18:00.000Z', capturedResult: 'x' }), 'Found 2 races.', nowMs);
    assert.match(text, /^Subagent run r-3 \(code-reviewer, "Review the limiter", dispatched 20 min ago\) finished 2 min ago; its result did not reach this conversation\./);
    assert.ok(text.includes('--- result of subagent run r-3 ---\nFound 2 races.\n--- end of result of subagent run r-3 ---'));
    assert.doesNotMatch(text, /\b(please|should|must|do not)\b/i);
  });
  it('a very long result is cut, naming the transcript', () => {
    const text = deliveryWords(loaded({ childDone: true, childTranscriptPath: '/t/agent-a1.jsonl' }), 'y'.repeat(25_000), nowMs);
    assert.match(text, /\[… 5000 more characters; the whole transcript is \/t\/agent-a1\.jsonl\]/);
  });
  it('a respawn restates the brief, the type and that the dispatch will count as the respawn', () => {
    const text = respawnWords(loaded({ childDone: false }), 'Review it.', nowMs);
    assert.match(text, /Subagent run r-3 .* has not reported done, past its SLA of 15 min; its result did not reach this conversation/);
    assert.match(text, /subagent_type "code-reviewer" and description "Review the limiter"; that dispatch is recorded as the respawn of run r-3/);
    assert.ok(text.endsWith('--- brief of subagent run r-3 ---\nReview it.\n--- end of brief ---'));
  });
  it('SessionStart alerts list late and blocked runs only', () => {
    const view = (runId: string, status: RunView['status']): RunView =>
      ({ runId, status, agentType: 'code-reviewer', description: null, age: '20 min', overdueSeconds: 300, recoveryAttempts: [{ action: 'fetch_history', at: '', outcome: 'failed', channel: 'Stop', detail: null }] }) as unknown as RunView;
    const text = describeWatchdogAlerts([view('r-1', 'active'), view('r-2', 'suspect_delivery_failure'), view('r-3', 'blocked'), view('r-4', 'recovered')]);
    assert.equal(
      text,
      'continuity watchdog: Subagent run r-2 (code-reviewer, dispatched 20 min ago) is past its SLA (5 min overdue) and no result from it has reached this conversation; recovery attempts: fetch_history failed. ' +
        'Subagent run r-3 (code-reviewer, dispatched 20 min ago) is blocked: its result never reached this conversation and the recovery steps gave no result; recovery attempts: fetch_history failed.',
    );
    assert.equal(describeWatchdogAlerts([view('r-1', 'completed')]), '');
  });
});
