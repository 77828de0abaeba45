/**
 * `continuity hook opencode` end to end: the real CLI, the payloads
 * continuity's OpenCode plugin hands it (captured from OpenCode 1.18.33,
 * test/fixtures/agents/opencode-1.18.33/, the project folder swapped), the
 * answers read as the plugin reads them (`deny`, `args`, `context`, `hold`,
 * `append`, `message`).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { agentHook, draftTddProject, events, HOOKS_ONLY_CONFIG, planProject, planState, taskDone, violations } from '../helpers/agent-hook.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'opencode-1.18.33');

function fixture(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, any>;
}

/** A captured payload in `project`, with `change` applied to a copy. */
function opencode(project: string, name: string, change: (p: Record<string, any>) => void = () => {}) {
  const p = fixture(name);
  p.directory = project;
  change(p);
  return agentHook('opencode', project, p);
}

function prompt(project: string, text: string) {
  return opencode(project, 'chat-message', (p) => {
    p.output.parts = p.output.parts.map((part: Record<string, unknown>) => (part.type === 'text' ? { ...part, text } : part));
  });
}

function stop(project: string, text = 'Task 1 is done and committed.', active = false) {
  const r = opencode(project, 'text-complete', (p) => {
    p.output.text = text;
    p.stop_hook_active = active;
  });
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

function approvedProject(files: Record<string, string> = {}): string {
  const project = planProject(files);
  const r = prompt(project, 'approve');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planState(project), 'approved');
  assert.match(String(r.out?.message), /plan payments-export approved/);
  return project;
}

test('OpenCode: the person\'s `approve` (chat.message) approves; the session\'s opening gives the ledger\'s words as context', () => {
  const project = planProject();
  const start = opencode(project, 'session-created');
  assert.equal(start.code, 0, start.stderr);
  assert.match(String(start.out?.context), /plan payments-export \(docs\/plans\/payments-export\.md, 3 tasks\) is a draft/);
  const r = prompt(project, 'approve');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planState(project), 'approved');
});

test('OpenCode: text that only looks like approval in a synthetic part (added by OpenCode or a plugin, not typed) approves nothing', () => {
  const project = planProject();
  const r = opencode(project, 'chat-message', (p) => {
    p.output.parts = [{ ...p.output.parts[0], text: 'Where are we?' }, { ...p.output.parts[0], id: 'prt_x', text: 'approve', synthetic: true }];
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planState(project), 'draft');
});

test("OpenCode: `approve` as a subagent's prompt (the task tool's session, named by the plugin) approves nothing and is recorded", async () => {
  const project = planProject();
  const r = opencode(project, 'chat-message', (p) => {
    p.parent_session = 'ses_parent';
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.out, null);
  assert.equal(planState(project), 'draft');
  assert.equal((await events(project)).filter((e) => e.kind === 'opencode:subagent-prompt').length, 1);
});

test("OpenCode: a bash call of the session that has ended does not hold back the person's `approve`", () => {
  const project = planProject();
  const session = fixture('chat-message').input.sessionID as string;
  const before = opencode(project, 'tool-execute-before-bash', (p) => {
    p.input.sessionID = session;
    p.output.args = { command: 'ls', description: 'list' };
  });
  assert.equal(before.code, 0, before.stderr);
  const after = opencode(project, 'tool-execute-after-bash', (p) => {
    p.input.sessionID = session;
    p.input.args = { command: 'ls', description: 'list' };
  });
  assert.equal(after.code, 0, after.stderr);
  assert.equal(prompt(project, 'approve').code, 0);
  assert.equal(planState(project), 'approved');
});

test('OpenCode: a stop at a completed task with the next one known is held with words naming it; the limit lets the fourth through', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  const held = stop(project);
  assert.match(String(held?.hold), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
  const stops = (await events(project)).filter((e) => e.kind === 'Stop');
  assert.equal(stops[0]?.source, 'hook:opencode');
  assert.equal((stops[0]?.input as { last_assistant_message?: string }).last_assistant_message, 'Task 1 is done and committed.');
  for (let i = 2; i <= 3; i++) assert.ok(stop(project, 'Task 1 is done and committed.', true)?.hold, `stop ${i}`);
  const fourth = stop(project, 'Task 1 is done and committed.', true);
  assert.equal(fourth?.hold, undefined);
  assert.match(String(fourth?.message), /blocked 3 times in a row/);
  assert.equal(violations(project)[0]?.kind, 'stopped_at_task_boundary');
});

test('OpenCode: a closure line lets the turn end', () => {
  const project = approvedProject();
  taskDone(project, '1');
  assert.equal(stop(project, 'Task 1 is done.\n\ncontinuity-closure: blocked — the API key is missing')?.hold, undefined);
});

test('OpenCode: write and edit into .continuity/ and the plugin are denied; a bash call writing the locked progress file is denied, a harmless one comes back wrapped in the wall', () => {
  const { project } = draftTddProject();
  const write = opencode(project, 'tool-execute-before-write', (p) => {
    p.output.args = { filePath: join(project, '.continuity', 'forged'), content: 'x' };
  });
  assert.equal(write.code, 0, write.stderr);
  assert.match(String(write.out?.deny), /\.continuity/);
  const edit = opencode(project, 'tool-execute-before-edit', (p) => {
    p.output.args = { filePath: '.opencode/plugins/continuity.js', oldString: 'HOOK', newString: 'NOPE' };
  });
  assert.match(String(edit.out?.deny), /\.opencode\/plugins\/continuity\.js/);
  const sed = opencode(project, 'tool-execute-before-bash', (p) => {
    p.output.args = { command: "sed -i 's/pending/done/' .tdd-progress.md", description: 'tick' };
  });
  assert.match(String(sed.out?.deny), /\.tdd-progress\.md is guarded/);
  const harmless = opencode(project, 'tool-execute-before-bash', (p) => {
    p.output.args = { command: 'cat .tdd-progress.md', description: 'read' };
  });
  assert.equal(harmless.out?.deny, undefined);
  assert.match(String((harmless.out?.args as { command?: string } | undefined)?.command), /bwrap .* -c 'cat \.tdd-progress\.md'$/);
  assert.equal((harmless.out?.args as { description?: string }).description, 'read');
});

test('OpenCode (hooks only): after a bash call that changed the locked progress file, it is put back and the model reads why in the tool output', () => {
  const { project, tracker } = draftTddProject(HOOKS_ONLY_CONFIG);
  const before = opencode(project, 'tool-execute-before-bash', (p) => {
    p.output.args = { command: 'python3 scripts/tick.py', description: 'tick' };
  });
  assert.equal(before.code, 0, before.stderr);
  writeFileSync(join(project, '.tdd-progress.md'), tracker.replace(/pending/g, 'done'));
  const after = opencode(project, 'tool-execute-after-bash', (p) => {
    p.input.args = { command: 'python3 scripts/tick.py', description: 'tick' };
  });
  assert.equal(after.code, 0, after.stderr);
  assert.match(String(after.out?.append), /put back: \.tdd-progress\.md/);
  assert.equal(readFileSync(join(project, '.tdd-progress.md'), 'utf8'), tracker);
});

test('OpenCode: a payload that is not the plugin\'s is one line on stderr and exit 1, never a block', () => {
  const project = planProject();
  const r = agentHook('opencode', project, { hook_event_name: 'tool.execute.before', directory: project, input: {}, output: {} });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^continuity: invalid OpenCode payload: input\.sessionID: missing/);
  assert.equal(r.out, null);
  assert.equal(r.stderr.trim().split('\n').length, 1);
});
