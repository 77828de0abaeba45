import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { NO_STACK, REPO_ROOT, runCli, tempProject, type CliResult } from '../helpers/cli.js';

const COMPILED = join(REPO_ROOT, 'dist', 'bin', 'continuity');

const PLAN_PATH = 'docs/plans/p.md';
const PLAN = '# Plan\n\n### Task 1: First\n\nDo it.\n';

/** A HOME of its own, so the person's own Claude Code settings (an enabled plugin) play no part. */
function home(settings?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-home-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  if (settings !== undefined) {
    mkdirSync(join(dir, '.claude'));
    writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify(settings));
  }
  return dir;
}

interface Report {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string; fix?: string; ms?: number }[];
}

function doctor(project: string, env: NodeJS.ProcessEnv = { HOME: home() }): { r: CliResult; report: Report } {
  const r = runCli(['doctor', '--json'], { cwd: project, env });
  assert.equal(r.stderr, '');
  return { r, report: JSON.parse(r.stdout) as Report };
}

function check(report: Report, name: string) {
  const c = report.checks.find((x) => x.name === name);
  assert.ok(c, `no check named ${name}`);
  return c;
}

/** init, then a plan imported: the project as a person sets it up. */
function healthyProject(): string {
  const project = tempProject({ [PLAN_PATH]: PLAN });
  for (const args of [['init'], ['plan', 'import', PLAN_PATH]]) {
    const r = runCli(args, { cwd: project });
    assert.equal(r.code, 0, r.stderr);
  }
  return project;
}

function snapshotOf(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((name) => `${name}:${statSync(join(dir, name)).mtimeMs}:${statSync(join(dir, name)).size}`)
    .join('\n');
}

