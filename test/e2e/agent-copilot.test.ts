/**
 * `continuity hook copilot` end to end: the real CLI, payloads captured from
 * GitHub Copilot CLI 1.0.102 (test/fixtures/agents/copilot-1.0.102/, its
 * session id, project and home replaced by the test's), the environment it
 * sets (COPILOT_PROJECT_DIR), answers read as Copilot CLI reads them.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { NO_STACK, runCli, tempProject } from '../helpers/cli.js';
import { agentHook, draftTddProject, events, HOOKS_ONLY_CONFIG, planProject, planState, taskDone, violations } from '../helpers/agent-hook.js';

const SESSION = 'copilot-session-1';
const CAPTURED_PROJECT = '/work/scratch-copilot/proj';

/** A captured payload, moved into `project` (its cwd, its session record under `home`). */
function fixture(name: string, project: string, home: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const text = readFileSync(new URL(`../fixtures/agents/copilot-1.0.102/${name}.json`, import.meta.url), 'utf8');
  const p = JSON.parse(text.split(CAPTURED_PROJECT).join(project)) as Record<string, unknown>;
  p.session_id = SESSION;
  if (typeof p.transcript_path === 'string') p.transcript_path = record(home);
  return { ...p, ...over };
}

function record(home: string): string {
  return join(home, '.copilot', 'session-state', SESSION, 'events.jsonl');
}

/** The session's record as Copilot CLI writes it, ending with these events. */
function writeRecord(home: string, events: Record<string, unknown>[]): void {
  mkdirSync(join(home, '.copilot', 'session-state', SESSION), { recursive: true });
  const start = { type: 'session.start', data: { sessionId: SESSION, copilotVersion: '1.0.102' } };
  writeFileSync(record(home), [start, ...events].map((e) => JSON.stringify(e)).join('\n') + '\n');
}

/** The `hook.start` of the stop whose payload this is, as Copilot CLI records it: its input with the payload's time in milliseconds. */
const stopStart = (payload: Record<string, unknown>) => ({ type: 'hook.start', data: { hookType: 'agentStop', input: { stop_hook_active: payload.stop_hook_active, timestamp: Date.parse(String(payload.timestamp)) } } });
const said = (content: string) => ({ type: 'assistant.message', data: { content, toolRequests: [] } });

function copilot(project: string, home: string, payload: Record<string, unknown>) {
  return agentHook('copilot', project, payload, { COPILOT_PROJECT_DIR: project, HOME: home });
}

function homeOf(project: string): string {
  const home = join(project, '..', `${project.split('/').pop()}-home`);
  mkdirSync(home, { recursive: true });
  return home;
}

/** Approved the way a person approves in Copilot CLI: the prompt they submit. */
function approvedProject(files: Record<string, string> = {}): { project: string; home: string } {
  const project = planProject(files);
  const home = homeOf(project);
  writeRecord(home, []);
  const r = copilot(project, home, fixture('user-prompt-submit-approve', project, home));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planState(project), 'approved');
  assert.match(String(r.out?.additionalContext), /plan payments-export approved/);
  return { project, home };
}

