// The person's files outside the project that run code later (git's global
// config, wherever git reads it; the shell's start-up files) out of the
// agent's reach where no wall stands: refused before by the shell guard and
// every client's file tools, put back after a call that changed them
// anyway, and the person's own `git status` in another repository then runs
// nothing planted. Each test has a throwaway project and a throwaway home;
// the home lies outside the temporary folder, as a person's does.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { agentHook, PLAN, violations } from '../helpers/agent-hook.js';
import { bashBetweenHooks, hook, REPO_ROOT, runCli, tempProject } from '../helpers/cli.js';
import { RACY_MS } from '../../src/util/stamped-hash.js';

const HOMES = join(REPO_ROOT, 'node_modules', '.cache', 'continuity-global-homes');
mkdirSync(HOMES, { recursive: true });

const GIT_ID = { GIT_AUTHOR_NAME: 'p', GIT_AUTHOR_EMAIL: 'p@example.com', GIT_COMMITTER_NAME: 'p', GIT_COMMITTER_EMAIL: 'p@example.com' };

interface Person {
  home: string;
  /** What the hooks and the agent's commands get: the person's home (and whatever else the test sets). */
  env: NodeJS.ProcessEnv;
  /** Where planted code would leave its mark. */
  marks: string;
}

/** A home of its own with a ~/.gitconfig and a ~/.bashrc, and the environment the agent's hooks run with. */
function person(extra: NodeJS.ProcessEnv = {}): Person {
  const home = mkdtempSync(join(HOMES, 'home-'));
  const marks = mkdtempSync(join(tmpdir(), 'continuity-marks-'));
  after(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(marks, { recursive: true, force: true });
  });
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Pat\n\temail = pat@example.com\n');
  writeFileSync(join(home, '.bashrc'), 'export EDITOR=vi\n');
  return { home, marks, env: { HOME: home, GIT_CONFIG_NOSYSTEM: '1', XDG_CONFIG_HOME: undefined, GIT_CONFIG_GLOBAL: undefined, ...extra } };
}

/** A git repository with one commit and a plan imported, its hooks the only layer (no wall). */
function project(p: Person): string {
  const dir = tempProject({ '.continuity/config.json': JSON.stringify({ sandbox: { mode: 'off' } }), 'docs/plans/payments-export.md': PLAN, 'a.txt': 'a\n' });
  rmSync(join(dir, '.git'), { recursive: true });
  const env = { ...process.env, ...p.env, ...GIT_ID };
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env });
  writeFileSync(join(dir, '.gitignore'), '.continuity/\n');
  execFileSync('git', ['add', '.'], { cwd: dir, env });
  execFileSync('git', ['commit', '-qm', 'first'], { cwd: dir, env });
  const r = runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: dir, env: p.env });
  assert.equal(r.code, 0, r.stderr);
  return dir;
}

/** The person, at their terminal afterwards, in another repository: plain git, their home, nothing of the agent's. */
function personAfterwards(p: Person): void {
  const elsewhere = mkdtempSync(join(tmpdir(), 'continuity-elsewhere-'));
  after(() => rmSync(elsewhere, { recursive: true, force: true }));
  const env = { PATH: process.env.PATH, HOME: p.home, GIT_CONFIG_NOSYSTEM: '1', ...GIT_ID, ...(p.env.GIT_CONFIG_GLOBAL ? { GIT_CONFIG_GLOBAL: p.env.GIT_CONFIG_GLOBAL } : {}) };
  for (const args of [['init', '-q'], ['status'], ['checkout', '-q', '-b', 'x']]) spawnSync('git', args, { cwd: elsewhere, env, encoding: 'utf8' });
  // A new interactive shell reads ~/.bashrc.
  spawnSync('bash', ['-ic', 'true'], { cwd: elsewhere, env, encoding: 'utf8' });
}

const isDenied = (stdout: string) => /"permissionDecision":"deny"/.test(stdout);
const GLOBAL_WHY = /runs later as the person/;

