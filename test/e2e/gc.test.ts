// `continuity gc` (and the daily sweep of `status`) removes what continuity
// keeps outside projects that no longer need it, and never what a project
// that still exists relies on: a live project's recovery copy, the copy that
// must restore a wired project's deleted ledger, the record that makes a
// guarded workspace without its ledger and copy fail closed.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { guardedRecordOf } from '../../src/ledger/guarded-workspaces.js';
import { recoveryDirOf } from '../../src/ledger/recovery-copy.js';
import { hook, runCli, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n### Task 1: One\n\nDo it.\n';
const LOST = /and the ledger's recovery copy are both gone: nothing is enforced here/;

function project(env: NodeJS.ProcessEnv, files: Record<string, string> = {}): string {
  const dir = tempProject({ 'docs/plan.md': PLAN, ...files });
  assert.equal(runCli(['plan', 'import', 'docs/plan.md'], { cwd: dir, env }).code, 0);
  assert.ok(existsSync(recoveryDirOf(dir, env)) && existsSync(guardedRecordOf(dir, env)));
  return dir;
}

/** Makes the copy's last renewal look `days` old. */
function age(dir: string, env: NodeJS.ProcessEnv, days: number): void {
  const file = join(recoveryDirOf(dir, env), 'head.json');
  const head = JSON.parse(readFileSync(file, 'utf8')) as { at: string };
  writeFileSync(file, JSON.stringify({ ...head, at: new Date(Date.now() - days * 86_400_000).toISOString() }));
}

test('gc removes the copies of gone, replaced and abandoned projects; a live or wired project keeps its copy, an existing guarded one its record', () => {
  const state = mkdtempSync(join(tmpdir(), 'continuity-gc-state-'));
  after(() => rmSync(state, { recursive: true, force: true }));
  const env = { CONTINUITY_STATE_HOME: state };
  const live = project(env);
  const gone = project(env);
  const replaced = project(env);
  const wired = project(env, { '.claude/settings.json': JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'continuity hook claude-code' }] }] } }) });
  const abandoned = project(env);
  const recent = project(env);

  rmSync(gone, { recursive: true, force: true });
  rmSync(replaced, { recursive: true, force: true });
  mkdirSync(join(replaced, '.git'), { recursive: true });
  for (const p of [wired, abandoned, recent]) rmSync(join(p, '.continuity'), { recursive: true, force: true });
  for (const p of [live, wired, abandoned]) age(p, env, 30);

  // doctor says what gc would remove, and fails nothing for it.
  const doctor = runCli(['doctor', '--json'], { cwd: live, env });
  const state_ = (JSON.parse(doctor.stdout) as { checks: { name: string; ok: boolean; detail: string }[] }).checks.find((c) => c.name === 'state')!;
  assert.equal(state_.ok, true);
  assert.match(state_.detail, /6 recovery copies .*; 3 of .* belong to projects that are gone or no longer use continuity: `continuity gc` removes them/);

  const dry = runCli(['gc', '--dry-run'], { cwd: live, env });
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /Would remove 4 records/);
  assert.ok(existsSync(recoveryDirOf(gone, env)), 'a dry run removes nothing');

  const gc = runCli(['gc', '--json'], { cwd: live, env });
  assert.equal(gc.code, 0, gc.stderr);
  const removed = (JSON.parse(gc.stdout) as { removed: { kind: string; root: string }[] }).removed.map((r) => `${r.kind} ${r.root}`).sort();
  assert.deepEqual(removed, [`guarded-record ${gone}`, `recovery-copy ${abandoned}`, `recovery-copy ${gone}`, `recovery-copy ${replaced}`].sort());
  for (const p of [live, wired, recent]) assert.ok(existsSync(recoveryDirOf(p, env)), `${p} keeps its copy`);
  for (const p of [live, replaced, wired, abandoned, recent]) assert.ok(existsSync(guardedRecordOf(p, env)), `${p} keeps its record`);

  // The wired project's ledger comes back from its copy; the abandoned one, its copy gone, still fails closed.
  assert.equal(hook(wired, { hook_event_name: 'UserPromptSubmit', prompt: 'hi' }, { env }).code, 0);
  assert.ok(existsSync(join(wired, '.continuity', 'ledger.db')));
  const write = hook(abandoned, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 't1', tool_input: { file_path: join(abandoned, 'a.ts'), content: 'x' } }, { env });
  const answer = JSON.parse(write.stdout) as { hookSpecificOutput?: { permissionDecision?: string }; systemMessage?: string };
  assert.equal(answer.hookSpecificOutput?.permissionDecision, 'deny');
  assert.match(String(answer.systemMessage), LOST);
});

test("status sweeps once a day on its own: a deleted project's copy goes at the next status, not again the same day", () => {
  const state = mkdtempSync(join(tmpdir(), 'continuity-gc-state-'));
  after(() => rmSync(state, { recursive: true, force: true }));
  const env = { CONTINUITY_STATE_HOME: state };
  const live = project(env);
  const gone = project(env);
  rmSync(gone, { recursive: true, force: true });
  assert.equal(runCli(['status'], { cwd: live, env }).code, 0);
  assert.ok(!existsSync(recoveryDirOf(gone, env)));
  assert.ok(existsSync(recoveryDirOf(live, env)));
  const again = project(env);
  rmSync(again, { recursive: true, force: true });
  assert.equal(runCli(['status'], { cwd: live, env }).code, 0);
  assert.ok(existsSync(recoveryDirOf(again, env)), 'swept already today');
});
