/**
 * `continuity hook opencode` end to end, for OpenCode's subagents and its
 * compactions: the payloads continuity's OpenCode plugin hands the hook
 * (captured from OpenCode 1.18.33, test/fixtures/agents/opencode-1.18.33/,
 * the project folder swapped), and the delivery watchdog's runs as
 * `continuity status --json` shows them.
 *
 * A `task` call: `tool.execute.before-task` (the dispatch), the child's
 * `chat-message-subagent` (its start) and `text-complete-subagent` (its last
 * step: its end, with its final answer), `tool-execute-after-task` (the
 * answer returned to the caller).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { agentHook, planProject, planState, taskDone } from '../helpers/agent-hook.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents', 'opencode-1.18.33');
const RESULT = 'Review of payments-export: Task 3 "Document the export" has no test step; Tasks 1 and 2 start with a failing test.';
/** The watchdog acts at the first hook point after the child's end (the default grace would wait 30 s). */
const NO_GRACE = { '.continuity/config.json': JSON.stringify({ watchdog: { forwardGraceSeconds: 0 } }) };

function fixture(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Record<string, any>;
}

function opencode(project: string, name: string, change: (p: Record<string, any>) => void = () => {}) {
  const p = fixture(name);
  p.directory = project;
  change(p);
  const r = agentHook('opencode', project, p);
  assert.equal(r.code, 0, r.stderr);
  return r;
}

function runs(project: string): Record<string, any>[] {
  const r = runCli(['status', '--json'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { runs: Record<string, any>[] }).runs;
}

/** The caller's prompt (its session: the one the task call runs in). */
function prompt(project: string, text: string) {
  return opencode(project, 'chat-message', (p) => {
    p.input.sessionID = fixture('tool-execute-before-task').input.sessionID;
    p.output.parts = p.output.parts.map((part: Record<string, unknown>) => (part.type === 'text' ? { ...part, text } : part));
  });
}

test("OpenCode: a task call's answer returned to the caller closes its run: dispatched, the child done with its final answer captured, completed from the tool's result", () => {
  const project = planProject();
  const child = fixture('text-complete-subagent').input.sessionID as string;
  opencode(project, 'tool-execute-before-task');
  opencode(project, 'chat-message-subagent');
  assert.deepEqual(runs(project).map((r) => [r.runId, r.agentType, r.description, r.childSessionKey, r.status]), [['r-1', 'general', 'Review the plan', child, 'active']]);
  const done = opencode(project, 'text-complete-subagent');
  assert.equal(done.out, null, "a subagent's end answers nothing");
  assert.deepEqual(runs(project).map((r) => [r.runId, r.childSessionKey, r.childDone, r.capturedResultChars]), [['r-1', child, true, RESULT.length]]);
  opencode(project, 'tool-execute-after-task');
  const [run] = runs(project);
  assert.equal(run?.status, 'completed');
  assert.equal(run?.resultSource, 'tool_result');
  assert.equal(run?.source, 'opencode');
  assert.deepEqual(run?.recoveryAttempts, []);
});

test("OpenCode: a child done whose answer never reached its caller is done but not forwarded, and the caller's next prompt gets the captured answer (fetch_history), with words for the person", () => {
  const project = planProject(NO_GRACE);
  opencode(project, 'tool-execute-before-task');
  opencode(project, 'chat-message-subagent');
  opencode(project, 'text-complete-subagent');
  assert.equal(runs(project)[0]?.status, 'done_but_not_forwarded');
  const next = prompt(project, 'Is the plan review back?');
  assert.match(String(next.out?.context), /Subagent run r-1 \(general, "Review the plan", dispatched (?:\d+ s ago|just now)\) finished (?:\d+ s ago|just now); its result did not reach this conversation\. continuity delivers it here \(recovery: fetch_history\)\./);
  assert.ok(String(next.out?.context).endsWith(`--- result of subagent run r-1 ---\n${RESULT}\n--- end of result of subagent run r-1 ---`), String(next.out?.context));
  assert.match(String(next.out?.message), /continuity delivered its captured final message \(\d+ characters\) at this prompt \(recovered\)\.$/);
  const [run] = runs(project);
  assert.equal(run?.status, 'recovered');
  assert.deepEqual(run?.recoveryAttempts.map((a: { action: string; outcome: string }) => [a.action, a.outcome]), [['fetch_history', 'delivered']]);
});

test("OpenCode: a subagent's last step at a task boundary is its end, not the caller's stop: nothing is held, no violation", () => {
  const project = planProject();
  const approve = prompt(project, 'approve');
  assert.equal(approve.code, 0);
  assert.equal(planState(project), 'approved');
  taskDone(project, '1');
  opencode(project, 'tool-execute-before-task');
  opencode(project, 'chat-message-subagent');
  const end = opencode(project, 'text-complete-subagent', (p) => {
    p.output.text = 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).';
  });
  assert.equal(end.out, null);
  const r = runCli(['status', '--json'], { cwd: project });
  assert.deepEqual((JSON.parse(r.stdout) as { recentViolations: unknown[] }).recentViolations, []);
});

test("OpenCode: after a compaction, the session's next model request is given the ledger's truth (the next task), in declarative words", () => {
  const project = planProject();
  assert.equal(prompt(project, 'approve').code, 0);
  taskDone(project, '1');
  const r = opencode(project, 'session-compacted');
  assert.match(String(r.out?.context), /1 of 3 tasks are complete\. Last completed: Task 1 "CSV writer"\. The next task of the plan is Task 2 "Export endpoint"/);
  assert.doesNotMatch(String(r.out?.context), /\b(you must|you should|proceed|continue with|do not stop)\b/i);
});
