// Attacks on continuity's own state where no sandbox stands, each executed
// for real between the hooks of the agent's Bash call in a throwaway project:
// forging an approval past the after-the-call check, pointing the ledger
// elsewhere, removing the ledger and its copy together, and deleting it from
// a process that outlives the call (refused where the command shows it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { recoveryDirOf } from '../../src/ledger/recovery-copy.js';
import { bashBetweenHooks, hook, REPO_ROOT, runCli, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';
const DRIVER = JSON.stringify(join(REPO_ROOT, 'node_modules', 'better-sqlite3'));
/** `.continuity`, spelled so that no parser sees it. */
const DIR = `Buffer.from('${Buffer.from('.continuity').toString('hex')}', 'hex').toString()`;

/** A draft plan; each test has a state home of its own, so its recovery copy is its own. */
function draftProject(): { dir: string; env: NodeJS.ProcessEnv } {
  const env = { CONTINUITY_STATE_HOME: mkdtempSync(join(tmpdir(), 'continuity-attack-state-')) };
  const dir = tempProject({ 'docs/plans/p.md': PLAN });
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: dir, env }).code, 0);
  return { dir, env };
}

const stateOf = (dir: string, env: NodeJS.ProcessEnv) => (JSON.parse(runCli(['plan', 'show', '--json'], { cwd: dir, env }).stdout) as { state: string }).state;
const violations = (dir: string, env: NodeJS.ProcessEnv) => (JSON.parse(runCli(['status', '--json'], { cwd: dir, env }).stdout) as { recentViolations: { kind: string; summary: string }[] }).recentViolations;

/** A script the agent wrote earlier: it opens the ledger with SQLite itself and approves the plan, then does `extra`. */
function forger(dir: string, extra: string): void {
  writeFileSync(
    join(dir, 'forge.js'),
    `const D = require(${DRIVER}); const path = require('path'); const fs = require('fs'); const dir = ${DIR};
const db = new D(path.join(dir, 'ledger.db'));
db.exec("UPDATE plans SET state = 'approved', approved_hash = structure_hash, approved_at = '2026-11-25T05:00:00.000Z', approved_via = 'user-prompt'");
${extra}
db.close();\n`,
  );
}

test('an approval forged in the ledger with a made-up approval event in the spool is undone after the call', () => {
  const { dir, env } = draftProject();
  forger(
    dir,
    `fs.mkdirSync(path.join(dir, 'spool'), { recursive: true });
fs.writeFileSync(path.join(dir, 'spool', '20261125T050001000Z-1-forged.json'), JSON.stringify({ at: '2026-11-25T05:00:01.000Z', source: 'hook:claude-code', kind: 'approve', sessionId: 's', input: {}, decision: { action: 'approved' } }));`,
  );
  const r = bashBetweenHooks(dir, 'node forge.js', { env });
  assert.equal(r.denied, false);
  assert.match(r.post, /the approval of plan p written into the ledger outside continuity \(undone/);
  assert.equal(stateOf(dir, env), 'draft');
});

test('an approval forged with an approval event written into the ledger, and the hot state deleted, is undone after the call', () => {
  const { dir, env } = draftProject();
  forger(
    dir,
    `db.prepare('INSERT INTO events (at, source, kind, session_id, input, decision) VALUES (?, ?, ?, ?, ?, ?)').run('2026-11-25T05:00:01.000Z', 'hook:claude-code', 'UserPromptSubmit', 's', '{}', JSON.stringify({ action: 'approved' }));
fs.rmSync(path.join(dir, 'state.json'));`,
  );
  const r = bashBetweenHooks(dir, 'node forge.js', { env });
  assert.equal(r.denied, false);
  assert.match(r.post, /undone; the plan is draft again/);
  assert.equal(stateOf(dir, env), 'draft');
});

test('a ledger replaced by a symbolic link to a database made elsewhere is put back from the recovery copy', () => {
  const { dir, env } = draftProject();
  const elsewhere = join(mkdtempSync(join(tmpdir(), 'continuity-evil-')), 'ledger.db');
  copyFileSync(join(dir, '.continuity', 'ledger.db'), elsewhere);
  writeFileSync(join(dir, 'swap.js'), `const D = require(${DRIVER}); const fs = require('fs'); const path = require('path');
const db = new D(${JSON.stringify(elsewhere)}); db.exec("UPDATE plans SET state = 'approved', approved_hash = structure_hash, approved_at = '2026-11-25T05:00:00.000Z'"); db.close();
const target = path.join(${DIR}, 'ledger.db'); fs.rmSync(target); fs.symlinkSync(${JSON.stringify(elsewhere)}, target);\n`);
  const r = bashBetweenHooks(dir, 'node swap.js', { env });
  assert.equal(r.denied, false);
  assert.equal(stateOf(dir, env), 'draft');
  assert.ok(violations(dir, env).some((v) => v.kind === 'ledger_restored' && /symbolic link/.test(v.summary)));
});

test('the ledger and its recovery copy removed together: the project continuity guarded says nothing is enforced, instead of going quiet', () => {
  const { dir, env } = draftProject();
  assert.equal(runCli(['init', '--no-gitignore'], { cwd: dir, env }).code, 0);
  const copy = recoveryDirOf(dir, env);
  assert.ok(existsSync(copy));
  writeFileSync(join(dir, 'wipe.js'), `const fs = require('fs'); fs.rmSync(${DIR}, { recursive: true }); fs.rmSync(${JSON.stringify(copy)}, { recursive: true });\n`);
  const r = bashBetweenHooks(dir, 'node wipe.js', { env });
  assert.equal(r.denied, false);
  assert.match(r.post, /continuity guarded .*, and its \.continuity\/ .* and the ledger's recovery copy are both gone: nothing is enforced here/);
  const prompt = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env });
  assert.match(prompt.stdout, /nothing is enforced here/);
  // A project that never wired continuity (a plugin seen everywhere) stays quiet.
  const other = tempProject();
  assert.equal(hook(other, { hook_event_name: 'UserPromptSubmit', prompt: 'hi' }, { env }).stdout, '');
});

