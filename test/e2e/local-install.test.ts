// continuity installed inside the project it guards (`npm install -D
// continuity`: the hooks run `node <project>/node_modules/continuity/dist/
// cli.cjs`). The agent removing or replacing that program would silence
// every hook after it, so it is guarded like the ledger: each attack is
// executed for real between the hooks of the agent's call, and the wall
// init writes keeps the folder read-only to the agent's commands.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { cliCommand, cliEnv, NODE, payload, REPO_ROOT, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';
const PROGRAM = 'node_modules/continuity/dist';

/** A project with continuity installed in its own node_modules (the built dist/, without the compiled executable), initialised from that copy. */
function projectWithLocalInstall(): string {
  const dir = tempProject({ 'docs/plans/p.md': PLAN, 'node_modules/continuity/package.json': '{ "name": "continuity", "version": "0.0.0-test" }\n', 'node_modules/left-pad/index.js': 'module.exports = 1;\n' });
  cpSync(join(REPO_ROOT, 'dist'), join(dir, PROGRAM), { recursive: true, filter: (src) => !src.startsWith(join(REPO_ROOT, 'dist', 'bin')) && !src.endsWith('.map') });
  // Node 20 has no SQLite of its own: the optional driver, as npm would have installed it beside continuity.
  symlinkSync(join(REPO_ROOT, 'node_modules', 'better-sqlite3'), join(dir, 'node_modules', 'better-sqlite3'));
  const init = local(dir, ['init']);
  assert.equal(init.code, 0, init.stderr + init.stdout);
  assert.equal(local(dir, ['plan', 'import', 'docs/plans/p.md']).code, 0);
  return dir;
}

/** Runs the project's own copy, as its hooks do. */
function local(dir: string, args: string[], input = ''): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(NODE, [join(dir, PROGRAM, 'cli.cjs'), ...args], { cwd: dir, input, encoding: 'utf8', env: cliEnv(args[0] === 'hook' ? { CLAUDE_PROJECT_DIR: dir } : {}) });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The hook command init wired: it names the project's own copy. */
function wiredCommand(dir: string): string {
  const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string; args?: string[] }[] }[]> };
  const h = settings.hooks.PreToolUse![0]!.hooks[0]!;
  return [h.command, ...(h.args ?? [])].join(' ');
}

/** One agent call as the client runs it through the wired hooks: PreToolUse, the command for real unless denied, PostToolUse. */
function bashThroughLocalHooks(dir: string, command: string): { denied: boolean; reason: string } {
  const fields = (event: string) => payload(dir, { hook_event_name: event, tool_name: 'Bash', tool_use_id: 'toolu_local', tool_input: { command }, ...(event === 'PostToolUse' ? { tool_response: { stdout: '', stderr: '' } } : {}) });
  const pre = local(dir, ['hook', 'claude-code'], fields('PreToolUse'));
  assert.equal(pre.code, 0, pre.stderr);
  const denied = pre.stdout.includes('"deny"');
  if (!denied) spawnSync('bash', ['-c', command], { cwd: dir, stdio: 'pipe' });
  const post = local(dir, ['hook', 'claude-code'], fields('PostToolUse'));
  assert.equal(post.code, 0, `PostToolUse through the project's copy failed after \`${command}\`: ${post.stderr}`);
  return { denied, reason: denied ? (JSON.parse(pre.stdout) as { hookSpecificOutput: { permissionDecisionReason: string } }).hookSpecificOutput.permissionDecisionReason : '' };
}

test("init from a project's own node_modules wires the hooks to that copy, and the wall keeps it read-only", () => {
  const dir = projectWithLocalInstall();
  assert.equal(wiredCommand(dir), `sh ${join(dir, PROGRAM)}/launcher/continuity hook claude-code`);
  const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')) as { sandbox: { filesystem: { denyWrite: string[] } }; permissions: { deny: string[] } };
  assert.ok(settings.sandbox.filesystem.denyWrite.includes(`./${PROGRAM}`), settings.sandbox.filesystem.denyWrite.join(', '));
  assert.ok(settings.permissions.deny.includes(`Edit(/${PROGRAM}/**)`), settings.permissions.deny.join(', '));
  const doctor = local(dir, ['doctor', '--json']);
  assert.doesNotMatch(doctor.stdout, /the continuity program the hooks run, is not in sandbox/);
});

