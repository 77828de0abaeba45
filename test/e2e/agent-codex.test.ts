/**
 * `continuity hook codex` end to end: the real CLI, payloads shaped as
 * Codex's hook engine sends them (codex-rs/hooks/schema/generated), answers
 * read as Codex reads them (exit 0, JSON on stdout).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { NO_STACK, runCli } from '../helpers/cli.js';
import { codexWallBlock } from '../../src/install/targets/codex-wall.js';
import { codexWallPaths } from '../../src/install/wall-spec.js';
import { agentHook, draftTddProject, events, planProject, planState, taskDone, violations } from '../helpers/agent-hook.js';

const SESSION = '019d036d-c7fa-72d2-b6fd-78878bfe34e4';

function codex(project: string, fields: Record<string, unknown>) {
  return agentHook('codex', project, { session_id: SESSION, turn_id: 'turn-1', transcript_path: null, cwd: project, model: 'gpt-5-codex', permission_mode: 'default', ...fields });
}

function stop(project: string, stopHookActive = false, message: string | null = 'Task 1 is done and committed.') {
  const r = codex(project, { hook_event_name: 'Stop', stop_hook_active: stopHookActive, last_assistant_message: message });
  assert.equal(r.code, 0, r.stderr);
  return r.out;
}

/** Approved the way a person approves in Codex: the prompt they submit. */
function approvedProject(): string {
  const project = planProject();
  const r = codex(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planState(project), 'approved');
  assert.equal((r.out?.hookSpecificOutput as { hookEventName?: string })?.hookEventName, 'UserPromptSubmit');
  return project;
}

test('Codex Stop at a completed task with the next one known is blocked: decision block, the reason naming the next task', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  const out = stop(project);
  assert.deepEqual(Object.keys(out ?? {}).sort(), ['decision', 'reason']);
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /Task 1 "CSV writer" of the approved plan payments-export is complete/);
  assert.match(String(out?.reason), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
  const stops = (await events(project)).filter((e) => e.kind === 'Stop');
  assert.equal(stops[0]?.source, 'hook:codex');
});

test('Codex SessionStart brings back the ledger\'s state and names the layer in force for Codex (its sandbox with the wall, or the hooks and why), not Claude Code\'s settings', () => {
  const project = approvedProject();
  // Codex's config as the person's own home has it: none.
  const home = mkdtempSync(join(tmpdir(), 'continuity-codex-home-'));
  const env = { HOME: home, CODEX_HOME: join(home, '.codex') };
  const start = () => {
    const r = agentHook('codex', project, { session_id: SESSION, turn_id: 'turn-1', transcript_path: null, cwd: project, model: 'gpt-5-codex', permission_mode: 'default', hook_event_name: 'SessionStart', source: 'compact' }, env);
    assert.equal(r.code, 0, r.stderr);
    return String((r.out?.hookSpecificOutput as { additionalContext?: string }).additionalContext);
  };
  const context = start();
  assert.match(context, /plan payments-export \(docs\/plans\/payments-export\.md, 3 tasks\) is approved/);
  assert.match(context, /continuity's state is guarded by its hooks only \(no Codex config selects continuity's permission profile \(default_permissions\)\)\./);
  assert.doesNotMatch(context, /Claude Code/);
  // The wall `continuity init --agent codex` writes.
  mkdirSync(join(project, '.codex'), { recursive: true });
  writeFileSync(join(project, '.codex', 'config.toml'), codexWallBlock(codexWallPaths([])));
  assert.match(start(), /continuity's state and hook wiring are read-only to the agent's commands \(Codex's sandbox\); the agent's own continuity commands are taken in by the hooks\./);
  // A sandbox_mode beside the profile makes Codex ignore the profile.
  writeFileSync(join(project, '.codex', 'config.toml'), `${codexWallBlock(codexWallPaths([]))}sandbox_mode = "workspace-write"\n`);
  assert.match(start(), /guarded by its hooks only \(sandbox_mode is set in \.codex\/config\.toml: Codex then ignores default_permissions/);
});

test('Codex: subagent runs (a spawn_agent dispatch, a child seen only at its SubagentStart) are recorded as Codex\'s', () => {
  const project = approvedProject();
  const spawn = { tool_name: 'spawn_agent', tool_use_id: 'call_scripted_1', tool_input: { message: 'Write the CSV writer and report.' } };
  assert.equal(codex(project, { hook_event_name: 'PreToolUse', ...spawn }).code, 0);
  assert.equal(codex(project, { hook_event_name: 'PostToolUse', ...spawn, tool_response: JSON.stringify({ agent_id: 'child-spawned', nickname: 'Carson' }) }).code, 0);
  assert.equal(codex(project, { hook_event_name: 'SubagentStart', agent_id: 'child-without-dispatch', agent_type: 'explorer' }).code, 0);
  const runs = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).runs as { source: string; childSessionKey: string | null }[];
  assert.equal(runs.length, 2, JSON.stringify(runs));
  assert.deepEqual(runs.map((r) => [r.childSessionKey, r.source]).sort(), [['child-spawned', 'codex'], ['child-without-dispatch', 'codex']]);
});

