/**
 * The wall for Codex as `doctor` and `status` report it: after
 * `continuity init --agent codex`, read from Codex's own config files (the
 * project's, and the person's in CODEX_HOME), as Codex 0.169 applies them.
 */
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runAtTerminal, runCli, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n### Task 1: First\n\nDo it.\n';

function setUp(): { project: string; env: NodeJS.ProcessEnv; userConfig: string } {
  const project = tempProject({ 'docs/plans/p.md': PLAN });
  const home = mkdtempSync(join(tmpdir(), 'continuity-codex-home-'));
  mkdirSync(join(home, '.codex'));
  const env = { HOME: home, CODEX_HOME: join(home, '.codex') };
  for (const args of [['plan', 'import', 'docs/plans/p.md'], ['init', '--agent', 'codex', '--no-gitignore']]) {
    const r = runCli(args, { cwd: project, env });
    assert.equal(r.code, 0, r.stderr);
  }
  return { project, env, userConfig: join(home, '.codex', 'config.toml') };
}

function doctorCheck(project: string, env: NodeJS.ProcessEnv): { ok: boolean; detail: string; fix?: string } | undefined {
  const r = runCli(['doctor', '--json'], { cwd: project, env });
  return (JSON.parse(r.stdout) as { checks: { name: string; ok: boolean; detail: string; fix?: string }[] }).checks.find((c) => c.name === 'wall (Codex)');
}

function codexWall(project: string, env: NodeJS.ProcessEnv): { level: string; summary: string; gaps: string[] } | undefined {
  const r = runCli(['status', '--json'], { cwd: project, env });
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { guard?: { agent: string; level: string; summary: string; gaps: string[] }[] }).guard?.find((w) => w.agent === 'codex');
}

test("after init --agent codex, status and doctor say Codex's sandbox keeps continuity's state read-only; an untrusted project is named", () => {
  const { project, env, userConfig } = setUp();
  const wall = codexWall(project, env)!;
  assert.equal(wall.level, 'structural');
  assert.match(wall.summary, /^structural: Codex's sandbox \(bubblewrap\) keeps \.continuity\/ and the hook wiring \(\.codex\/, ~\/\.codex\) read-only to the agent's commands$/);
  assert.deepEqual(wall.gaps, [`${userConfig} does not mark ${project} as trusted: Codex reads the project's .codex/config.toml (the wall) and .codex/hooks.json only in a trusted project`]);
  const check = doctorCheck(project, env)!;
  assert.equal(check.ok, true);
  assert.match(check.detail, /^structural: Codex's sandbox/);
  const text = runCli(['status'], { cwd: project, env }).stdout;
  assert.match(text, /^Guard {5}Codex · structural: Codex's sandbox/m);
});

test("the person's own sandbox_mode does not undo the project's profile; one added to the project's config does: hooks only, doctor fails and says what to remove", () => {
  const { project, env, userConfig } = setUp();
  writeFileSync(userConfig, `sandbox_mode = "workspace-write"\n\n[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`);
  const wall = codexWall(project, env)!;
  assert.equal(wall.level, 'structural');
  assert.deepEqual(wall.gaps, []);
  appendFileSync(join(project, '.codex', 'config.toml'), 'sandbox_mode = "workspace-write"\n');
  // The person's own edit of the wiring is kept only once they accept it (any other command would put it back).
  const accept = runAtTerminal(['config', 'accept'], { cwd: project, env });
  assert.equal(accept.code, 0, accept.stderr);
  const after = codexWall(project, env)!;
  assert.equal(after.level, 'hooks-only');
  assert.equal(after.summary, 'hooks only: sandbox_mode is set in .codex/config.toml: Codex then ignores default_permissions, the permission profile the wall is');
  const check = doctorCheck(project, env)!;
  assert.equal(check.ok, false);
  assert.match(check.fix ?? '', /^remove sandbox_mode from that Codex config/);
});

test('a project without Codex has no Codex wall to report', () => {
  const project = tempProject({ 'docs/plans/p.md': PLAN });
  const home = mkdtempSync(join(tmpdir(), 'continuity-codex-home-'));
  const env = { HOME: home, CODEX_HOME: join(home, '.codex') };
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: project, env }).code, 0);
  assert.equal(codexWall(project, env), undefined);
  assert.equal(doctorCheck(project, env), undefined);
});
