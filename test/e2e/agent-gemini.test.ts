/**
 * `continuity hook gemini` end to end: the real CLI, payloads shaped as
 * Gemini CLI documents them (docs/hooks/reference.md) and the environment
 * it sets (GEMINI_PROJECT_DIR), answers read as Gemini CLI reads them.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { NO_STACK, tempProject } from '../helpers/cli.js';
import { agentHook, draftTddProject, events, planProject, planState, taskDone, violations } from '../helpers/agent-hook.js';

function gemini(project: string, fields: Record<string, unknown>) {
  return agentHook(
    'gemini',
    project,
    { session_id: 'gemini-session-1', transcript_path: join(project, '.gemini-chat.json'), cwd: project, timestamp: '2026-11-22T10:00:00.000Z', ...fields },
    { GEMINI_PROJECT_DIR: project },
  );
}

function afterAgent(project: string, stopHookActive = false, response = 'Task 1 is done and committed.') {
  const r = gemini(project, { hook_event_name: 'AfterAgent', prompt: 'implement the plan', prompt_response: response, stop_hook_active: stopHookActive });
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

/** Approved the way a person approves in Gemini CLI: the prompt they submit (BeforeAgent). */
function approvedProject(): string {
  const project = planProject();
  const r = gemini(project, { hook_event_name: 'BeforeAgent', prompt: 'approve' });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planState(project), 'approved');
  assert.match(String(r.out?.systemMessage), /plan payments-export approved/);
  assert.equal((r.out?.hookSpecificOutput as { hookEventName?: string }).hookEventName, 'BeforeAgent');
  return project;
}

test('Gemini AfterAgent at a completed task with the next one known is denied: a retry turn whose prompt names the next task', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  const out = afterAgent(project);
  assert.equal(out?.decision, 'deny');
  assert.match(String(out?.reason), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
  const stops = (await events(project)).filter((e) => e.kind === 'Stop');
  assert.equal(stops[0]?.source, 'hook:gemini');
  assert.equal((stops[0]?.input as { last_assistant_message?: string }).last_assistant_message, 'Task 1 is done and committed.');
});

test('Gemini: a closure line in the response lets the turn end', () => {
  const project = approvedProject();
  taskDone(project, '1');
  assert.equal(afterAgent(project, false, 'Task 1 is done.\n\ncontinuity-closure: blocked — the API key is missing'), null);
});

test('Gemini: retries (stop_hook_active) are blocked until continuity\'s limit, then the turn ends with a systemMessage and a violation', () => {
  const project = approvedProject();
  taskDone(project, '1');
  for (let i = 1; i <= 3; i++) assert.equal(afterAgent(project, i > 1)?.decision, 'deny', `turn ${i}`);
  const fourth = afterAgent(project, true);
  assert.equal(fourth?.decision, undefined);
  assert.match(String(fourth?.systemMessage), /blocked 3 times in a row/);
  assert.equal(violations(project)[0]?.kind, 'stopped_at_task_boundary');
});

test('Gemini run_shell_command writing a locked progress file is denied (decision deny, reason for the agent); a harmless one is not (it comes back wrapped in the wall)', () => {
  const { project } = draftTddProject();
  const denied = gemini(project, { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: "sed -i 's/pending/done/' .tdd-progress.md", description: 'tick' } });
  assert.equal(denied.code, 0, denied.stderr);
  assert.equal(denied.out?.decision, 'deny');
  assert.match(String(denied.out?.reason), /\.tdd-progress\.md is guarded/);
  const harmless = gemini(project, { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'cat .tdd-progress.md' } });
  assert.equal(harmless.code, 0, harmless.stderr);
  assert.equal(harmless.out?.decision, undefined);
  assert.match(String((harmless.out?.hookSpecificOutput as { tool_input?: { command?: string } }).tool_input?.command), /bwrap .* -c 'cat \.tdd-progress\.md'$/);
});

test('Gemini write_file to a locked progress file is denied; one in a subdirectory named by `directory` is judged from there', () => {
  const { project } = draftTddProject();
  const write = gemini(project, { hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: join(project, '.tdd-progress.md'), content: 'x' } });
  assert.equal(write.out?.decision, 'deny');
  const fromSub = gemini(project, { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'echo x > ../.tdd-progress.md', directory: 'src' } });
  assert.equal(fromSub.out?.decision, 'deny');
});

test('Gemini AfterTool: a script\'s write to the tracker is put back, and the agent reads why appended to the tool result', () => {
  const { project, tracker } = draftTddProject();
  const path = join(project, '.tdd-progress.md');
  writeFileSync(path, tracker.replace('**Status:** pending', '**Status:** done'));
  const r = gemini(project, { hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: { command: 'node tick.js' }, tool_response: { llmContent: 'ok', returnDisplay: 'ok' } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(String((r.out?.hookSpecificOutput as { additionalContext?: string }).additionalContext), /put back: \.tdd-progress\.md \(content restored\)/);
  assert.equal(r.out?.decision, undefined, 'the real tool result stays visible');
  assert.equal(readFileSync(path, 'utf8'), tracker);
});

test('Gemini SessionStart brings back the ledger\'s state as additionalContext', () => {
  const project = approvedProject();
  const r = gemini(project, { hook_event_name: 'SessionStart', source: 'resume' });
  assert.equal(r.code, 0, r.stderr);
  const specific = r.out?.hookSpecificOutput as { hookEventName?: string; additionalContext?: string };
  assert.equal(specific.hookEventName, 'SessionStart');
  assert.match(String(specific.additionalContext), /payments-export/);
  // The layer in force, for this agent: no word of Claude Code's settings, whose sandbox is not Gemini CLI's.
  assert.match(String(specific.additionalContext), /read-only to the agent's commands \(continuity's own wall: bubblewrap around every Gemini CLI shell command\);/);
  assert.doesNotMatch(String(specific.additionalContext), /Claude Code/);
});

test('Gemini: a malformed payload is one line on stderr and exit 1 (never 2)', async () => {
  const { project } = draftTddProject();
  const r = gemini(project, { hook_event_name: 'AfterAgent', stop_hook_active: 'yes' });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^continuity: invalid Gemini CLI AfterAgent payload: stop_hook_active: expected boolean, received "yes"\n$/);
  assert.doesNotMatch(r.stderr, NO_STACK);
  assert.deepEqual((await events(project)).filter((e) => e.kind === 'malformed-payload').map((e) => e.source), ['hook:gemini']);
});

test('Gemini: a project without .continuity is left alone: nothing said, nothing written', () => {
  const project = tempProject({ '.tdd-progress.md': '# TDD Task: Search\n' });
  const r = gemini(project, { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'echo x > .tdd-progress.md' } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(existsSync(join(project, '.continuity')), false);
});
