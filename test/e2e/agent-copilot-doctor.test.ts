/**
 * A project wired for GitHub Copilot CLI: `doctor` checks its hook file and
 * names it among the clients continuity walls itself; the `Guard` line of
 * `status` names Copilot CLI and the layer in force for it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli, tempProject } from '../helpers/cli.js';

const PLAN_PATH = 'docs/plans/p.md';
const PLAN = '# Plan\n\n### Task 1: First\n\nDo it.\n\n### Task 2: Second\n\nDo more.\n';

test('init --agent copilot, a plan imported, then doctor: every check passes, with the Copilot CLI hook file and the own wall naming it', () => {
  const project = tempProject({ [PLAN_PATH]: PLAN });
  for (const args of [['init', '--agent', 'copilot', '--no-gitignore'], ['plan', 'import', PLAN_PATH]]) {
    const r = runCli(args, { cwd: project });
    assert.equal(r.code, 0, r.stderr);
  }
  const r = runCli(['doctor', '--json'], { cwd: project });
  const report = JSON.parse(r.stdout) as { checks: { name: string; ok: boolean; detail: string }[] };
  for (const c of report.checks) assert.equal(c.ok, true, `${c.name}: ${c.detail}`);
  assert.equal(r.code, 0, r.stdout);
  const hooks = report.checks.find((c) => c.name === 'hooks copilot');
  assert.match(String(hooks?.detail), / runs \S+ hook copilot$/);
  assert.match(String(report.checks.find((c) => c.name === 'own wall')?.detail), /Copilot CLI/);
});

test("status names Copilot CLI on its Guard line with continuity's own wall around its shell commands", () => {
  const project = tempProject({ [PLAN_PATH]: PLAN });
  assert.equal(runCli(['init', '--agent', 'copilot', '--no-gitignore'], { cwd: project }).code, 0);
  const status = runCli(['status'], { cwd: project });
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout.replace(/\s+/g, ' '), /Guard Copilot CLI · structural: continuity's own wall \(bubblewrap\) around every Copilot CLI shell command/);
});
