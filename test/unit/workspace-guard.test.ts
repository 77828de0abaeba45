import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { workspaceGuard } from '../../src/domain/workspace-guard.js';
import { forgetWorkspace, guardedRecordOf, isRemembered, rememberWorkspace } from '../../src/ledger/guarded-workspaces.js';

test('a workspace continuity guarded whose ledger and copy are gone is lost, not a workspace without continuity', () => {
  const f = (folder: boolean, ledger: boolean, recoveryCopy: boolean, remembered: boolean) => workspaceGuard({ folder, ledger, recoveryCopy, remembered });
  assert.equal(f(true, true, true, true), 'ledger');
  assert.equal(f(true, true, false, false), 'ledger');
  assert.equal(f(false, false, true, true), 'restore', 'the copy brings the ledger back');
  assert.equal(f(true, false, true, false), 'restore');
  assert.equal(f(false, false, false, true), 'lost', '.continuity/ and the copy removed');
  assert.equal(f(true, false, false, true), 'lost', 'the ledger file and the copy removed, the folder kept');
  assert.equal(f(true, false, false, false), 'start', '.continuity/ made by hand in a workspace never guarded');
  assert.equal(f(false, false, false, false), 'not-enabled');
});

test('the record outside the workspace: remembered once, forgotten only when asked, per workspace path', () => {
  const env = { CONTINUITY_STATE_HOME: mkdtempSync(join(tmpdir(), 'continuity-guarded-')) };
  const root = '/work/some/project';
  assert.equal(isRemembered(root, env), false);
  rememberWorkspace(root, '2026-11-26T08:00:00.000Z', env);
  assert.equal(isRemembered(root, env), true);
  assert.equal(isRemembered('/work/some/other', env), false);
  rememberWorkspace(root, '2026-11-27T08:00:00.000Z', env);
  assert.equal(JSON.parse(readFileSync(guardedRecordOf(root, env), 'utf8')).at, '2026-11-26T08:00:00.000Z', 'an existing record is kept');
  forgetWorkspace(root, env);
  assert.equal(isRemembered(root, env), false);
});

test('many processes remembering at once leave one whole record and no temporary file', async () => {
  const home = mkdtempSync(join(tmpdir(), 'continuity-guarded-'));
  const module = join(import.meta.dirname, '..', '..', 'src', 'ledger', 'guarded-workspaces.ts');
  const code = `const m = await import(${JSON.stringify(module)}); for (let i = 0; i < 20; i++) { m.rememberWorkspace('/work/p', new Date().toISOString(), process.env); m.forgetWorkspace('/work/other', process.env); }`;
  const runs = Array.from({ length: 6 }, () => new Promise<number | null>((resolve) => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { env: { ...process.env, CONTINUITY_STATE_HOME: home }, stdio: 'inherit' }).on('exit', resolve)));
  assert.deepEqual(await Promise.all(runs), [0, 0, 0, 0, 0, 0]);
  const files = readdirSync(join(home, 'guarded'));
  assert.equal(files.length, 1, files.join(', '));
  assert.equal(JSON.parse(readFileSync(join(home, 'guarded', files[0]!), 'utf8')).root, '/work/p');
});
