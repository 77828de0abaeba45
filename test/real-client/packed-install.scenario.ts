// continuity as a registry install gets it: `npm pack`, then in a fresh
// project `npm install -D ./continuity-X.tgz` (npm needs the registry, or
// its cache, for the dependencies and for Bun). The package has no compiled
// executable (it is platform-specific), so `continuity init` builds it on
// first use with the pinned, checksummed Bun and wires the package's
// launcher; doctor names the entry. A reinstall that takes dist/bin away
// leaves the hooks answering on Node, and the next hook call builds the
// executable again in the background. No client runs here: it runs once.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

function run(cmd: string, args: string[], cwd: string, opts: { env?: NodeJS.ProcessEnv; input?: string; timeout?: number } = {}): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: opts.env ?? process.env, input: opts.input ?? '', timeout: opts.timeout ?? 600_000 });
  if (r.error) throw r.error;
  return r;
}

function hookEntry(project: string, env: NodeJS.ProcessEnv): { ok: boolean; detail: string } {
  const doctor = run('npx', ['--no-install', 'continuity', 'doctor', '--json'], project, { env });
  const checks = (JSON.parse(doctor.stdout) as { checks: { name: string; ok: boolean; detail: string }[] }).checks;
  assert.ok(checks.find((c) => c.name === 'hook round-trip')?.ok, doctor.stdout);
  const entry = checks.find((c) => c.name === 'hook entry');
  assert.ok(entry, doctor.stdout);
  return entry;
}

test('a packed install: init builds the executable on first use and wires it through the launcher; doctor names it; a reinstall falls back to Node and builds again', { timeout: 1_200_000 }, async () => {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-packed-')));
  try {
    // The suite's set-up has built dist/ (scripts/test-real-client.mjs): pack it as it is.
    const pack = run('npm', ['pack', '--ignore-scripts', '--pack-destination', work, '--silent'], REPO_ROOT);
    assert.equal(pack.status, 0, pack.stderr);
    const tarball = join(work, `${pkg.name}-${pkg.version}.tgz`);
    assert.ok(existsSync(tarball), pack.stdout);
    const listing = run('tar', ['-tzf', tarball], work).stdout.split('\n');
    assert.ok(!listing.some((f) => f.startsWith('package/dist/bin/')), 'the package carries no executable');
    for (const f of ['package/dist/launcher/continuity', 'package/dist/compiled.mjs', 'package/dist/executable.json']) assert.ok(listing.includes(f), `${f} is in the package`);

    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "guarded-project", "version": "1.0.0", "private": true }\n');
    assert.equal(run('git', ['init', '-q'], project).status, 0);
    const install = run('npm', ['install', '--save-dev', tarball, '--no-audit', '--no-fund'], project);
    assert.equal(install.status, 0, install.stderr);
    const dist = join(project, 'node_modules', 'continuity', 'dist');
    assert.ok(!existsSync(join(dist, 'bin', 'continuity')));

    const env = { ...process.env, CONTINUITY_STATE_HOME: join(work, 'state'), CONTINUITY_BUILD_EXECUTABLE: '' };
    const init = run('npx', ['--no-install', 'continuity', 'init', '--no-gitignore'], project, { env });
    assert.equal(init.status, 0, init.stderr + init.stdout);
    assert.match(init.stdout, new RegExp(`^created ${dist}/bin/continuity \\(continuity's executable, compiled for this machine with the pinned Bun\\)$`, 'm'));
    const settings = JSON.parse(readFileSync(join(project, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string; args: string[] }[] }[]> };
    const wired = settings.hooks.SessionStart![0]!.hooks[0]!;
    assert.deepEqual([wired.command, ...wired.args], ['sh', join(dist, 'launcher', 'continuity'), 'hook', 'claude-code']);
    assert.ok(existsSync(join(dist, 'bin', 'continuity')));
    assert.match(hookEntry(project, env).detail, new RegExp(`^compiled executable ${dist}/bin/continuity, built for this machine on first use, through the launcher`));
    // A plan, so that a session start has something to say.
    mkdirSync(join(project, 'docs', 'plans'), { recursive: true });
    writeFileSync(join(project, 'docs', 'plans', 'p.md'), '# Plan\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n');
    const plan = run('npx', ['--no-install', 'continuity', 'plan', 'import', 'docs/plans/p.md'], project, { env });
    assert.equal(plan.status, 0, plan.stderr);

    // As a reinstall leaves it: the package again, without dist/bin.
    rmSync(join(dist, 'bin'), { recursive: true, force: true });
    const payload = JSON.stringify({ session_id: 's-packed', hook_event_name: 'SessionStart', source: 'startup', cwd: project, transcript_path: join(project, 't.jsonl') });
    const call = run(wired.command, wired.args, project, { env: { ...env, CLAUDE_PROJECT_DIR: project }, input: payload });
    assert.equal(call.status, 0, call.stderr);
    assert.match(call.stdout, /"hookEventName":\s*"SessionStart"/);
    // That call (on Node) started the build in the background.
    const deadline = Date.now() + 600_000;
    while (!existsSync(join(dist, 'bin', 'continuity')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    assert.ok(existsSync(join(dist, 'bin', 'continuity')), `built in the background: ${readFileSync(join(dist, 'bin', 'build.log'), 'utf8')}`);
    assert.match(hookEntry(project, env).detail, /^compiled executable .*, built for this machine on first use/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