test("the shell guard refuses the commands that write the person's git config or start-up files, and lets reading them through", () => {
  const p = person();
  const dir = project(p);
  const before = readFileSync(join(p.home, '.gitconfig'), 'utf8');
  for (const command of [
    `git config --global core.fsmonitor "touch ${p.marks}/m"`,
    'git config --global core.hooksPath /some/dir',
    `git config --global alias.st '!sh -c "touch ${p.marks}/m"'`,
    `git config --system core.pager "touch ${p.marks}/m"`,
    `git config --file ~/.gitconfig core.fsmonitor "touch ${p.marks}/m"`,
    `printf '[core]\\n\\tfsmonitor = "touch ${p.marks}/m"\\n' >> ~/.gitconfig`,
    `echo '[core] fsmonitor = x' | tee -a ~/.config/git/config`,
    `echo 'touch ${p.marks}/m' >> ~/.bashrc`,
    `python3 -c "open('${p.home}/.zshenv','a').write('touch x')"`,
  ]) {
    const r = bashBetweenHooks(dir, command, { env: p.env });
    assert.ok(r.denied, `${command}: ${r.pre}`);
    assert.match(r.pre, GLOBAL_WHY, command);
  }
  // A path built at run time that may reach a guarded one is the guard's existing class: refused as such.
  assert.ok(bashBetweenHooks(dir, `node -e "require('fs').appendFileSync(process.env.HOME + '/.gitconfig', 'x')"`, { env: p.env }).denied);
  assert.equal(readFileSync(join(p.home, '.gitconfig'), 'utf8'), before);
  for (const command of ['git config --get user.name', 'git config --list', 'git config --global --get user.name', 'cat ~/.gitconfig']) {
    const r = bashBetweenHooks(dir, command, { env: p.env });
    assert.equal(r.denied, false, `${command}: ${r.pre}`);
    assert.equal(r.ran, 0, command);
  }
  personAfterwards(p);
  assert.deepEqual(readdirSync(p.marks), []);
});

test("scripts that build the paths at run time write ~/.gitconfig, ~/.config/git/config and ~/.bashrc for real: put back after the call, each replaced version kept, and the person's git status elsewhere runs nothing", () => {
  const p = person();
  const dir = project(p);
  const gitconfig = readFileSync(join(p.home, '.gitconfig'), 'utf8');
  const bashrc = readFileSync(join(p.home, '.bashrc'), 'utf8');
  const at = (...parts: string[]) => `[process.env.HOME, ${parts.map((s) => JSON.stringify(s)).join(', ')}].join('/')`;
  const plant = {
    'plant-gitconfig.js': `require('fs').appendFileSync(${at('.git' + 'config')}, '[core]\\n\\tfsmonitor = "touch ${p.marks}/fsmonitor; false"\\n');`,
    'plant-xdg.js': `const fs = require('fs'); fs.mkdirSync(${at('.config', 'g' + 'it')}, { recursive: true }); fs.writeFileSync(${at('.config', 'g' + 'it', 'con' + 'fig')}, '[core]\\n\\tfsmonitor = "touch ${p.marks}/xdg; false"\\n');`,
    'plant-bashrc.js': `require('fs').appendFileSync(${at('.ba' + 'shrc')}, 'touch ${p.marks}/bashrc\\n');`,
  };
  for (const [name, code] of Object.entries(plant)) writeFileSync(join(dir, name), code);
  for (const [name, what] of [
    ['plant-gitconfig.js', /\.gitconfig \(content restored\)/],
    ['plant-xdg.js', /\.config\/git\/config \(created; removed\)/],
    ['plant-bashrc.js', /\.bashrc \(content restored\)/],
  ] as const) {
    const r = bashBetweenHooks(dir, `node ${name}`, { env: p.env });
    assert.equal(r.denied, false, r.pre);
    assert.equal(r.ran, 0);
    assert.match(r.post, what, name);
    assert.match(r.post, /"decision":"block"/);
  }
  assert.equal(readFileSync(join(p.home, '.gitconfig'), 'utf8'), gitconfig);
  assert.equal(readFileSync(join(p.home, '.bashrc'), 'utf8'), bashrc);
  assert.equal(existsSync(join(p.home, '.config', 'git', 'config')), false);
  const kept = readdirSync(join(dir, '.continuity', 'replaced'));
  for (const name of ['.gitconfig', '.bashrc', 'git_config']) assert.ok(kept.some((f) => f.endsWith(name)), `${name} in ${kept.join(', ')}`);
  assert.deepEqual(violations(dir).map((v) => v.kind), ['guarded_write_reverted', 'guarded_write_reverted', 'guarded_write_reverted']);
  personAfterwards(p);
  assert.deepEqual(readdirSync(p.marks), [], 'no planted code ran');
});

test('GIT_CONFIG_GLOBAL names the file git reads: a script writing it is put back, and the person\'s git reading it runs nothing', () => {
  const elsewhere = mkdtempSync(join(HOMES, 'cfg-'));
  after(() => rmSync(elsewhere, { recursive: true, force: true }));
  const file = join(elsewhere, 'global.conf');
  writeFileSync(file, '[user]\n\tname = Pat\n');
  const p = person({ GIT_CONFIG_GLOBAL: file });
  const dir = project(p);
  writeFileSync(join(dir, 'plant.js'), `require('fs').appendFileSync(process.env['GIT_CONFIG_' + 'GLOBAL'], '[core]\\n\\tfsmonitor = "touch ${p.marks}/global; false"\\n');`);
  const r = bashBetweenHooks(dir, 'node plant.js', { env: p.env });
  assert.equal(r.denied, false);
  assert.match(r.post, /global\.conf \(content restored\)/);
  assert.equal(readFileSync(file, 'utf8'), '[user]\n\tname = Pat\n');
  personAfterwards(p);
  assert.deepEqual(readdirSync(p.marks), []);
});

