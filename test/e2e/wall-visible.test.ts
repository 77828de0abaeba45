// Which layer guards continuity is said where people and the agent look:
// `status` (the Guard line and `wall` in --json) and the context every
// session starts with. `doctor`'s wall check: test/e2e/doctor.test.ts.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  assert.match(text, /^Guard {5}Claude Code · structural: Claude Code's OS sandbox \(bubblewrap\) keeps\n {10}\.continuity\/ and the hook wiring read-only/m);
  const json = JSON.parse(runCli(['status', '--json'], { cwd: walled.dir, env: walled.env }).stdout);
  const claudeCode = { level: 'structural', summary: "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ and the hook wiring read-only to the agent's commands", gaps: [] };
  assert.deepEqual(json.wall, claudeCode);
  // Only the client wired here has a Guard line: no other client's layer is claimed.
  assert.deepEqual(json.guard, [{ agent: 'claude-code', label: 'Claude Code', ...claudeCode }]);

  const bare = project(null);
  const plain = JSON.parse(runCli(['status', '--json'], { cwd: bare.dir, env: bare.env }).stdout);
  assert.equal(plain.wall.level, 'hooks-only');
  assert.equal(plain.wall.summary, 'hooks only: the sandbox is not enabled in any Claude Code settings file');
  assert.deepEqual(plain.guard, []);
  assert.match(runCli(['status'], { cwd: bare.dir, env: bare.env }).stdout, /^Guard {5}no client's settings here run continuity's hooks/m);
});

test("status: one Guard line per wired client, each with its own layer: Claude Code's wall does not speak for Codex, Gemini CLI or Cursor", () => {
  const many = project(['--agent', 'claude-code,codex,gemini,cursor', '--no-gitignore']);
  const json = JSON.parse(runCli(['status', '--json'], { cwd: many.dir, env: many.env }).stdout);
  assert.deepEqual(json.guard.map((g: { agent: string; level: string }) => [g.agent, g.level]), [['claude-code', 'structural'], ['codex', 'structural'], ['gemini', 'structural'], ['cursor', 'hooks-only']]);
  assert.match(json.guard[2].summary, /^structural: continuity's own wall \(bubblewrap\) around every Gemini CLI shell command: /);
  assert.equal(json.guard[3].summary, 'hooks only: Cursor has no sandbox continuity can set up, and continuity does not wrap its commands');
  const text = runCli(['status'], { cwd: many.dir, env: many.env, }).stdout;
  assert.equal(text.match(/^Guard /gm)!.length, 1);
  for (const label of ['Claude Code', 'Codex', 'Gemini CLI', 'Cursor']) assert.match(text, new RegExp(`^(Guard| ) {5,9}${label} · `, 'm'));
  // With sandbox.mode off, Gemini CLI's shell is guarded by the hooks only, and said so on its own line.
  const off = project(null);
  writeFileSync(join(off.dir, '.continuity', 'config.json'), '{ "sandbox": { "mode": "off" } }\n');
  assert.equal(runCli(['init', '--agent', 'gemini', '--no-gitignore'], { cwd: off.dir, env: off.env }).code, 0);
  const gemini = JSON.parse(runCli(['status', '--json'], { cwd: off.dir, env: off.env }).stdout).guard;
  assert.deepEqual(gemini.map((g: { agent: string; level: string }) => [g.agent, g.level]), [['gemini', 'hooks-only']]);
  assert.match(gemini[0].summary, /^hooks only: /);
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

test("an earlier init's wall, .claude's settings files denied one by one but the folder not bound on its own, shows as a gap until init runs again; uninstall still gives the person's bytes back", () => {
  const original = '{\n  "model": "opus"\n}\n';
  const dir = tempProject({ [PLAN_PATH]: PLAN, '.claude/settings.json': original });
  const env = { HOME: home() };
  assert.equal(runCli(['init', '--no-gitignore'], { cwd: dir, env }).code, 0);
  // What an init before allowWrite wrote: the same settings and record without the .claude entry.
  const settingsPath = join(dir, '.claude', 'settings.json');
  const withAllow = readFileSync(settingsPath, 'utf8');
  assert.match(withAllow, /"allowWrite": \["\.\/\.claude"\],\n\s*/);
  writeFileSync(settingsPath, withAllow.replace(/"allowWrite": \["\.\/\.claude"\],\n\s*/, ''));
  const recordPath = join(dir, '.continuity', 'init-record.json');
  const record = JSON.parse(readFileSync(recordPath, 'utf8'));
  const wall = record['claude-code'].wall as { added: string[][]; entries: { list: string[] }[] };
  wall.added = wall.added.filter((p) => p.at(-1) !== 'allowWrite');
  wall.entries = wall.entries.filter((e) => e.list.at(-1) !== 'allowWrite');
  writeFileSync(recordPath, JSON.stringify(record, null, 2) + '\n');
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: dir, env }).code, 0);

  const older = JSON.parse(runCli(['status', '--json'], { cwd: dir, env }).stdout).wall;
  assert.equal(older.summary, "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ read-only to the agent's commands");
  assert.deepEqual(older.gaps, [".claude is not in sandbox.filesystem.allowWrite: the sandbox keeps the settings files in it read-only one by one, and the agent's commands can rename the folder away and make it again with settings of their own (listed there, it is a mount point of its own and cannot be renamed): run continuity init"]);
  assert.match(runCli(['doctor'], { cwd: dir, env }).stdout, /\.claude is not in sandbox\.filesystem\.allowWrite: .*run continuity init/s);

  assert.equal(runCli(['init', '--no-gitignore'], { cwd: dir, env }).code, 0);
  assert.deepEqual(JSON.parse(readFileSync(settingsPath, 'utf8')).sandbox.filesystem.allowWrite, ['./.claude'], 'init again adds the entry');
  assert.deepEqual(JSON.parse(runCli(['status', '--json'], { cwd: dir, env }).stdout).wall.gaps, []);
  assert.equal(runCli(['init', '--uninstall'], { cwd: dir, env }).code, 0);
  assert.equal(readFileSync(settingsPath, 'utf8'), original, 'byte for byte');
  assert.equal(existsSync(recordPath), false);
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
