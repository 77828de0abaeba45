/**
 * Two agents at once on one plan: Claude Code and Codex, their hooks and
 * their own commands running at the same moment against the same ledger.
 * A task both mark done is recorded once; both Stop gates name the same
 * next task; no record of either client's hooks is lost.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { HOOKS_ONLY_CONFIG, planProject } from '../helpers/agent-hook.js';
import { cliCommand, cliEnv, runCli, runCliAsync, payload } from '../helpers/cli.js';
import { runUnderClientAsync } from '../helpers/stand-in-client.js';
import { BWRAP, wallArgs } from '../helpers/wall.js';

const CODEX = '019d036d-c7fa-72d2-b6fd-78878bfe34e4';
const CLAUDE = '9f1c2d3e-7a5b-4c7d-8e9f-0a1b2c3d4e5f';

const codexHook = (project: string, fields: Record<string, unknown>) =>
  runCliAsync(['hook', 'codex'], { cwd: project, input: JSON.stringify({ session_id: CODEX, turn_id: 'turn-1', transcript_path: null, cwd: project, model: 'gpt-5-codex', permission_mode: 'default', ...fields }) });
const claudeHook = (project: string, fields: Record<string, unknown>) =>
  runCliAsync(['hook', 'claude-code'], { cwd: project, input: payload(project, fields, CLAUDE), env: { CLAUDE_PROJECT_DIR: project } });

function logJson(project: string, args: string[]): { kind: string; client: string; sessionId: string | null; input: Record<string, unknown>; decision: Record<string, unknown> }[] {
  const r = runCli(['log', '--json', '--limit', '10000', ...args], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** An approved plan, approved the way a person does in Codex: the prompt they submit. */
async function approvedProject(): Promise<string> {
  const project = planProject(HOOKS_ONLY_CONFIG);
  const r = await codexHook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).state, 'approved');
  return project;
}