describe('doctor', () => {
  test('a healthy project: every check passes, exit 0, the round-trip timed; the ledger folder is left exactly as it was', () => {
    const project = healthyProject();
    const before = snapshotOf(join(project, '.continuity'));
    const { r, report } = doctor(project);
    assert.equal(r.code, 0, r.stdout);
    assert.equal(report.ok, true);
    assert.deepEqual(report.checks.map((c) => c.name), ['node', 'sqlite', 'ledger', 'hooks claude-code', 'config', 'signers', 'wiring', 'wall', 'own wall', 'hook round-trip', 'hook entry', 'state']);
    assert.match(check(report, 'state').detail, /^\d+ recovery cop(y|ies) \(.* MB\) in /);
    assert.equal(check(report, 'wall').detail, "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ and the hook wiring read-only to the agent's commands");
    for (const c of report.checks) assert.equal(c.ok, true, `${c.name}: ${c.detail}`);
    assert.match(check(report, 'ledger').detail, /^integrity ok, schema v\d+ \(the latest\)(, \d+ events? as recorded \(hash chain intact\))?$/);
    // init wires the compiled executable the build makes (dist/bin/continuity).
    assert.match(check(report, 'hooks claude-code').detail, new RegExp(`runs ${COMPILED.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} hook claude-code$`));
    const trip = check(report, 'hook round-trip');
    assert.equal(typeof trip.ms, 'number');
    assert.match(trip.detail, new RegExp(`^a SessionStart call answered in ${trip.ms} ms \\(`));
    // Which entry runs the hooks, and why: here the executable this checkout's build made.
    assert.match(check(report, 'hook entry').detail, new RegExp(`^compiled executable ${COMPILED.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, built with this installation \\(a SessionStart call: ${trip.ms} ms\\)$`));
    assert.equal(snapshotOf(join(project, '.continuity')), before);

    const text = runCli(['doctor'], { cwd: project, env: { HOME: home() } });
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^ok {4}hook round-trip {4}a SessionStart call answered in \d+ ms/m);
    assert.match(text.stdout, /\nAll checks passed\.\n$/);
  });

  test('settings without continuity\'s hooks: the hooks check fails with its fix, exit 1', () => {
    const project = healthyProject();
    writeFileSync(join(project, '.claude', 'settings.json'), '{ "model": "opus" }\n');
    const { r, report } = doctor(project);
    assert.equal(r.code, 1);
    assert.equal(report.ok, false);
    const hooks = check(report, 'hooks claude-code');
    assert.equal(hooks.ok, false);
    assert.equal(hooks.detail, 'Claude Code: .claude/settings.json runs no continuity hook');
    assert.equal(hooks.fix, 'run `continuity init`, or install the continuity plugin');
    const text = runCli(['doctor'], { cwd: project, env: { HOME: home() } });
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^FAIL {2}hooks claude-code {2}Claude Code: \.claude\/settings\.json runs no continuity hook\n {25}fix: run `continuity init`, or install the continuity plugin$/m);
    // The wall went with the hooks.
    assert.equal(check(report, 'wall').detail, 'hooks only: the sandbox is not enabled in any Claude Code settings file');
    // And the file differs from what continuity last authorised: said, with the fix (any command puts it back, `config accept` keeps it).
    const wiring = check(report, 'wiring');
    assert.equal(wiring.ok, false);
    assert.match(wiring.detail, /runs none\): \.claude\/settings\.json \(changed\)$/);
    assert.match(wiring.fix ?? '', /`continuity config accept` keeps it/);
    assert.match(text.stdout, /\n3 checks failed\.\n$/);
  });

  test('the wall: hooks switched off in the local settings, or a sandbox that cannot run here, fail with their fix', () => {
    const project = healthyProject();
    writeFileSync(join(project, '.claude', 'settings.local.json'), '{ "disableAllHooks": true }\n');
    const off = check(doctor(project).report, 'wall');
    assert.equal(off.ok, false);
    assert.equal(off.detail, "disableAllHooks is true in .claude/settings.local.json: no hook runs, continuity's included");
    rmSync(join(project, '.claude', 'settings.local.json'));
    // No bubblewrap on this PATH.
    const tools = check(doctor(project, { HOME: home(), PATH: '/nonexistent' }).report, 'wall');
    assert.equal(tools.ok, false);
    assert.match(tools.detail, /^the sandbox is configured but cannot run here: bubblewrap \(bwrap\) is not installed$/);
    assert.match(tools.fix!, /apt-get install bubblewrap socat/);
  });

  test('sandbox.mode "off": hooks only, said plainly, and no failure', () => {
    const project = tempProject({ [PLAN_PATH]: PLAN, '.continuity/config.json': '{ "sandbox": { "mode": "off" } }' });
    assert.equal(runCli(['init'], { cwd: project }).code, 0);
    const wall = check(doctor(project).report, 'wall');
    assert.equal(wall.ok, true);
    assert.match(wall.detail, /^hooks only: sandbox\.mode is off in \.continuity\/config\.json/);
  });

  test('the continuity plugin enabled in the user\'s Claude Code settings counts as wired', () => {
    const project = healthyProject();
    rmSync(join(project, '.claude'), { recursive: true });
    const { report } = doctor(project, { HOME: home({ enabledPlugins: { 'continuity@continuity': true } }) });
    const hooks = check(report, 'hooks claude-code');
    assert.equal(hooks.ok, true);
    assert.equal(hooks.detail, 'wired by the continuity plugin (no .claude/settings.json)');
  });

  test('hooks pointing at a file that does not exist: named, with the fix; the round-trip fails too', () => {
    const project = healthyProject();
    const settingsPath = join(project, '.claude', 'settings.json');
    const moved = '/nowhere/continuity/dist/bin/continuity';
    writeFileSync(settingsPath, readFileSync(settingsPath, 'utf8').split(COMPILED).join(moved));
    const { r, report } = doctor(project);
    assert.equal(r.code, 1);
    const hooks = check(report, 'hooks claude-code');
    assert.equal(hooks.ok, false);
    assert.equal(hooks.detail, `.claude/settings.json runs ${moved} hook claude-code, but ${moved} does not exist`);
    assert.equal(hooks.fix, 'run `npx continuity init` from the continuity you have installed, to point the hooks at it');
    const trip = check(report, 'hook round-trip');
    assert.equal(trip.ok, false);
    assert.match(trip.detail, new RegExp(`^${moved.replace(/\//g, '\\/')} hook claude-code `));
  });

  test('an invalid config: the message names the key, with the fix; exit 1, no stack', () => {
    const project = healthyProject();
    writeFileSync(join(project, '.continuity', 'config.json'), '{ "stopGate": { "maxBlocks": 2 } }\n');
    const { r, report } = doctor(project);
    assert.equal(r.code, 1);
    const config = check(report, 'config');
    assert.equal(config.ok, false);
    assert.equal(config.detail, `invalid ${join(project, '.continuity', 'config.json')}: stopGate.maxBlocks: unknown key`);
    assert.equal(config.fix, 'correct .continuity/config.json (docs/config.md lists every key), or delete it to use the defaults');
    assert.doesNotMatch(r.stdout, NO_STACK);
  });

  test('a project without .continuity/: the ledger check says to run init', () => {
    const project = tempProject();
    const { r, report } = doctor(project);
    assert.equal(r.code, 1);
    assert.deepEqual(
      { ok: check(report, 'ledger').ok, fix: check(report, 'ledger').fix },
      { ok: false, fix: 'run `continuity init`' },
    );
  });

  test('a ledger that is not SQLite fails the ledger check and is left untouched', () => {
    const project = tempProject({ '.continuity/ledger.db': 'not a database, just text\n' });
    const { report } = doctor(project);
    const ledger = check(report, 'ledger');
    assert.equal(ledger.ok, false);
    assert.match(ledger.detail, /ledger\.db cannot be read: /);
    assert.equal(readFileSync(join(project, '.continuity', 'ledger.db'), 'utf8'), 'not a database, just text\n');
  });

  // Codex, Gemini CLI and Cursor take one command line per event entry: the same line in each is one way of running continuity.
  const CLIENTS = [
    { agents: 'claude-code', hooks: ['hooks claude-code'], walls: ['wall', 'own wall'] },
    { agents: 'codex', hooks: ['hooks codex'], walls: ['own wall', 'wall (Codex)'] },
    { agents: 'gemini', hooks: ['hooks gemini'], walls: ['own wall'] },
    { agents: 'cursor', hooks: ['hooks cursor'], walls: ['own wall', 'wall (Cursor)'] },
    { agents: 'claude-code,codex,gemini,cursor', hooks: ['hooks claude-code', 'hooks codex', 'hooks gemini', 'hooks cursor'], walls: ['wall', 'own wall', 'wall (Codex)', 'wall (Cursor)'] },
  ];
  for (const { agents, hooks, walls } of CLIENTS) {
    test(`init --agent ${agents}, a plan imported, then doctor: every check passes, with each wired client's hooks and layer`, () => {
      const project = tempProject({ [PLAN_PATH]: PLAN });
      for (const args of [['init', '--agent', agents, '--no-gitignore'], ['plan', 'import', PLAN_PATH]]) {
        const r = runCli(args, { cwd: project });
        assert.equal(r.code, 0, r.stderr);
      }
      const { r, report } = doctor(project);
      for (const c of report.checks) assert.equal(c.ok, true, `${c.name}: ${c.detail}`);
      assert.equal(r.code, 0, r.stdout);
      assert.deepEqual(report.checks.map((c) => c.name), ['node', 'sqlite', 'ledger', ...hooks, 'config', 'signers', 'wiring', ...walls, 'hook round-trip', 'hook entry', 'state']);
      for (const name of hooks) assert.match(check(report, name).detail, new RegExp(` runs \\S+ hook ${name.slice('hooks '.length)}$`));
      if (walls.includes('wall (Cursor)')) assert.match(check(report, 'wall (Cursor)').detail, /^hooks only: Cursor has no sandbox continuity can set up/);
      if (walls.includes('wall (Codex)')) assert.match(check(report, 'wall (Codex)').detail, /^structural: Codex's sandbox/);
    });
  }

  test('a bad option: exit 2, one line', () => {
    const r = runCli(['doctor', '--verbose'], { cwd: tempProject() });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^continuity: doctor: Unknown option '--verbose'/);
  });
});

