/**
 * `continuity hook cursor` end to end: the real CLI, payloads shaped as
 * Cursor sends them (conversation_id, generation_id, workspace_roots) with
 * the environment it sets (CURSOR_PROJECT_DIR), answers read as Cursor
 * reads them.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { NO_STACK, runCli } from '../helpers/cli.js';
import { agentHook, draftTddProject, events, planProject, planState, taskDone, violations } from '../helpers/agent-hook.js';

function cursor(project: string, fields: Record<string, unknown>, env: NodeJS.ProcessEnv = { CURSOR_PROJECT_DIR: project }) {
  return agentHook('cursor', project, { conversation_id: 'conv-7f3a', generation_id: 'gen-1', workspace_roots: [project], model: 'claude-4.5-sonnet', cursor_version: '1.7.2', ...fields }, env);
}

function stop(project: string, loopCount: number, status = 'completed') {
  const r = cursor(project, { hook_event_name: 'stop', status, loop_count: loopCount });
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

/** Approved the way a person approves in Cursor: the prompt they submit. */
function approvedProject(): string {
  const project = planProject();
  const r = cursor(project, { hook_event_name: 'beforeSubmitPrompt', prompt: 'approve', attachments: [] });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '', 'beforeSubmitPrompt takes no context; nothing is said');
  assert.equal(planState(project), 'approved');
  return project;
}

test('Cursor stop at a completed task with the next one known gets a followup_message naming the next task', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  const out = stop(project, 0);
  assert.deepEqual(Object.keys(out ?? {}), ['followup_message']);
  assert.match(String(out?.followup_message), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
  const recorded = (await events(project)).find((e) => e.kind === 'Stop');
  assert.equal(recorded?.source, 'hook:cursor');
  assert.equal(recorded?.sessionId, 'conv-7f3a');
});

test('Cursor: follow-ups (loop_count) are given until continuity\'s limit, then the stop goes through and is recorded as a violation', () => {
  const project = approvedProject();
  taskDone(project, '1');
  for (let loop = 0; loop < 3; loop++) assert.match(String(stop(project, loop)?.followup_message), new RegExp(`block ${loop + 1} of 3`));
  assert.equal(stop(project, 3), null);
  assert.equal(violations(project)[0]?.kind, 'stopped_at_task_boundary');
});

test('Cursor: an aborted loop is the user stopping it: never followed up, nothing counted', () => {
  const project = approvedProject();
  taskDone(project, '1');
  assert.equal(stop(project, 0, 'aborted'), null);
  assert.match(String(stop(project, 0)?.followup_message), /block 1 of 3/);
});

test('Cursor beforeShellExecution writing a locked progress file is denied with permission deny; a harmless command gets nothing', () => {
  const { project } = draftTddProject();
  const denied = cursor(project, { hook_event_name: 'beforeShellExecution', command: 'cat notes.md | tee .tdd-progress.md', cwd: project });
  assert.equal(denied.code, 0, denied.stderr);
  assert.equal(denied.out?.permission, 'deny');
  assert.match(String(denied.out?.agent_message), /\.tdd-progress\.md is guarded/);
  assert.equal(denied.out?.user_message, denied.out?.agent_message);
  const harmless = cursor(project, { hook_event_name: 'beforeShellExecution', command: 'git diff .tdd-progress.md', cwd: project });
  assert.equal(harmless.code, 0, harmless.stderr);
  assert.equal(harmless.stdout, '', 'never "allow": that would skip Cursor\'s own approval');
});

test('Cursor: without CURSOR_PROJECT_DIR the project is found from the first workspace root', () => {
  const { project } = draftTddProject();
  // The command runs outside the project; the project is still the workspace's.
  const denied = cursor(project, { hook_event_name: 'beforeShellExecution', command: `rm -f ${join(project, '.tdd-progress.md')}`, cwd: tmpdir() }, {});
  assert.equal(denied.code, 0, denied.stderr);
  assert.equal(denied.out?.permission, 'deny');
});

test('Cursor afterFileEdit of a locked progress file: the edit is put back and recorded (Cursor reads no answer here)', () => {
  const { project, tracker } = draftTddProject();
  const path = join(project, '.tdd-progress.md');
  writeFileSync(path, tracker.replace('**Status:** pending', '**Status:** done'));
  const r = cursor(project, { hook_event_name: 'afterFileEdit', file_path: path, edits: [{ old_string: '**Status:** pending', new_string: '**Status:** done' }] });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(readFileSync(path, 'utf8'), tracker);
  assert.equal(violations(project)[0]?.kind, 'guarded_write_reverted');
});

test('Cursor sessionStart brings back the ledger\'s state as additional_context', () => {
  const project = approvedProject();
  const r = cursor(project, { hook_event_name: 'sessionStart', session_id: 'conv-7f3a', is_background_agent: false, composer_mode: 'agent' });
  assert.equal(r.code, 0, r.stderr);
  assert.match(String(r.out?.additional_context), /payments-export/);
});

test('Cursor: a malformed payload is one line on stderr and exit 1 (never 2, which Cursor reads as deny)', async () => {
  const { project } = draftTddProject();
  const r = cursor(project, { hook_event_name: 'beforeShellExecution', command: 42 });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'continuity: invalid Cursor beforeShellExecution payload: command: expected string, received 42\n');
  assert.doesNotMatch(r.stderr, NO_STACK);
  assert.deepEqual((await events(project)).filter((e) => e.kind === 'malformed-payload').map((e) => e.source), ['hook:cursor']);
});

test('Cursor: a closure declared for the conversation with `continuity closure` lets the stop through (Cursor\'s stop carries no final message)', () => {
  const project = approvedProject();
  taskDone(project, '1');
  const r = runCli(['closure', 'waiting_user', '--reason', 'which export format?', '--session', 'conv-7f3a'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(stop(project, 0), null);
});