test('Claude Code and Codex mark the same task done at the same moment: recorded once; both Stop gates then name the same next task', async () => {
  const project = await approvedProject();
  const call = (id: string) => ({ tool_name: 'Bash', tool_use_id: id, tool_input: { command: 'continuity task done 1' } });
  await Promise.all([claudeHook(project, { hook_event_name: 'PreToolUse', ...call('toolu_c1') }), codexHook(project, { hook_event_name: 'PreToolUse', ...call('call_x1') })]);
  const [fromClaude, fromCodex] = await Promise.all([
    runUnderClientAsync(['task', 'done', '1'], { cwd: project, client: 'claude', env: { CLAUDE_CODE_SESSION_ID: CLAUDE } }),
    runUnderClientAsync(['task', 'done', '1'], { cwd: project, client: 'codex' }),
  ]);
  assert.equal(fromClaude.code, 0, fromClaude.stderr);
  assert.equal(fromCodex.code, 0, fromCodex.stderr);
  const lines = [fromClaude.stdout, fromCodex.stdout];
  assert.equal(lines.filter((l) => /Task 1 "CSV writer" of plan payments-export is complete/.test(l)).length, 1, lines.join('\n'));
  assert.equal(lines.filter((l) => /Task 1 "CSV writer" of plan payments-export was already complete \(recorded .* by (claude-code|codex), session .*\); nothing new was recorded\./.test(l)).length, 1, lines.join('\n'));

  const done = logJson(project, ['--event', 'task.done']);
  assert.equal(done.length, 1, 'one completion recorded');
  const repeated = logJson(project, ['--event', 'task.done.repeated']);
  assert.equal(repeated.length, 1, 'the other attempt is in the audit trail, as a repeat');
  assert.notEqual(repeated[0]!.client, done[0]!.client);
  assert.equal(repeated[0]!.decision.recordedBy, done[0]!.client);
  const status = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout);
  const by = status.plan.tasks.find((t: { id: string }) => t.id === '1').recordedBy;
  assert.deepEqual([by.client, by.sessionId], [done[0]!.client, done[0]!.client === 'codex' ? CODEX : CLAUDE]);

  // Each shell call ends; both agents try to stop at once.
  await Promise.all([
    claudeHook(project, { hook_event_name: 'PostToolUse', ...call('toolu_c1'), tool_response: { stdout: '', stderr: '' } }),
    codexHook(project, { hook_event_name: 'PostToolUse', ...call('call_x1'), tool_response: '' }),
  ]);
  const [claudeStop, codexStop] = await Promise.all([
    claudeHook(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done.' }),
    codexHook(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done.' }),
  ]);
  for (const [who, r] of [['Claude Code', claudeStop], ['Codex', codexStop]] as const) {
    assert.equal(r.code, 0, `${who}: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as { decision?: string; reason?: string };
    assert.equal(out.decision, 'block', `${who}: ${r.stdout}`);
    assert.match(String(out.reason), /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/, who);
  }
  const stops = logJson(project, ['--event', 'Stop']);
  assert.deepEqual(stops.map((s) => [s.client, s.decision.boundary]).sort(), [['claude-code', stops[0]!.decision.boundary], ['codex', stops[0]!.decision.boundary]]);
});

test('hooks of both clients at once, many calls each: every call is recorded once, under its own client and session', async () => {
  const project = await approvedProject();
  const N = 12;
  const calls: Promise<{ code: number; stderr: string }>[] = [];
  for (let i = 0; i < N; i++) {
    const command = `cat notes-${i}.txt`;
    calls.push(claudeHook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: `toolu_${i}`, tool_input: { command }, tool_response: { stdout: '', stderr: '' } }));
    calls.push(codexHook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: `call_${i}`, tool_input: { command }, tool_response: '' }));
    calls.push(codexHook(project, { hook_event_name: 'UserPromptSubmit', prompt: `go on ${i}` }));
  }
  for (const r of await Promise.all(calls)) assert.equal(r.code, 0, r.stderr);
  const post = logJson(project, ['--event', 'PostToolUse']);
  const ids = (client: string) => post.filter((e) => e.client === client).map((e) => String(e.input.tool_use_id)).sort();
  assert.deepEqual(ids('claude-code'), Array.from({ length: N }, (_, i) => `toolu_${i}`).sort());
  assert.deepEqual(ids('codex'), Array.from({ length: N }, (_, i) => `call_${i}`).sort());
  assert.ok(post.every((e) => e.sessionId === (e.client === 'codex' ? CODEX : CLAUDE)));
  const prompts = logJson(project, ['--event', 'UserPromptSubmit', '--agent', 'codex']).map((e) => String(e.input.prompt));
  assert.deepEqual(prompts.filter((p) => p.startsWith('go on')).sort(), Array.from({ length: N }, (_, i) => `go on ${i}`).sort());
});

test("Claude Code's `task done` from inside its sandbox, taken in by Codex's hook while both run continuity: recorded as Claude Code's, in its session", async () => {
  const project = await approvedProject();
  const call = (id: string) => ({ tool_name: 'Bash', tool_use_id: id, tool_input: { command: 'continuity task done 1' } });
  await Promise.all([claudeHook(project, { hook_event_name: 'PreToolUse', ...call('toolu_c1') }), codexHook(project, { hook_event_name: 'PreToolUse', ...call('call_x1') })]);
  // Inside Claude Code's sandbox (a process namespace of its own: no client in sight, the ledger read-only) the command leaves a request.
  const c = cliCommand(['task', 'done', '1']);
  const walled = spawnSync(BWRAP, ['--unshare-pid', ...wallArgs([join(project, '.continuity')]), c.cmd, ...c.args], { cwd: project, encoding: 'utf8', env: cliEnv({ CLAUDE_CODE_SESSION_ID: CLAUDE }) });
  assert.equal(walled.status, 0, walled.stderr);
  assert.match(walled.stdout, /request waits in \.continuity-inbox/);
  // Codex's command ends first: its PostToolUse is the hook that takes the request in.
  const post = await codexHook(project, { hook_event_name: 'PostToolUse', ...call('call_x1'), tool_response: '' });
  assert.equal(post.code, 0, post.stderr);
  const done = logJson(project, ['--event', 'task.done']);
  assert.equal(done.length, 1, JSON.stringify(done));
  assert.deepEqual([done[0]!.client, done[0]!.sessionId], ['claude-code', CLAUDE], JSON.stringify(done[0]));
  const by = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).plan.tasks[0].recordedBy;
  assert.deepEqual([by.client, by.sessionId], ['claude-code', CLAUDE]);
});