test("the person's own git config --global at their terminal is adopted at the next hook: no violation, nothing put back; an exec key they add is named to them", () => {
  const p = person();
  const dir = project(p);
  const personGit = (...args: string[]) => spawnSync('git', args, { cwd: p.home, env: { PATH: process.env.PATH, HOME: p.home }, encoding: 'utf8' });
  assert.equal(personGit('config', '--global', 'user.name', 'x').status, 0);
  const start = hook(dir, { hook_event_name: 'SessionStart', source: 'startup' }, { env: p.env });
  assert.equal(start.code, 0, start.stderr);
  assert.doesNotMatch(start.stdout, /gitconfig/);
  const next = bashBetweenHooks(dir, 'ls', { env: p.env });
  assert.doesNotMatch(next.post, /put back|reverted/);
  assert.match(readFileSync(join(p.home, '.gitconfig'), 'utf8'), /name = x/);
  assert.deepEqual(violations(dir), []);
  // (`status` above ran with the test runner's HOME, not the person's: their files' snapshots are kept all the same.)
  // A command git runs, set by the person: kept, and named.
  assert.equal(personGit('config', '--global', 'core.pager', 'less -R').status, 0);
  const said = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env: p.env });
  assert.equal(said.code, 0, said.stderr);
  assert.match(said.stdout, /\.gitconfig now sets core\.pager, which git runs at a git command in any repository/);
  const after2 = bashBetweenHooks(dir, 'ls', { env: p.env });
  assert.doesNotMatch(after2.post, /put back|reverted/);
  assert.match(readFileSync(join(p.home, '.gitconfig'), 'utf8'), /pager = less -R/);
  assert.deepEqual(violations(dir), []);
});

