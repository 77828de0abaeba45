// Which layer guards continuity is said where people and the agent look:
// `status` (the Guard line and `wall` in --json) and the context every
// session starts with. `doctor`'s wall check: test/e2e/doctor.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';

const PLAN_PATH = 'docs/plans/p.md';
const PLAN = '# Plan\n\n### Task 1: First\n\nDo it.\n\n### Task 2: Second\n\nMore.\n';

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-home-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function project(initArgs: string[] | null): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempProject({ [PLAN_PATH]: PLAN });
  const env = { HOME: home() };
  if (initArgs) assert.equal(runCli(['init', ...initArgs], { cwd: dir, env }).code, 0);
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: dir, env }).code, 0);
  return { dir, env };
}

test('status shows the wall init put up, and says hooks only, with the reason, where there is none', () => {
  const walled = project(['--no-gitignore']);
  const text = runCli(['status'], { cwd: walled.dir, env: walled.env }).stdout;
  assert.match(text, /^Guard {5}structural: Claude Code's OS sandbox \(bubblewrap\) keeps \.continuity\/\n {10}and the hook wiring read-only/m);
  const json = JSON.parse(runCli(['status', '--json'], { cwd: walled.dir, env: walled.env }).stdout);
  const { own, ...claudeCode } = json.wall;
  assert.deepEqual(claudeCode, { level: 'structural', summary: "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ and the hook wiring read-only to the agent's commands", gaps: [] });
  // Beside it, the layer continuity raises itself for Gemini CLI's and OpenClaw's shell (bubblewrap starts here).
  assert.match(own, /^continuity's own wall \(bubblewrap\) around every Gemini CLI and OpenClaw shell command: /);

  const bare = project(null);
  const plain = JSON.parse(runCli(['status', '--json'], { cwd: bare.dir, env: bare.env }).stdout);
  assert.equal(plain.wall.level, 'hooks-only');
  assert.equal(plain.wall.summary, 'hooks only: the sandbox is not enabled in any Claude Code settings file');
});

test('a protect entry added to the config after init shows as a gap until init runs again', () => {
  const p = project(['--no-gitignore']);
  writeFileSync(join(p.dir, '.continuity', 'config.json'), JSON.stringify({ protect: ['migrations/**'] }));
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: p.dir, env: p.env }).code, 0);
  const json = JSON.parse(runCli(['status', '--json'], { cwd: p.dir, env: p.env }).stdout);
  assert.deepEqual(json.wall.gaps, ['protect entry migrations/** is not in sandbox.filesystem.denyWrite: run continuity init']);
  assert.equal(runCli(['init', '--no-gitignore'], { cwd: p.dir, env: p.env }).code, 0);
  assert.deepEqual(JSON.parse(runCli(['status', '--json'], { cwd: p.dir, env: p.env }).stdout).wall.gaps, []);
});

test("a session starts knowing which layer guards continuity's state, in declarative words", () => {
  const walled = project(['--no-gitignore']);
  const start = hook(walled.dir, { hook_event_name: 'SessionStart', source: 'startup' }, { env: walled.env });
  const context = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
  assert.match(context, /continuity's state and hook wiring are read-only to the agent's commands \(Claude Code's OS sandbox\)/);
  const bare = project(null);
  const plain = JSON.parse(hook(bare.dir, { hook_event_name: 'SessionStart', source: 'compact' }, { env: bare.env }).stdout).hookSpecificOutput.additionalContext as string;
  assert.match(plain, /continuity's state is guarded by its hooks only \(the sandbox is not enabled in any Claude Code settings file\)\./);
  assert.doesNotMatch(plain, /\b(run|enable|install|must|should)\b/i, 'facts, not instructions');
});
