// The real-client demo's narrator, fed Claude Code 2.1.197 stream-json lines
// and the scripted server's requests (no Claude Code needed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RecordedRequest } from '../../src/demo/real-client/model-server.js';
import { Narrator } from '../../src/demo/real-client/narrator.js';

const hook = (name: string, output = '') => ({ type: 'system', subtype: 'hook_response', hook_name: name, hook_event: name.split(':')[0], output, stdout: output, stderr: '', exit_code: 0, outcome: 'success' });
const toolUse = (id: string, name: string, input: Record<string, unknown>) => ({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const request = (text: string) => ({ kind: 'scenario', body: { messages: [{ role: 'system', content: text }] } }) as unknown as RecordedRequest;

function narrate(decisions: Record<string, string> = {}) {
  const lines: string[] = [];
  const asked: [string, string | null][] = [];
  const n = new Narrator({
    out: (l) => lines.push(l),
    prompt: 'approve',
    decisionOf: (event, id) => {
      asked.push([event, id]);
      return decisions[id ?? event] ?? null;
    },
  });
  // Wrapped lines joined, so sentences are matched whole.
  return { n, lines, asked, text: () => lines.join('\n').replace(/\n {9}(?![│→])/g, ' ') };
}

test('a denied tool call: the hook line names the call, continuity decided, Claude Code returned the reason as the error', () => {
  const { n, text, asked } = narrate({ toolu_3: 'DENIED: .continuity/config.json is guarded (Bash (redirect >))' });
  const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'continuity: .continuity/config.json is guarded.' } });
  n.onStream(toolUse('toolu_3', 'Bash', { command: 'echo {} > .continuity/config.json' }));
  n.onStream(hook('PreToolUse:Bash', deny));
  n.onStream({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', content: 'continuity: .continuity/config.json is guarded.', is_error: true, tool_use_id: 'toolu_3' }] } });
  assert.deepEqual(asked, [['PreToolUse', 'toolu_3']]);
  assert.match(text(), /tool +Bash echo \{\} > \.continuity\/config\.json\n +hook +PreToolUse Bash echo \{\} > \.continuity\/con…\n +→ continuity: DENIED: \.continuity\/config\.json is guarded \(Bash \(redirect >\)\)\n +│ continuity: \.continuity\/config\.json is guarded\.\n +claude did not run it; the model got continuity's reason as the tool's error$/);
  assert.equal(n.facts.denied, 1);
  assert.equal(n.facts.deniedReturned, 1);
});

test('a denied call has no PostToolUse: the next call of the same tool is matched to its own hooks', () => {
  const { n, asked } = narrate();
  n.onStream(toolUse('toolu_1', 'Bash', { command: 'one' }));
  n.onStream(hook('PreToolUse:Bash', JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no' } })));
  n.onStream({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', content: 'no', is_error: true, tool_use_id: 'toolu_1' }] } });
  n.onStream(toolUse('toolu_2', 'Bash', { command: 'two' }));
  n.onStream(hook('PreToolUse:Bash'));
  n.onStream(hook('PostToolUse:Bash'));
  assert.deepEqual(asked, [['PreToolUse', 'toolu_1'], ['PreToolUse', 'toolu_2'], ['PostToolUse', 'toolu_2']]);
});

test('a blocked stop, and Claude Code handing the reason back to the model', () => {
  const { n, text } = narrate({ Stop: 'BLOCKED (block 1 at this boundary)' });
  n.onStream(hook('Stop', JSON.stringify({ decision: 'block', reason: 'Task 2 "Export endpoint" is the next task.' })));
  n.onStream({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'Stop hook feedback:\nTask 2 "Export endpoint" is the next task.' }] } });
  assert.match(text(), /hook +Stop\n +→ continuity: BLOCKED \(block 1 at this boundary\)\n +│ Task 2 "Export endpoint" is the next task\.\n +claude +gave the reason to the model as "Stop hook feedback" and asked it again/);
  assert.deepEqual([n.facts.stopBlocks, n.facts.stopFeedback], [1, 1]);
});

test('hook context is told as delivered once a request to the model carries it, whichever arrives first', () => {
  const context = (event: string, text: string) => hook(event, JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } }));
  const { n, text } = narrate();
  n.onRequest(request('SessionStart hook additional context: the plan is a draft.'));
  n.onStream(context('SessionStart:startup', 'the plan is a draft.'));
  n.onStream(context('UserPromptSubmit', 'approved.'));
  assert.deepEqual(n.facts.contextDelivered, ['SessionStart']);
  n.onRequest(request('SessionStart hook additional context: the plan is a draft.\n\nUserPromptSubmit hook additional context: approved.'));
  assert.deepEqual(n.facts.contextDelivered, ['SessionStart', 'UserPromptSubmit']);
  assert.match(text(), /hook +SessionStart \(startup\)\n[\s\S]*claude +put the SessionStart context in front of the model/);
  assert.match(text(), /hook +UserPromptSubmit "approve"\n/);
  assert.equal(n.facts.modelRequests, 2);
});

test('a silent hook: "said nothing", with the recorded decision when there is one', () => {
  const { n, text } = narrate({ Stop: 'allowed: closure waiting_user (closure-line)' });
  n.onStream(toolUse('toolu_1', 'Write', { file_path: 'src/a.ts', content: '' }));
  n.onStream(hook('PreToolUse:Write'));
  n.onStream(hook('Stop'));
  assert.match(text(), /hook +PreToolUse Write src\/a\.ts\n +→ continuity: said nothing \(no objection\)\n/);
  assert.match(text(), /hook +Stop\n +→ continuity: allowed: closure waiting_user \(closure-line\); said nothing$/);
});