test("every client's file tool writing ~/.gitconfig is refused (Claude Code, Codex, Gemini CLI); Cursor's edit is put back after", () => {
  const p = person();
  const dir = project(p);
  const target = join(p.home, '.gitconfig');
  const original = readFileSync(target, 'utf8');
  const evil = '[core]\n\tfsmonitor = "touch /tmp/m"\n';
  for (const [tool, input] of [
    ['Write', { file_path: target, content: evil }],
    ['Edit', { file_path: target, old_string: '[user]', new_string: `${evil}[user]` }],
    ['MultiEdit', { file_path: target, edits: [{ old_string: '[user]', new_string: `${evil}[user]` }] }],
    ['NotebookEdit', { notebook_path: join(p.home, '.config', 'git', 'attributes'), new_source: '* filter=x' }],
    ['Write', { file_path: join(p.home, '.zshrc'), content: 'touch /tmp/m\n' }],
  ] as const) {
    const r = hook(dir, { hook_event_name: 'PreToolUse', tool_name: tool, tool_use_id: 'toolu_g', tool_input: input }, { env: p.env });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(isDenied(r.stdout), `${tool} ${JSON.stringify(input)}: ${r.stdout}`);
    assert.match(r.stdout, GLOBAL_WHY);
  }
  const codex = agentHook(
    'codex',
    dir,
    { session_id: '019d036d-c7fa-72d2-b6fd-78878bfe34e4', turn_id: 'turn-1', transcript_path: null, cwd: dir, model: 'gpt-5-codex', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_use_id: 'call-g', tool_input: { command: `*** Begin Patch\n*** Update File: ${target}\n@@\n [user]\n+\tpager = touch /tmp/m\n*** End Patch\n` } },
    p.env,
  );
  assert.equal(codex.code, 0, codex.stderr);
  assert.equal((codex.out?.hookSpecificOutput as Record<string, unknown>)?.permissionDecision, 'deny', JSON.stringify(codex.out));
  for (const fields of [
    { tool_name: 'write_file', tool_input: { file_path: target, content: evil } },
    { tool_name: 'replace', tool_input: { file_path: target, old_string: '[user]', new_string: `${evil}[user]` } },
  ]) {
    const r = agentHook('gemini', dir, { session_id: 'gemini-session-1', transcript_path: join(dir, '.gemini-chat.json'), cwd: dir, timestamp: '2026-11-22T10:00:00.000Z', hook_event_name: 'BeforeTool', ...fields }, { GEMINI_PROJECT_DIR: dir, ...p.env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.out?.decision, 'deny', JSON.stringify(r.out));
  }
  assert.equal(readFileSync(target, 'utf8'), original);
  // Cursor runs no hook before a file edit: the edit is put back after it.
  writeFileSync(target, `${original}${evil}`);
  const cursor = agentHook('cursor', dir, { conversation_id: 'conv-7f3a', generation_id: 'gen-1', workspace_roots: [dir], model: 'claude-4.5-sonnet', cursor_version: '1.7.2', hook_event_name: 'afterFileEdit', file_path: target, edits: [{ old_string: '', new_string: 'fsmonitor' }] }, { CURSOR_PROJECT_DIR: dir, ...p.env });
  assert.equal(cursor.code, 0, cursor.stderr);
  assert.equal(readFileSync(target, 'utf8'), original);
  assert.equal(violations(dir)[0]?.kind, 'guarded_write_reverted');
});

test("OpenClaw's write, edit and apply_patch of ~/.gitconfig are blocked in the path forms it accepts (~, file://, absolute)", async () => {
  const p = person();
  const dir = project(p);
  // The plugin runs inside the gateway's process: its home is that process's.
  const home = process.env.HOME;
  process.env.HOME = p.home;
  after(() => (process.env.HOME = home));
  const { registerContinuity } = await import('../../src/adapters/openclaw/plugin.js');
  const hooks: Record<string, (event: unknown, ctx: unknown) => Promise<any>> = {};
  registerContinuity({ on: (name, handler) => void (hooks[name] = handler as never), logger: { warn: () => {} } }, { env: { PATH: process.env.PATH, HOME: p.home } });
  const ctx = { runId: 'run-g', agentId: 'main', sessionKey: 'agent:main:g', sessionId: 'sid-g', workspaceDir: dir, trigger: 'user' };
  await hooks.before_prompt_build!({ prompt: 'Go on.', messages: [] }, ctx);
  let n = 0;
  const call = (toolName: string, params: Record<string, unknown>) => hooks.before_tool_call!({ toolName, params, runId: ctx.runId, toolCallId: `call-${++n}` }, { toolName, agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: `call-${n}` });
  for (const [tool, params] of [
    ['write', { path: '~/.gitconfig', content: '[core]\n\tfsmonitor = "touch /tmp/m"\n' }],
    ['write', { path: `file://${p.home}/.config/git/config`, content: '[core]\n\tfsmonitor = x\n' }],
    ['write', { path: `${p.home}/.bashrc`, content: 'touch /tmp/m\n' }],
    ['edit', { path: '~/.gitconfig', edits: [{ oldText: '[user]', newText: '[core]\n\tfsmonitor = x\n[user]' }] }],
    ['apply_patch', { input: `*** Begin Patch\n*** Add File: ${p.home}/.zshenv\n+touch /tmp/m\n*** End Patch` }],
  ] as const) {
    const r = await call(tool, params);
    assert.equal(r?.block, true, `${tool} ${JSON.stringify(params)}`);
    assert.match(r.blockReason, GLOBAL_WHY, `${tool} ${JSON.stringify(params)}`);
  }
  assert.equal(await call('write', { path: 'src/config.ts', content: 'export {};\n' }), undefined);
});

test("the person's ~/.gitconfig rewritten at the same size with its modification time put back, after the hooks stamped it, is still seen and named at the next hook", async () => {
  const p = person();
  const dir = project(p);
  const config = join(p.home, '.gitconfig');
  const before = readFileSync(config, 'utf8');
  // Whole seconds, so that putting the time back below gives it exactly.
  const PAST = new Date('2025-03-04T05:06:07Z');
  utimesSync(config, PAST, PAST);
  const times = statSync(config);
  // Settled past the file system's clock tick: the next call that opens the ledger keeps the file's stamp beside its hash.
  await new Promise((r) => setTimeout(r, RACY_MS + 200));
  const start = hook(dir, { hook_event_name: 'SessionStart', source: 'startup' }, { env: p.env });
  assert.equal(start.code, 0, start.stderr);
  const state = JSON.parse(readFileSync(join(dir, '.continuity', 'state.json'), 'utf8')) as { guarded: { path: string; stamp?: string }[] };
  assert.ok(state.guarded.find((g) => g.path === config)?.stamp, 'the hot state keeps the settled file\'s stamp');
  // The person's own edit: the same size, an exec key git runs, the modification time put back.
  const edited = '[core]\n\tpager = less\n';
  writeFileSync(config, edited + '#'.repeat(before.length - edited.length - 1) + '\n');
  utimesSync(config, PAST, PAST);
  assert.equal(statSync(config).size, times.size);
  assert.equal(statSync(config).mtimeMs, times.mtimeMs);
  await new Promise((r) => setTimeout(r, RACY_MS + 200));
  const said = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env: p.env });
  assert.equal(said.code, 0, said.stderr);
  assert.match(said.stdout, /\.gitconfig now sets core\.pager, which git runs at a git command in any repository/);
});
