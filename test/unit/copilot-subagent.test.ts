/**
 * Copilot CLI's `task` and `read_agent` calls and a subagent's own hook
 * calls, as the delivery watchdog reads Claude Code's (pure translation).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentCallId, agentInput, agentResponse, asParentCall, readAgentResponse, subagentCall } from '../../src/adapters/copilot/subagent.js';

const TASK = { name: 'reviewer', description: 'Review the plan', prompt: 'Review it.', agent_type: 'general-purpose' };

test('a task call\'s id is the same before and after the call, and differs for another input or session', () => {
  assert.equal(agentCallId('s1', TASK), agentCallId('s1', { ...TASK }));
  assert.notEqual(agentCallId('s1', TASK), agentCallId('s1', { ...TASK, prompt: 'Other.' }));
  assert.notEqual(agentCallId('s1', TASK), agentCallId('s2', TASK));
});

test('a task call\'s input and result in Claude Code\'s names: the type, a background run, the child a background result names', () => {
  assert.deepEqual(agentInput({ ...TASK, mode: 'background' }), { ...TASK, mode: 'background', subagent_type: 'general-purpose', run_in_background: true });
  assert.equal(agentInput(TASK).run_in_background, undefined);
  assert.equal(agentResponse(TASK, { result_type: 'success', text_result_for_llm: 'Done.' }).status, 'completed');
  assert.equal(agentResponse(TASK, { result_type: 'failure', text_result_for_llm: 'x' }).status, 'failure');
  const launched = agentResponse({ ...TASK, mode: 'background' }, { result_type: 'success', text_result_for_llm: 'Agent started in background with agent_id: 79b64ff0-0a48. You\'ll be notified.' });
  assert.deepEqual([launched.status, launched.agentId], ['async_launched', '79b64ff0-0a48']);
});

test('read_agent\'s result is a finished one when the agent is idle or completed, not while it runs', () => {
  const said = (status: string) => readAgentResponse({ result_type: 'success', text_result_for_llm: `Agent is ${status}. agent_id: a1, agent_type: general-purpose, status: ${status}, elapsed: 5s` }).status;
  assert.deepEqual(['idle', 'completed', 'running', 'failed', 'cancelled'].map(said), ['completed', 'completed', 'running', 'failed', 'killed']);
});

test('a subagent\'s own calls: its prompt is its start under the parent\'s session, its own stop is left to SubagentStop, its tool calls are the parent session\'s with its agent_id', () => {
  const common = { session_id: 'child', cwd: '/p', agent_id: 'child', agent_type: 'general-purpose', parent_agent_id: 'parent' };
  const child = subagentCall({ ...common, hook_event_name: 'Stop' })!;
  assert.deepEqual(child, { agentId: 'child', parent: 'parent', agentType: 'general-purpose' });
  assert.deepEqual(asParentCall({ ...common, hook_event_name: 'UserPromptSubmit', prompt: 'approve' }, child), { hook_event_name: 'SubagentStart', session_id: 'parent', cwd: '/p', agent_id: 'child', agent_type: 'general-purpose', agent_event_name: 'UserPromptSubmit' });
  assert.equal(asParentCall({ ...common, hook_event_name: 'Stop' }, child), null);
  assert.deepEqual(asParentCall({ ...common, hook_event_name: 'PreToolUse', tool_name: 'Bash' }, child), { ...common, hook_event_name: 'PreToolUse', tool_name: 'Bash', session_id: 'parent' });
  // The parent's SubagentStop names the child but is the parent's own call.
  assert.equal(subagentCall({ session_id: 'parent', agent_id: 'child', parent_agent_id: 'parent', hook_event_name: 'SubagentStop' }), null);
});