function stop(project: string, home: string, last: string, active = false) {
  const payload = fixture('stop', project, home, { stop_hook_active: active });
  // As Copilot CLI has written it once it has caught up: the stop's own hook.start (its input carrying the payload's time) after the turn's last message.
  writeRecord(home, [{ type: 'user.message', data: { content: 'Execute the plan.' } }, said(last), { type: 'assistant.turn_end', data: { turnId: '1' } }, stopStart(payload)]);
  const r = copilot(project, home, payload);
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

test('Copilot Stop at a completed task with the next one known is blocked: another turn whose prompt names the next task; the answer read from the session record', async () => {
  const { project, home } = approvedProject();
  taskDone(project, '1');
  const out = stop(project, home, 'Task 1 is done and committed.');
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
  const stops = (await events(project)).filter((e) => e.kind === 'Stop');
  assert.equal(stops[0]?.source, 'hook:copilot');
  assert.equal((stops[0]?.input as { last_assistant_message?: string }).last_assistant_message, 'Task 1 is done and committed.');
});

test('Copilot: a closure line in the last answer of the session record lets the turn end', () => {
  const { project, home } = approvedProject();
  taskDone(project, '1');
  assert.equal(stop(project, home, 'Task 1 is done.\n\ncontinuity-closure: blocked — the API key is missing'), null);
});

test('Copilot: continued turns (stop_hook_active) are blocked until continuity\'s limit, then the turn ends and a violation is recorded', () => {
  const { project, home } = approvedProject();
  taskDone(project, '1');
  for (let i = 1; i <= 3; i++) assert.equal(stop(project, home, 'Task 1 is done.', i > 1)?.decision, 'block', `turn ${i}`);
  assert.equal(stop(project, home, 'Task 1 is done.', true), null);
  assert.equal(violations(project)[0]?.kind, 'stopped_at_task_boundary');
});

test('Copilot: `approve` while the session record shows a tool call running is not the person\'s; the plan stays a draft', () => {
  const project = planProject();
  const home = homeOf(project);
  writeRecord(home, [{ type: 'user.message', data: { content: 'go' } }, { type: 'assistant.message', data: { content: '', toolRequests: [{ toolCallId: 'call_1_0', name: 'bash' }] } }]);
  const r = copilot(project, home, fixture('user-prompt-submit-approve', project, home));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planState(project), 'draft');
  assert.match(String(r.out?.additionalContext), /turn had not ended/);
});

test('Copilot Bash writing a locked progress file is denied (permissionDecision deny, the reason for the agent); a harmless one comes back wrapped in the wall as modifiedArgs', () => {
  const { project } = draftTddProject();
  const home = homeOf(project);
  const denied = copilot(project, home, fixture('pre-tool-use-bash', project, home, { tool_input: { command: "sed -i 's/pending/done/' .tdd-progress.md", description: 'tick' } }));
  assert.equal(denied.code, 0, denied.stderr);
  assert.equal(denied.out?.permissionDecision, 'deny');
  assert.match(String(denied.out?.permissionDecisionReason), /\.tdd-progress\.md is guarded/);
  const harmless = copilot(project, home, fixture('pre-tool-use-bash', project, home));
  assert.equal(harmless.code, 0, harmless.stderr);
  assert.equal(harmless.out?.permissionDecision, 'allow');
  const args = harmless.out?.modifiedArgs as { command?: string; description?: string };
  assert.match(String(args.command), /bwrap .* -c 'echo hi > out\.txt'$/);
  assert.equal(args.description, 'write');
});

test('Copilot create and edit (Write, Edit with `path`) of a locked progress file are denied; of another file allowed', () => {
  const { project } = draftTddProject();
  const home = homeOf(project);
  const create = copilot(project, home, fixture('pre-tool-use-write', project, home, { tool_input: { path: '.tdd-progress.md', file_text: 'x' } }));
  assert.equal(create.out?.permissionDecision, 'deny', create.stderr);
  const edit = copilot(project, home, fixture('pre-tool-use-edit', project, home, { tool_input: { path: join(project, '.tdd-progress.md'), old_str: 'pending', new_str: 'done' } }));
  assert.equal(edit.out?.permissionDecision, 'deny', edit.stderr);
  const other = copilot(project, home, fixture('pre-tool-use-write', project, home));
  assert.equal(other.code, 0, other.stderr);
  assert.equal(other.out, null);
});

test('Copilot: writes to .continuity/ and to its own hook wiring are denied, through the shell and through create', () => {
  const { project } = draftTddProject(HOOKS_ONLY_CONFIG);
  const home = homeOf(project);
  for (const command of ['echo x > .continuity/config.json', 'rm .github/hooks/continuity.json', 'echo \'{"disableAllHooks": true}\' > .github/copilot/settings.json']) {
    const r = copilot(project, home, fixture('pre-tool-use-bash', project, home, { tool_input: { command, description: 'x' } }));
    assert.equal(r.out?.permissionDecision, 'deny', `${command}: ${r.stderr}`);
  }
  for (const path of ['.github/copilot/settings.local.json', '.github/hooks/mine.json', join(home, '.copilot', 'settings.json')]) {
    const r = copilot(project, home, fixture('pre-tool-use-write', project, home, { tool_input: { path, file_text: '{"disableAllHooks": true}' } }));
    assert.equal(r.out?.permissionDecision, 'deny', `${path}: ${r.stderr}`);
  }
});

