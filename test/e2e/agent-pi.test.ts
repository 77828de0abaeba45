/**
 * `continuity hook pi` end to end: the real CLI, payloads captured from pi
 * 0.73.1 through continuity's extension (test/fixtures/agents/pi-0.73.1/),
 * answers read as the extension reads them.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { NO_STACK, REPO_ROOT } from '../helpers/cli.js';
import { agentHook, draftTddProject, events, HOOKS_ONLY_CONFIG, planProject, planState, taskDone, violations } from '../helpers/agent-hook.js';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'agents', 'pi-0.73.1');

/** A captured payload, moved into `project` (its session file beside it). */
function fixture(name: string, project: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const captured = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, unknown>;
  return { ...captured, session_id: 'pi-session-1', transcript_path: join(project, '.pi-session.jsonl'), cwd: project, ...fields };
}

function pi(project: string, name: string, fields: Record<string, unknown> = {}) {
  const r = agentHook('pi', project, fixture(name, project, fields));
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

/** Approved the way a person approves in pi: the prompt they type (pi's input event, source interactive). */
function approvedProject(files: Record<string, string> = {}): string {
  const project = planProject(files);
  const out = pi(project, 'input');
  assert.equal(planState(project), 'approved');
  assert.match(String(out?.message), /plan payments-export approved/);
  return project;
}

test('pi message_end at a completed task with the next one known: a follow-up naming the next task, which holds the run', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  const out = pi(project, 'message-end');
  assert.match(String(out?.followUp), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
  const stops = (await events(project)).filter((e) => e.kind === 'Stop');
  assert.equal(stops[0]?.source, 'hook:pi');
  assert.equal((stops[0]?.input as { last_assistant_message?: string }).last_assistant_message, 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).');
});

test('pi: a closure line in the message lets the run end; held stops (stop_hook_active) go on until the limit, then a message for the person', () => {
  const closed = approvedProject();
  taskDone(closed, '1');
  assert.equal(pi(closed, 'message-end', { last_assistant_message: 'Task 1 is done.\n\ncontinuity-closure: blocked — the API key is missing' }), null);
  const project = approvedProject();
  taskDone(project, '1');
  for (let i = 1; i <= 3; i++) assert.match(String(pi(project, i > 1 ? 'message-end-held' : 'message-end')?.followUp), /Task 2/, `stop ${i}`);
  const fourth = pi(project, 'message-end-held');
  assert.equal(fourth?.followUp, undefined);
  assert.match(String(fourth?.message), /blocked 3 times in a row/);
  assert.equal(violations(project)[0]?.kind, 'stopped_at_task_boundary');
});

test('pi input: only a prompt pi took from its person approves; a message an extension sent as the user does not', () => {
  const project = planProject();
  assert.equal(pi(project, 'input', { source: 'extension' }), null);
  assert.equal(planState(project), 'draft');
  pi(project, 'input');
  assert.equal(planState(project), 'approved');
});

test("pi tool_call: write and edit into .continuity/ or continuity's extension are blocked with the reason; a harmless bash call comes back wrapped in the wall", () => {
  const project = planProject();
  const write = pi(project, 'tool-call-write', { input: { path: '.continuity/forged', content: 'x' } });
  assert.match(String(write?.block), /^continuity: \.continuity\/forged is guarded: continuity's ledger and config are written only by continuity/);
  const edit = pi(project, 'tool-call-edit');
  assert.match(String(edit?.block), /^continuity: \.pi\/extensions\/continuity\.ts is guarded/);
  const other = pi(project, 'tool-call-write', { input: { path: '.pi/extensions/other.ts', content: 'export default function () {}\n' } });
  assert.match(String(other?.block), /pi runs every file in its extensions folder in its own process, as the person/);
  const remove = pi(project, 'tool-call-bash', { input: { command: 'pi remove npm:@scope/continuity-pi' } });
  assert.match(String(remove?.block), /^continuity: the Bash call was not run: `pi remove` removes packages from the settings that decide which extensions pi loads/);
  const bash = pi(project, 'tool-call-bash', { input: { command: 'ls' } });
  assert.equal(bash?.block, undefined);
  assert.match(String((bash?.input as { command?: string })?.command), /bwrap .* -c 'ls'$/);
});

test('pi tool_call with the wall off: bash writing a locked progress file is blocked; the tool_result records the command the agent asked for', async () => {
  const { project } = draftTddProject(HOOKS_ONLY_CONFIG);
  const denied = pi(project, 'tool-call-bash', { input: { command: "sed -i 's/pending/done/' .tdd-progress.md" } });
  assert.match(String(denied?.block), /\.tdd-progress\.md is guarded/);
  pi(project, 'tool-result-bash');
  const post = (await events(project)).find((e) => e.kind === 'PostToolUse');
  assert.equal((post?.input as { tool_input?: { command?: string } }).tool_input?.command, 'continuity task done 1');
  assert.equal((post?.input as { tool_name?: string }).tool_name, 'Bash');
});

test("pi session_start: the ledger's truth as context for the model", () => {
  const project = approvedProject();
  taskDone(project, '1');
  const out = pi(project, 'session-start');
  assert.match(String(out?.context), /plan payments-export \(docs\/plans\/payments-export\.md, 3 tasks\) is approved .*The next task of the plan is Task 2 "Export endpoint"/s);
});

test('pi: a malformed payload is one line on stderr, exit 1, no stack', () => {
  const project = planProject();
  const r = agentHook('pi', project, { hook_event_name: 'tool_call', session_id: 's', cwd: project, tool_name: 'bash', tool_call_id: 'c1', input: { command: 42 } });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^continuity: invalid pi tool_call payload: input\.command: expected string\n$/);
  assert.doesNotMatch(r.stderr, NO_STACK);
});

test("pi input: an `approve` while pi's session file shows the model's tool call running is not the person's; the plan stays a draft", () => {
  const project = planProject();
  const session = [
    { type: 'session', version: 3, id: 'pi-session-1', timestamp: '2026-12-02T08:15:14.121Z', cwd: project },
    { type: 'message', id: 'a', message: { role: 'user', content: [{ type: 'text', text: 'Look at the plan.' }] } },
    { type: 'message', id: 'b', message: { role: 'assistant', content: [{ type: 'toolCall', id: 'call_1_0', name: 'bash', arguments: { command: 'sh forge.sh' } }], stopReason: 'toolUse' } },
  ];
  writeFileSync(join(project, '.pi-session.jsonl'), session.map((e) => JSON.stringify(e)).join('\n') + '\n');
  const out = pi(project, 'input');
  assert.equal(planState(project), 'draft');
  assert.match(String(out?.message), /was not taken as the person's: the session's turn had not ended: a tool call of it was running/);
  // Another session's file is no record of this one.
  writeFileSync(join(project, '.pi-session.jsonl'), JSON.stringify({ ...session[0], id: 'other' }) + '\n');
  pi(project, 'input');
  assert.equal(planState(project), 'draft');
});