test('a ledger deleted by a process that outlives the call is restored by the next hook', async () => {
  const { dir, env } = draftProject();
  // The child waits for the test's word (made once the call's last hook has answered): a fixed delay could fall inside that hook on a busy machine.
  const go = join(dir, '.go-later');
  writeFileSync(join(dir, 'later.js'), `const fs = require('fs'); const t = setInterval(() => { if (!fs.existsSync(${JSON.stringify(go)})) return; clearInterval(t); fs.rmSync(${DIR}, { recursive: true }); }, 50); setTimeout(() => process.exit(0), 60000);\n`);
  // Left running by the command itself, it is refused: no wall stands here.
  const refused = bashBetweenHooks(dir, 'node later.js > /dev/null 2>&1 &', { env });
  assert.equal(refused.denied, true);
  assert.match(refused.pre, /starts a process that outlives the tool call/);
  // A script that forks a child of its own shows nothing of it in the command: the call returns at once; the child goes on.
  writeFileSync(join(dir, 'fork.js'), "require('child_process').spawn(process.execPath, ['later.js'], { detached: true, stdio: 'ignore' }).unref();\n");
  const r = bashBetweenHooks(dir, 'node fork.js', { env });
  assert.equal(r.denied, false);
  writeFileSync(go, '');
  for (let i = 0; i < 100 && existsSync(join(dir, '.continuity')); i++) await new Promise((res) => setTimeout(res, 100));
  assert.equal(existsSync(join(dir, '.continuity')), false, 'the background process removed the folder');
  const next = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env });
  assert.match(next.stdout, /ledger was restored from its recovery copy/);
  assert.equal(stateOf(dir, env), 'draft');
});

test('a restore that brings back an approved plan says so, and how to take the approval back', () => {
  const { dir, env } = draftProject();
  // What a recovery copy overwritten by the agent would hold: the plan approved.
  const copy = join(recoveryDirOf(dir, env), 'ledger.db');
  const forged = spawnSync(process.execPath, ['-e', `const D = require(${DRIVER}); const db = new D(${JSON.stringify(copy)}); db.exec("UPDATE plans SET state = 'approved', approved_hash = structure_hash, approved_at = '2026-11-25T05:00:00.000Z', approved_via = 'user-prompt'"); db.close();`], { encoding: 'utf8' });
  assert.equal(forged.status, 0, forged.stderr);
  rmSync(join(dir, '.continuity'), { recursive: true });
  const next = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env });
  assert.match(next.stdout, /The restored ledger holds plan p as approved .*`continuity revoke` takes it back/);
});

test("the sqlite3 shell's own file writing (writefile(), .output, .shell) is refused on continuity's files whatever database it opens, -readonly or :memory:, and a name built from char() codes too", () => {
  const { dir, env } = draftProject();
  const config = join(dir, '.continuity', 'config.json');
  const attacks = [
    `sqlite3 :memory: "select writefile('.continuity/config.json', '{}')"`,
    `sqlite3 -readonly .continuity/ledger.db "select writefile('.continuity/config.json', '{}')"`,
    `sqlite3 :memory: "select writefile(char(${[...'.continuity'].map((c) => c.charCodeAt(0)).join(',')}) || '/config.json', '{}')"`,
    `echo "select writefile('.continuity/config.json', '{}');" | sqlite3`,
    `sqlite3 :memory: ".output .continuity/config.json" "select '{}'"`,
    `sqlite3 :memory: ".shell rm -f .continuity/config.json"`,
  ];
  for (const command of attacks) {
    const r = bashBetweenHooks(dir, command, { env });
    assert.ok(r.denied, `${command}: ${r.pre}`);
    assert.equal(existsSync(config), false, `${command} left a config behind`);
  }
  // What reads, or writes a file of the project's own, runs: the shell is not taken from the agent.
  for (const command of [`sqlite3 -readonly .continuity/ledger.db "select count(*) from events"`, `sqlite3 :memory: "select writefile('notes.txt', 'hello')"`]) {
    const r = bashBetweenHooks(dir, command, { env });
    assert.equal(r.denied, false, `${command}: ${r.pre}`);
    assert.equal(r.ran, 0, command);
  }
  assert.equal(stateOf(dir, env), 'draft');
});
