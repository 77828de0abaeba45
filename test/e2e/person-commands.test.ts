// Commands only a person may run (approve, revoke, config accept, init):
// refused inside an agent's command, in its shell, while an agent's Bash call
// runs in the project, or without a terminal; an approval made at a terminal
// is told to the person in the agent's session, and revoke undoes it. An edit
// of a guarded file is adopted only by `config accept`, never on the side.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runAtTerminal, runCli, tempProject } from '../helpers/cli.js';
import { standInClient } from '../helpers/stand-in-client.js';

const PLAN_PATH = 'docs/plans/search-index.md';
const PLAN = '# Search Index Plan\n\n### Task 1: Tokenizer\n\n- [ ] **Step 1: Test**\n\n### Task 2: Index writer\n\n- [ ] **Step 1: Test**\n';

function draftProject(): string {
  const project = tempProject({ [PLAN_PATH]: PLAN });
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: project }).code, 0);
  return project;
}
const planState = (project: string) => JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).state as string;
const violations = (project: string) => JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout).recentViolations as { kind: string; summary: string }[];
const post = (project: string, command = 'ls') => {
  const r = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: `t-${Math.random()}`, tool_input: { command }, tool_response: {} });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, any>) : null;
};
/** Under the stand-in client: a command an agent runs, even with a terminal of its own. */
const insideAgent = (argv: string[]) => [standInClient(), '-e', "const r=require('child_process').spawnSync(process.argv[1],process.argv.slice(2),{stdio:'inherit'});process.exit(r.status??1)", ...argv];

test('an approval at a terminal is told to the person at the next hook, once', () => {
  const project = draftProject();
  const r = runAtTerminal(['approve'], { cwd: project });
  assert.equal(r.code, 0, r.stdout);
  assert.equal(planState(project), 'approved');
  const told = post(project);
  assert.match(String(told?.systemMessage), /continuity: plan search-index was approved at a terminal \(continuity approve, .*\), not in this session; `continuity revoke` at your terminal undoes it if that was not you\./);
  assert.equal(post(project), null, 'said once');
});

test('approve is refused while an agent\'s Bash call runs in the project, even at a terminal', () => {
  const project = draftProject();
  assert.equal(hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_run', tool_input: { command: 'sleep 30' } }).code, 0);
  const r = runAtTerminal(['approve'], { cwd: project });
  assert.equal(r.code, 6);
  assert.match(r.stdout, /approve refused: a Bash call \(sleep 30\) was running in session session-test-1: an agent's command may be the one asking/);
  assert.equal(planState(project), 'draft');
  assert.equal(violations(project)[0]?.kind, 'approval_forgery');
  // Once the call has ended, the person's approval goes through.
  assert.equal(hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_run', tool_input: { command: 'sleep 30' }, tool_response: {} }).code, 0);
  assert.equal(runAtTerminal(['approve'], { cwd: project }).code, 0);
  assert.equal(planState(project), 'approved');
});

test('approve inside an agent\'s command is refused whatever its terminal and variables say', () => {
  const project = draftProject();
  const r = runAtTerminal(['approve'], { cwd: project, wrap: insideAgent });
  assert.equal(r.code, 6, r.stdout);
  assert.match(r.stdout, /approve refused: it runs inside an agent's command \(claude .*is among its parent processes\)/);
  assert.equal(planState(project), 'draft');
});

/** Under a stand-in for the OpenClaw gateway: node titling itself as OpenClaw's gateway does (process.title, which /proc shows as its command line). */
const underGateway = (argv: string[]) => [process.execPath, '-e', "process.title='openclaw-gateway';const r=require('child_process').spawnSync(process.argv[1],process.argv.slice(2),{stdio:'inherit'});process.exit(r.status??1)", ...argv];

test("approve run by the OpenClaw gateway (an exec's or an automation's command, under `script`, its marker removed) is refused", () => {
  const project = draftProject();
  const r = runAtTerminal(['approve'], { cwd: project, wrap: underGateway });
  assert.equal(r.code, 6, r.stdout);
  assert.match(r.stdout, /approve refused: it runs inside an agent's command \(openclaw-gateway \(node, pid \d+\) is among its parent processes\)/);
  assert.equal(planState(project), 'draft');
  const init = runAtTerminal(['config', 'accept'], { cwd: project, wrap: underGateway });
  assert.equal(init.code, 6, init.stdout);
});

test('revoke takes an approval back (the Approved line of a tdd plan too); only a person at a terminal can', () => {
  const tdd = '# TDD Task: Search\n\n**Status:** pending\n\n## Slice 1: Tokenizer\n\n**Status:** pending\n';
  const project = tempProject({ '.tdd-progress.md': tdd });
  assert.equal(runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project }).code, 0);
  assert.equal(hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }).code, 0);
  assert.match(readFileSync(join(project, '.tdd-progress.md'), 'utf8'), /\*\*Approved:\*\*/);
  const piped = runCli(['revoke'], { cwd: project });
  assert.equal(piped.code, 6);
  assert.match(piped.stderr, /revoke refused: not run from an interactive terminal/);
  assert.equal(runAtTerminal(['revoke'], { cwd: project, wrap: insideAgent }).code, 6);
  assert.equal(planState(project), 'approved');
  const r = runAtTerminal(['revoke'], { cwd: project });
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /The approval of plan tdd-progress \(given .* via user-prompt\) is revoked: the plan is a draft/);
  assert.equal(planState(project), 'draft');
  assert.equal(readFileSync(join(project, '.tdd-progress.md'), 'utf8'), tdd);
});

