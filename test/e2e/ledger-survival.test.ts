import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bashBetweenHooks, cliCommand, hook, payload, REPO_ROOT, runCli, tempProject } from '../helpers/cli.js';

/** `.continuity/ledger.db`, spelled so that no parser sees it. */
const HEX = Buffer.from('.continuity/ledger.db').toString('hex');

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';

/** A committed git project with an approved plan, approved the way the person does it: their prompt. */
function approvedGitProject(): string {
  const project = tempProject({ 'docs/plans/p.md': PLAN, 'README.md': '# demo\n', '.gitignore': '.continuity/\n' });
  rmSync(join(project, '.git'), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: project, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'start');
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project }).code, 0);
  assert.equal(hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }).code, 0);
  assert.equal(planOf(project).state, 'approved');
  return project;
}

function planOf(project: string): { state: string } {
  const r = runCli(['plan', 'show', '--json'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as { state: string };
}

function status(project: string): { recentViolations: { kind: string; summary: string }[] } {
  const r = runCli(['status', '--json'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** The agent's Bash call between its hooks; what PostToolUse said, parsed. */
function bashCall(project: string, command: string) {
  const { denied, post } = bashBetweenHooks(project, command);
  return { denied, after: post.trim() ? (JSON.parse(post) as { systemMessage?: string; reason?: string }) : null };
}

function eventCount(project: string): number {
  const r = runCli(['log', '--json', '--limit', '10000'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.split('\n').filter((l) => l.trim()).length;
}

// Each attack ends one of two ways: denied before it runs (the parser saw it), or run and undone after.
for (const [name, command, end] of [
  ['git stash --all (the folder goes with the untracked files)', 'git stash --all -q', 'restored'],
  ['git clean -fdX through an inline alias', 'git -c alias.tidy="clean -fdX" tidy -q', 'denied'],
  ['git clean -fdX through an alias set in the repository', 'git config alias.tidy "clean -fdX" && git tidy -q', 'denied'],
  ['rm -rf after a cd that fails', 'cd /nonexistent-dir-xyz; rm -rf .continuity', 'denied'],
  ['rm -rf from a script the parser does not read', 'bash tools/wipe.sh', 'restored'],
  // The name is built at run time: no parser sees it.
  ['a script that truncates the ledger', 'python3 tools/tidy.py', 'restored'],
] as const) {
  test(`the ledger survives ${name}: ${end === 'denied' ? 'denied before it runs' : 'it comes back whole'}, with a violation and a word to the person`, () => {
    const project = approvedGitProject();
    // A script the agent wrote earlier, in a file no parser reads.
    mkdirSync(join(project, 'tools'));
    writeFileSync(join(project, 'tools', 'tidy.py'), `open(bytes.fromhex('${HEX}').decode(), 'w').close()\n`);
    writeFileSync(join(project, 'tools', 'wipe.sh'), 'd=.contin; rm -rf "${d}uity"\n');
    const events = eventCount(project);
    const { denied, after } = bashCall(project, command);
    assert.equal(denied, end === 'denied', `denied before: ${denied}`);
    assert.equal(planOf(project).state, 'approved');
    assert.ok(eventCount(project) >= events, 'every event recorded before is still there');
    const kind = end === 'denied' ? 'guarded_write_denied' : 'ledger_restored';
    assert.ok(status(project).recentViolations.some((x) => x.kind === kind), `a ${kind} violation is recorded`);
    if (end === 'restored') {
      // The person hears it from the hook that restored it, or at the latest the next one.
      const said = [after?.systemMessage ?? '', hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }).stdout].join('\n');
      assert.match(said, /ledger was restored from its recovery copy/);
    }
  });
}

test('events deleted by a script that opens the ledger itself are seen and the ledger put back whole; the altered one is kept beside it', () => {
  const project = approvedGitProject();
  const events = eventCount(project);
  const driver = join(REPO_ROOT, 'node_modules', 'better-sqlite3');
  const { denied } = bashCall(project, `node -e "const D=require('${driver}'); const db=new D(Buffer.from('${HEX}','hex').toString()); db.exec('DELETE FROM events WHERE id <= 2'); db.close()"`);
  assert.equal(denied, false, 'the script runs for real');
  assert.equal(eventCount(project) >= events, true);
  assert.ok(status(project).recentViolations.some((v) => v.kind === 'ledger_restored' && /recorded events were deleted/.test(v.summary)));
  assert.ok(readdirSync(join(project, '.continuity')).some((f) => f.startsWith('ledger.db.damaged-')));
});

test('a ledger deleted outside any tool call is restored, not created anew, by the next command', () => {
  const project = approvedGitProject();
  rmSync(join(project, '.continuity'), { recursive: true });
  const r = runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(planOf(project).state, 'approved');
});

test('after `continuity init --uninstall` the person may delete the folder: nothing puts it back', () => {
  const project = approvedGitProject();
  const un = runCli(['init', '--uninstall'], { cwd: project });
  assert.equal(un.code, 0, un.stderr);
  assert.match(un.stdout, /recovery copy/);
  rmSync(join(project, '.continuity'), { recursive: true });
  const r = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'hello' });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(existsSync(join(project, '.continuity')), false);
});

test('a project that never had continuity stays untouched by the hook', () => {
  const project = tempProject();
  writeFileSync(join(project, 'x.txt'), 'x');
  const r = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 't', tool_input: { command: 'ls' }, tool_response: {} });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
  assert.equal(existsSync(join(project, '.continuity')), false);
});

test("continuity's folder and ledger made read-only to their owner are put back by the next hook and recorded: the hook does not take itself for one inside the wall", () => {
  const project = approvedGitProject();
  // The attack needs an owner that permissions bind: under root, the hooks and the agent run as nobody (65534), as a person's own account would.
  const asOwner = (argv: string[]) => (process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...argv] : argv);
  const state = mkdtempSync(join(tmpdir(), 'continuity-owner-state-'));
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', '65534:65534', project, state]);
  const env = { ...process.env, CLAUDE_PROJECT_DIR: project, CONTINUITY_STATE_HOME: state, HOME: state };
  const hookAsOwner = (fields: Record<string, unknown>) => {
    const c = cliCommand(['hook', 'claude-code']);
    const [cmd, ...args] = asOwner([c.cmd, ...c.args]);
    return spawnSync(cmd!, args, { cwd: project, env, input: payload(project, fields), encoding: 'utf8' });
  };
  const input = { command: 'chmod 555 .continuity; chmod 444 .continuity/ledger.db' };
  const pre = hookAsOwner({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_chmod', tool_input: input });
  assert.equal(pre.status, 0, pre.stderr);
  const [cmd, ...args] = asOwner(['bash', '-c', input.command]);
  assert.equal(spawnSync(cmd!, args, { cwd: project }).status, 0);
  const post = hookAsOwner({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_chmod', tool_input: input, tool_response: {} });
  assert.equal(post.status, 0, `${post.status}: ${post.stderr}`);
  assert.equal(statSync(join(project, '.continuity')).mode & 0o200, 0o200, 'the owner may write the folder again');
  assert.equal(statSync(join(project, '.continuity', 'ledger.db')).mode & 0o200, 0o200, 'and the ledger');
  // A Stop afterwards still decides, with the ledger.
  const stop = hookAsOwner({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' });
  assert.equal(stop.status, 0, stop.stderr);
  const s = runCli(['status', '--json'], { cwd: project, env: { CONTINUITY_STATE_HOME: state } });
  assert.ok((JSON.parse(s.stdout) as { recentViolations: { kind: string }[] }).recentViolations.some((v) => v.kind === 'ledger_permissions_restored'), s.stdout);
});