for (const attack of [
  'rm -rf node_modules/continuity',
  'rm -rf node_modules',
  'npm uninstall continuity',
  'npm ci',
  'npx rimraf node_modules/continuity',
  'echo "process.exit(0)" > node_modules/continuity/dist/cli.cjs',
  'cd node_modules && mv continuity continuity.off',
  'git clean -fdx',
  "nohup sh -c 'sleep 1; rm -rf node_modules/continuity' >/dev/null 2>&1 &",
  `python3 -c "import shutil; shutil.rmtree('node_modules/continuity')"`,
  'ln -sfT /tmp node_modules/continuity/dist',
  'script -qc "rm -rf node_modules/continuity" /dev/null',
]) {
  test(`hooks only: \`${attack}\` is denied, and the hooks still run the project's copy after it`, () => {
    const dir = projectWithLocalInstall();
    const r = bashThroughLocalHooks(dir, attack);
    assert.equal(r.denied, true, `${attack} was let through`);
    assert.ok(existsSync(join(dir, PROGRAM, 'cli.cjs')));
    if (!/git clean/.test(attack)) assert.match(r.reason, /node_modules[\w/.-]* is guarded|holds node_modules\/continuity\/dist/);
    if (!/git clean|rm -rf node_modules$/.test(attack)) assert.match(r.reason, /part of what runs the agent's hooks/);
  });
}

test('hooks only: the file tools cannot write into the copy either', () => {
  const dir = projectWithLocalInstall();
  const pre = local(dir, ['hook', 'claude-code'], payload(dir, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 'toolu_w', tool_input: { file_path: join(dir, PROGRAM, 'cli.cjs'), content: 'process.exit(0)\n' } }));
  assert.match(pre.stdout, /"deny"/);
  assert.match(pre.stdout, /part of what runs the agent's hooks/);
});

test('hooks only: other packages stay the agent\'s to add and remove', () => {
  const dir = projectWithLocalInstall();
  const r = bashThroughLocalHooks(dir, 'rm -rf node_modules/left-pad');
  assert.equal(r.denied, false, r.reason);
  assert.equal(existsSync(join(dir, 'node_modules/left-pad')), false);
  // Judged only (npm would reach for the registry): the hook lets them through.
  for (const command of ['npm install left-pad@1.3.0', 'npm uninstall lodash', 'npm test']) {
    const pre = local(dir, ['hook', 'claude-code'], payload(dir, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_n', tool_input: { command } }));
    assert.equal(pre.code, 0, pre.stderr);
    assert.doesNotMatch(pre.stdout, /"deny"/, command);
  }
});

test('wherever continuity is installed, the program running the hooks is guarded (here: the build under test)', () => {
  const dir = tempProject({ 'docs/plans/p.md': PLAN });
  const c = cliCommand(['plan', 'import', 'docs/plans/p.md']);
  assert.equal(spawnSync(c.cmd, c.args, { cwd: dir, env: cliEnv({}) }).status, 0);
  const program = c.cmd === NODE ? dirname(c.args[0]!) : dirname(dirname(c.cmd));
  const h = cliCommand(['hook', 'claude-code']);
  const r = spawnSync(h.cmd, h.args, { cwd: dir, encoding: 'utf8', env: cliEnv({ CLAUDE_PROJECT_DIR: dir }), input: payload(dir, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_g', tool_input: { command: `rm -rf ${program}` } }) });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /"deny"/);
  assert.match(r.stdout, /part of what runs the agent's hooks/);
  // A folder above it holds it (`rm -rf ~/.npm-global` for a global install): here the checkout the build is in.
  const above = spawnSync(h.cmd, h.args, { cwd: dir, encoding: 'utf8', env: cliEnv({ CLAUDE_PROJECT_DIR: dir }), input: payload(dir, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_a', tool_input: { command: `rm -rf ${dirname(program)}` } }) });
  assert.match(above.stdout, /"deny"/);
  assert.match(above.stdout, /part of what runs the agent's hooks/);
  mkdirSync(join(dir, 'out'));
  writeFileSync(join(dir, 'out', 'x'), '');
  const harmless = spawnSync(h.cmd, h.args, { cwd: dir, encoding: 'utf8', env: cliEnv({ CLAUDE_PROJECT_DIR: dir }), input: payload(dir, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_h', tool_input: { command: 'rm -rf out dist' } }) });
  assert.doesNotMatch(harmless.stdout, /"deny"/);
});

/** One SessionStart call through the hook command init wired, as Claude Code runs it (exec form), with the launcher naming its entry. */
function sessionStartThroughWiring(dir: string): { code: number; stdout: string; stderr: string } {
  const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string; args: string[] }[] }[]> };
  const h = settings.hooks.SessionStart![0]!.hooks[0]!;
  const r = spawnSync(h.command, h.args, { cwd: dir, encoding: 'utf8', env: cliEnv({ CLAUDE_PROJECT_DIR: dir, CONTINUITY_WHICH: '1' }), input: payload(dir, { hook_event_name: 'SessionStart', source: 'startup' }) });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function hookEntryDetail(dir: string): string {
  const doctor = local(dir, ['doctor', '--json']);
  const check = (JSON.parse(doctor.stdout) as { checks: { name: string; ok: boolean; detail: string }[] }).checks.find((c) => c.name === 'hook entry');
  assert.ok(check?.ok, doctor.stdout);
  return check.detail;
}

test('a package without the compiled executable: the launcher runs Node until it is built on first use, then the executable; doctor names each', () => {
  const dir = projectWithLocalInstall();
  const before = sessionStartThroughWiring(dir);
  assert.equal(before.code, 0, before.stderr);
  assert.match(before.stdout, /"hookEventName":\s*"SessionStart"/);
  assert.match(before.stderr, new RegExp(`^continuity entry: node .*${PROGRAM}/launcher/\\.\\./cli\\.cjs$`, 'm'));
  assert.match(hookEntryDetail(dir), /^Node with \S+node_modules\/continuity\/dist\/cli\.cjs, through the launcher: the executable \S+\/dist\/bin\/continuity is not built \(CONTINUITY_BUILD_EXECUTABLE=off\)/);
  // What `continuity build-executable` leaves (the real build, with Bun fetched: test/real-client/packed-install.scenario.ts).
  mkdirSync(join(dir, PROGRAM, 'bin'));
  cpSync(join(REPO_ROOT, 'dist', 'bin', 'continuity'), join(dir, PROGRAM, 'bin', 'continuity'));
  writeFileSync(join(dir, PROGRAM, 'bin', 'built-on-first-use'), 'Bun, linux-x64\n');
  const after = sessionStartThroughWiring(dir);
  assert.equal(after.code, 0, after.stderr);
  assert.equal(after.stdout, before.stdout);
  assert.match(after.stderr, new RegExp(`^continuity entry: executable .*${PROGRAM}/launcher/\\.\\./bin/continuity$`, 'm'));
  assert.match(hookEntryDetail(dir), /^compiled executable \S+node_modules\/continuity\/dist\/bin\/continuity, built for this machine on first use, through the launcher/);
  // init again keeps the launcher: a reinstall that takes dist/bin away leaves the hooks on Node, not on a missing file.
  assert.equal(local(dir, ['init']).code, 0);
  assert.equal(wiredCommand(dir), `sh ${join(dir, PROGRAM)}/launcher/continuity hook claude-code`);
});