test('an edit of the config is adopted only by `config accept`: any other command leaves it to be put back', () => {
  const project = draftProject();
  writeFileSync(join(project, '.continuity/config.json'), '{ "stopGate": { "maxConsecutiveBlocks": 5 } }');
  runCli(['status'], { cwd: project }); // any command of the person's: nothing adopted on the side
  assert.match(String(post(project)?.reason), /\.continuity\/config\.json \(created; removed\)/);

  writeFileSync(join(project, '.continuity/config.json'), '{ "stopGate": { "maxConsecutiveBlocks": 5 } }');
  const agent = runAtTerminal(['config', 'accept'], { cwd: project, wrap: insideAgent });
  assert.equal(agent.code, 6);
  const accepted = runAtTerminal(['config', 'accept'], { cwd: project });
  assert.equal(accepted.code, 0, accepted.stdout);
  assert.match(accepted.stdout, /Accepted as authorised: \.continuity\/config\.json\./);
  assert.equal(post(project), null);
  assert.equal(readFileSync(join(project, '.continuity/config.json'), 'utf8'), '{ "stopGate": { "maxConsecutiveBlocks": 5 } }');

  // An invalid config is not accepted: the last good one comes back.
  writeFileSync(join(project, '.continuity/config.json'), '{ "stopGate": { "maxConsecutiveBlocks": "many" } }');
  const bad = runAtTerminal(['config', 'accept'], { cwd: project });
  assert.equal(bad.code, 4);
  assert.match(post(project)?.reason, /\.continuity\/config\.json \(content restored\)/);
  assert.equal(readFileSync(join(project, '.continuity/config.json'), 'utf8'), '{ "stopGate": { "maxConsecutiveBlocks": 5 } }');
});

test('init is refused inside an agent\'s command and while an agent\'s Bash call runs', () => {
  const project = draftProject();
  const inside = runAtTerminal(['init', '--no-gitignore'], { cwd: project, wrap: insideAgent });
  assert.equal(inside.code, 6);
  assert.match(inside.stdout, /init refused: it runs inside an agent's command/);
  assert.equal(hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_x', tool_input: { command: 'continuity init --uninstall' } }).code, 0);
  const during = runCli(['init', '--uninstall'], { cwd: project });
  assert.equal(during.code, 6);
  assert.match(during.stderr, /init --uninstall refused: a Bash call \(continuity init --uninstall\) was running/);
  assert.ok(violations(project).some((v) => v.kind === 'hook_wiring_change'));
});