test('doctor re-hashes the events against the recovery head: an event altered in place is reported, an intact ledger says so', () => {
  // One state home for the import that takes the copy and the doctors that read its head.
  const state = mkdtempSync(join(tmpdir(), 'continuity-doctor-state-'));
  const project = tempProject({ [PLAN_PATH]: PLAN });
  for (const args of [['init'], ['plan', 'import', PLAN_PATH]]) assert.equal(runCli(args, { cwd: project, env: { CONTINUITY_STATE_HOME: state } }).code, 0);
  const env = { HOME: home(), CONTINUITY_STATE_HOME: state };
  const intact = check(doctor(project, env).report, 'ledger');
  assert.equal(intact.ok, true);
  assert.match(intact.detail, /\d+ events? as recorded \(hash chain intact\)/);
  // What a script opening the ledger itself could do: rewrite what an event says, keeping the count.
  const driver = join(REPO_ROOT, 'node_modules', 'better-sqlite3');
  const r = spawnSync(process.execPath, ['-e', `const D=require(${JSON.stringify(driver)}); const db=new D('.continuity/ledger.db'); db.exec("UPDATE events SET decision = '{}' WHERE id = 1"); db.close()`], { cwd: project, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const altered = check(doctor(project, env).report, 'ledger');
  assert.equal(altered.ok, false);
  assert.match(altered.detail, /were altered after they were written/);
});