test('Codex: a closure line in the final message lets the stop through', () => {
  const project = approvedProject();
  taskDone(project, '1');
  assert.equal(stop(project, false, 'Task 1 is done.\n\ncontinuity-closure: waiting_user — which export format?'), null);
});

test('Codex: stop_hook_active does not end the gate; continuity\'s loop limit lets the fourth stop through, told to the user and recorded', () => {
  const project = approvedProject();
  taskDone(project, '1');
  for (let i = 1; i <= 3; i++) {
    const out = stop(project, i > 1);
    assert.equal(out?.decision, 'block', `stop ${i}`);
    assert.match(String(out?.reason), new RegExp(`block ${i} of 3`));
  }
  const fourth = stop(project, true);
  assert.equal(fourth?.decision, undefined);
  assert.match(String(fourth?.systemMessage), /continuity failure .* blocked 3 times in a row/);
  assert.equal(violations(project)[0]?.kind, 'stopped_at_task_boundary');
});

test('Codex Bash writing a locked progress file is denied with permissionDecision deny', () => {
  const { project } = draftTddProject();
  const r = codex(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'call-1', tool_input: { command: 'echo "**Status:** done" >> .tdd-progress.md' } });
  assert.equal(r.code, 0, r.stderr);
  const specific = r.out?.hookSpecificOutput as Record<string, unknown>;
  assert.deepEqual(Object.keys(r.out ?? {}), ['hookSpecificOutput']);
  assert.equal(specific.hookEventName, 'PreToolUse');
  assert.equal(specific.permissionDecision, 'deny');
  assert.match(String(specific.permissionDecisionReason), /\.tdd-progress\.md is guarded: it is the progress tracker of plan tdd-progress, which is not approved/);
  assert.equal(violations(project)[0]?.kind, 'guarded_write_denied');
});

test('Codex apply_patch touching a locked progress file is denied; the other files of the patch are named in the ledger', async () => {
  const { project } = draftTddProject();
  const patch = '*** Begin Patch\n*** Add File: src/tokenizer.ts\n+export {};\n*** Update File: .tdd-progress.md\n@@\n-**Status:** pending\n+**Status:** done\n*** End Patch\n';
  const r = codex(project, { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_use_id: 'call-2', tool_input: { command: patch } });
  assert.equal(r.code, 0, r.stderr);
  const specific = r.out?.hookSpecificOutput as Record<string, unknown>;
  assert.equal(specific.permissionDecision, 'deny');
  assert.match(String(specific.permissionDecisionReason), /\.tdd-progress\.md is guarded/);
  const pre = (await events(project)).filter((e) => e.kind === 'PreToolUse' && e.source === 'hook:codex');
  assert.deepEqual(pre.map((e) => (e.input as { tool_input: { file_path: string } }).tool_input.file_path).sort(), ['.tdd-progress.md', 'src/tokenizer.ts']);
});

test('Codex: a harmless command gets no output; a script\'s write to the tracker is put back after, with decision block', () => {
  const { project, tracker } = draftTddProject();
  const harmless = codex(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'call-3', tool_input: { command: 'npm test' } });
  assert.equal(harmless.code, 0, harmless.stderr);
  assert.equal(harmless.stdout, '');
  const path = join(project, '.tdd-progress.md');
  // What the agent's script did, outside any hook.
  writeFileSync(path, tracker.replace('**Status:** pending', '**Status:** done'));
  const after = codex(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'call-4', tool_input: { command: 'python3 scripts/tick.py' }, tool_response: '' });
  assert.equal(after.code, 0, after.stderr);
  assert.equal(after.out?.decision, 'block');
  assert.match(String(after.out?.reason), /put back: \.tdd-progress\.md \(content restored\)/);
  assert.equal(readFileSync(path, 'utf8'), tracker);
});

test('Codex: a malformed payload is one line on stderr and exit 1 (never 2), and is recorded', async () => {
  const { project } = draftTddProject();
  const r = agentHook('codex', project, { session_id: SESSION, hook_event_name: 'PreToolUse', cwd: project, tool_name: 'Bash', tool_input: { cmd: 'tee .tdd-progress.md' } });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'continuity: invalid Codex PreToolUse payload: tool_input.command: expected string\n');
  assert.doesNotMatch(r.stderr, NO_STACK);
  const malformed = (await events(project)).filter((e) => e.kind === 'malformed-payload');
  assert.deepEqual(malformed.map((e) => e.source), ['hook:codex']);
});

test('Codex: an invalid config does not switch the Stop gate off (a failing hook would let the agent stop)', () => {
  const project = approvedProject();
  taskDone(project, '1');
  writeFileSync(join(project, '.continuity', 'config.json'), '{ "stopGate": { "maxConsecutiveBlocks": 0 } }');
  const r = codex(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done and committed.' });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.out?.decision, 'block');
  assert.match(String(r.out?.reason), /Task 2 "Export endpoint"/);
  assert.match(String(r.out?.systemMessage), /config\.json cannot be used .*stopGate\.maxConsecutiveBlocks/);
});

test('`continuity hook --help` names every agent', () => {
  const r = runCli(['hook', '--help'], { cwd: tmpdir() });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /continuity hook claude-code\|codex\|gemini\|cursor/);
});