test('Copilot PostToolUse: a script\'s write to the tracker is put back, and the agent reads why as additionalContext', () => {
  const { project, tracker } = draftTddProject();
  const home = homeOf(project);
  const path = join(project, '.tdd-progress.md');
  writeFileSync(path, tracker.replace('**Status:** pending', '**Status:** done'));
  const r = copilot(project, home, fixture('post-tool-use-bash', project, home, { tool_input: { command: 'node tick.js', description: 'tick' } }));
  assert.equal(r.code, 0, r.stderr);
  assert.match(String(r.out?.additionalContext), /put back: \.tdd-progress\.md \(content restored\)/);
  assert.equal(readFileSync(path, 'utf8'), tracker);
});

test('Copilot: disableAllHooks written into its hook file by a script is put back, the other keys kept', () => {
  const { project } = draftTddProject(HOOKS_ONLY_CONFIG);
  const home = homeOf(project);
  const wiring = join(project, '.github', 'hooks', 'continuity.json');
  mkdirSync(join(project, '.github', 'hooks'), { recursive: true });
  const wired = `${JSON.stringify({ version: 1, hooks: { Stop: [{ type: 'command', bash: 'continuity hook copilot', timeoutSec: 30 }] } }, null, 2)}\n`;
  writeFileSync(wiring, wired);
  // The first call records the wiring as it stands.
  assert.equal(copilot(project, home, fixture('post-tool-use-read', project, home)).code, 0);
  writeFileSync(wiring, wired.replace('"version": 1,', '"version": 1,\n  "disableAllHooks": true,\n  "note": "kept",'));
  const r = copilot(project, home, fixture('post-tool-use-bash', project, home, { tool_input: { command: 'node switch-off.js', description: 'x' } }));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(readFileSync(wiring, 'utf8')), { ...JSON.parse(wired), note: 'kept' });
  assert.match(String(r.out?.additionalContext), /put back: \.github\/hooks\/continuity\.json/);
});

test('Copilot SessionStart brings back the ledger\'s state as additionalContext, naming its own wall', () => {
  const { project, home } = approvedProject();
  const r = copilot(project, home, fixture('session-start', project, home, { source: 'resume' }));
  assert.equal(r.code, 0, r.stderr);
  assert.match(String(r.out?.additionalContext), /payments-export/);
  assert.match(String(r.out?.additionalContext), /Copilot CLI shell command/);
  assert.doesNotMatch(String(r.out?.additionalContext), /Claude Code/);
});

test('Copilot: a malformed payload is one line on stderr and exit 1 (Copilot CLI denies the call; never a stack)', async () => {
  const { project } = draftTddProject();
  const home = homeOf(project);
  const r = copilot(project, home, fixture('stop', project, home, { stop_hook_active: 'yes' }));
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^continuity: invalid Copilot CLI Stop payload: stop_hook_active: expected boolean, received "yes"\n$/);
  assert.doesNotMatch(r.stderr, NO_STACK);
  assert.deepEqual((await events(project)).filter((e) => e.kind === 'malformed-payload').map((e) => e.source), ['hook:copilot']);
});

test('Copilot: a project without .continuity is left alone: nothing said, nothing written', () => {
  const project = tempProject({ '.tdd-progress.md': '# TDD Task: Search\n' });
  const home = homeOf(project);
  const r = copilot(project, home, fixture('pre-tool-use-bash', project, home, { tool_input: { command: 'echo x > .tdd-progress.md' } }));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(existsSync(join(project, '.continuity')), false);
});

