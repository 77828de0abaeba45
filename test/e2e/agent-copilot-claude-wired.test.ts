/**
 * GitHub Copilot CLI in a project wired for Claude Code alone: it runs
 * `.claude/settings.json`'s hooks, their `command` without its `args`
 * (`continuity` alone, the payload on stdin; captured from 1.0.102 with a
 * hook that dumped its stdin, arguments and environment:
 * test/fixtures/agents/copilot-1.0.102/claude-wired/). That call answers as
 * Copilot CLI's own hook: the rules hold there, nothing is denied for a
 * usage error.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { events, planProject, planState, taskDone } from '../helpers/agent-hook.js';

const SESSION = 'copilot-session-1';
const CAPTURED_PROJECT = '/work/scratch-copilot/proj';
const CAPTURED_HOME = '/work/scratch-copilot/home';

function fixture(name: string, project: string, home: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const text = readFileSync(new URL(`../fixtures/agents/copilot-1.0.102/claude-wired/${name}.json`, import.meta.url), 'utf8');
  const p = JSON.parse(text.split(CAPTURED_PROJECT).join(project).split(CAPTURED_HOME).join(home)) as Record<string, unknown>;
  p.session_id = SESSION;
  if (typeof p.transcript_path === 'string') p.transcript_path = record(home);
  return { ...p, ...over };
}

function record(home: string): string {
  return join(home, '.copilot', 'session-state', SESSION, 'events.jsonl');
}

function writeRecord(home: string, events: Record<string, unknown>[]): void {
  mkdirSync(join(home, '.copilot', 'session-state', SESSION), { recursive: true });
  const start = { type: 'session.start', data: { sessionId: SESSION, copilotVersion: '1.0.102' } };
  writeFileSync(record(home), [start, ...events].map((e) => JSON.stringify(e)).join('\n') + '\n');
}

/** A project with a plan, wired by `continuity init --agent claude-code` only; its home. */
function claudeOnlyProject(): { project: string; home: string } {
  const project = planProject();
  const home = join(project, '..', `${project.split('/').pop()}-home`);
  mkdirSync(home, { recursive: true });
  const r = runCli(['init', '--agent', 'claude-code', '--no-gitignore'], { cwd: project, env: { HOME: home } });
  assert.equal(r.code, 0, r.stderr);
  writeRecord(home, []);
  return { project, home };
}

/** The variables Copilot CLI set for that hook (claude-wired/environment.txt). */
function copilotEnv(project: string, home: string): NodeJS.ProcessEnv {
  return { HOME: home, COPILOT_CLI: '1', COPILOT_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project };
}

/** `args` as Copilot CLI passes them: none, in 1.0.102. */
function hook(args: string[], project: string, home: string, payload: Record<string, unknown>) {
  const r = runCli(args, { cwd: project, input: JSON.stringify(payload), env: copilotEnv(project, home) });
  const text = r.stdout.trim();
  return { ...r, out: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

test("Copilot CLI in a project wired for Claude Code only: `continuity` with no arguments answers as Copilot CLI's hook; the person's `approve` approves, a write to .continuity/ through create is denied in Copilot CLI's fields, and the call is recorded as Copilot CLI's", async () => {
  const { project, home } = claudeOnlyProject();
  const approve = hook([], project, home, fixture('user-prompt-submit-approve', project, home));
  assert.equal(approve.code, 0, approve.stderr);
  assert.equal(planState(project), 'approved');
  assert.match(String(approve.out?.additionalContext), /plan payments-export approved/);
  const forged = hook([], project, home, fixture('pre-tool-use-write', project, home, { tool_input: { path: join(project, '.continuity', 'forged'), file_text: 'x' } }));
  assert.equal(forged.code, 0, forged.stderr);
  assert.equal(forged.out?.permissionDecision, 'deny');
  assert.match(String(forged.out?.permissionDecisionReason), /\.continuity/);
  const ordinary = hook([], project, home, fixture('pre-tool-use-write', project, home));
  assert.equal(ordinary.code, 0, ordinary.stderr);
  assert.equal(ordinary.out, null);
  const recorded = (await events(project)).filter((e) => e.kind === 'UserPromptSubmit' || e.kind === 'PreToolUse');
  assert.deepEqual(recorded.map((e) => e.source), ['hook:copilot', 'hook:copilot', 'hook:copilot']);
});

test('Copilot CLI in a project wired for Claude Code only: its Stop at the Task 1 boundary is held, the reason naming Task 2, in Copilot CLI\'s `decision: block`', () => {
  const { project, home } = claudeOnlyProject();
  assert.equal(hook([], project, home, fixture('user-prompt-submit-approve', project, home)).code, 0);
  taskDone(project, '1');
  const payload = fixture('stop', project, home);
  // The stop's own hook.start carries the payload's time in its input, as Copilot CLI records it.
  writeRecord(home, [{ type: 'user.message', data: { content: 'Execute the plan.' } }, { type: 'assistant.message', data: { content: 'Task 1 is done and committed.', toolRequests: [] } }, { type: 'assistant.turn_end', data: { turnId: '1' } }, { type: 'hook.start', data: { hookType: 'agentStop', input: { timestamp: Date.parse(String(payload.timestamp)) } } }]);
  const r = hook([], project, home, payload);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.out?.decision, 'block');
  assert.match(String(r.out?.reason), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
});

test('`continuity hook claude-code` started by Copilot CLI in a project wired for Claude Code only reads the payload as Copilot CLI\'s: create\'s `path` into .continuity/ is denied', () => {
  const { project, home } = claudeOnlyProject();
  const r = hook(['hook', 'claude-code'], project, home, fixture('pre-tool-use-write', project, home, { tool_input: { path: join(project, '.continuity', 'forged'), file_text: 'x' } }));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.out?.permissionDecision, 'deny', r.stdout);
});

test('outside Copilot CLI, `continuity` with no arguments is still the usage error, whatever is on stdin', () => {
  const { project, home } = claudeOnlyProject();
  const r = runCli([], { cwd: project, input: JSON.stringify(fixture('pre-tool-use-bash', project, home)), env: { HOME: home } });
  assert.equal(r.code, 2);
  assert.match(r.stdout, /usage/i);
});