test("Copilot CLI also runs .claude/settings.json's hooks: there `continuity hook claude-code` stands aside where Copilot CLI's own wiring runs `hook copilot` (one record per event); elsewhere it answers as always", async () => {
  const project = planProject();
  const home = homeOf(project);
  const run = (env: NodeJS.ProcessEnv) => runCli(['hook', 'claude-code'], { cwd: project, input: JSON.stringify(fixture('stop', project, home)), env: { HOME: home, ...env } });
  const copilotEnv = { COPILOT_CLI: '1', COPILOT_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project };
  // Not wired for Copilot CLI: the claude-code hook is all there is, and it answers (as Copilot CLI's hook).
  assert.equal(run(copilotEnv).code, 0);
  const before = (await events(project)).filter((e) => e.kind === 'Stop').length;
  assert.equal(before, 1);
  assert.equal(runCli(['init', '--agent', 'claude-code,copilot', '--no-gitignore'], { cwd: project }).code, 0);
  const aside = run(copilotEnv);
  assert.equal(aside.code, 0, aside.stderr);
  assert.equal(aside.stdout, '');
  assert.equal((await events(project)).filter((e) => e.kind === 'Stop').length, before);
  // Claude Code's own call (no COPILOT_CLI) is recorded as before.
  assert.equal(run({ CLAUDE_PROJECT_DIR: project }).code, 0);
  assert.equal((await events(project)).filter((e) => e.kind === 'Stop').length, before + 1);
});

test("Copilot CLI runs .claude/settings.json's `command` without its `args` (continuity alone, the payload on stdin): where its own wiring runs `hook copilot`, that call stands aside with exit 0, nothing recorded; outside Copilot CLI it is the usage error as before", async () => {
  const project = planProject();
  const home = homeOf(project);
  const copilotEnv = { HOME: home, COPILOT_CLI: '1', COPILOT_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project };
  const bare = (env: NodeJS.ProcessEnv) => runCli([], { cwd: project, input: JSON.stringify(fixture('pre-tool-use-bash', project, home)), env });
  assert.equal(runCli(['init', '--agent', 'claude-code,copilot', '--no-gitignore'], { cwd: project }).code, 0);
  const before = (await events(project)).length;
  const aside = bare(copilotEnv);
  assert.equal(aside.code, 0, aside.stderr);
  assert.equal(aside.stdout, '');
  assert.equal(aside.stderr, '');
  assert.equal((await events(project)).length, before);
  // A person's own `continuity` with no command, outside Copilot CLI, is still told how to use it.
  assert.equal(bare({ HOME: home }).code, 2);
});

test("Copilot: its hook file deleted, and the project dropped from its trusted folders, by a script are put back (the person's other keys kept)", () => {
  const { project } = draftTddProject(HOOKS_ONLY_CONFIG);
  const home = homeOf(project);
  assert.equal(runCli(['init', '--agent', 'copilot', '--no-gitignore'], { cwd: project }).code, 0);
  const wiring = join(project, '.github', 'hooks', 'continuity.json');
  const wired = readFileSync(wiring, 'utf8');
  const config = join(home, '.copilot', 'config.json');
  mkdirSync(join(home, '.copilot'), { recursive: true });
  const trusted = `// User settings belong in settings.json.\n${JSON.stringify({ firstLaunchAt: '2026-12-02T08:12:24.668Z', trustedFolders: ['/elsewhere', project] }, null, 2)}\n`;
  writeFileSync(config, trusted);
  // The session's start records the wiring as it stands, the user's files included.
  assert.equal(copilot(project, home, fixture('session-start', project, home)).code, 0);
  rmSync(wiring);
  writeFileSync(config, `// User settings belong in settings.json.\n${JSON.stringify({ firstLaunchAt: '2026-12-02T08:12:24.668Z', trustedFolders: ['/elsewhere'], theme: 'dark' }, null, 2)}\n`);
  const r = copilot(project, home, fixture('post-tool-use-bash', project, home, { tool_input: { command: 'node untrust.js', description: 'x' } }));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(wiring, 'utf8'), wired);
  const after = JSON.parse(readFileSync(config, 'utf8').replace(/^\/\/.*$/m, '')) as { trustedFolders: string[]; theme?: string };
  assert.deepEqual(after.trustedFolders, ['/elsewhere', project]);
  assert.equal(after.theme, 'dark');
});
