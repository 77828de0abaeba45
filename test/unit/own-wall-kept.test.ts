// continuity's own wall in a long-lived process (the OpenClaw gateway): the
// wall built from the same facts is kept (src/hooks/rules/own-wall.ts
// keptWall), its facts read afresh at every call. After each kind of
// outside change that matters to the wall (the config, the guarded
// patterns, a wiring file or a start-up file made, removed, or its folder
// replaced by a rename), a walled shell call is answered as a fresh
// computation answers it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, test } from 'node:test';
import { ownWallAnswer } from '../../src/hooks/rules/own-wall.js';
import type { HotState } from '../../src/ledger/hot-state.js';

const PROTECT = ['.continuity/**', '.claude/settings.json', '.github/hooks/**', 'docs/secret/**', '/etc/codex/config.toml'];

function setup() {
  const base = mkdtempSync(join(tmpdir(), 'continuity-own-wall-kept-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const home = join(base, 'home');
  const root = join(base, 'project');
  const bin = join(base, 'bin');
  mkdirSync(home);
  writeFileSync(join(home, '.bashrc'), '');
  mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(join(root, '.github', 'hooks'), { recursive: true });
  writeFileSync(join(root, '.github', 'hooks', 'continuity.json'), '{}');
  mkdirSync(join(root, '.continuity'));
  mkdirSync(bin);
  const env = { HOME: home, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, CONTINUITY_STATE_HOME: join(base, 'state') };
  const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: "echo 'a b' > out.txt" }, cwd: root };
  /** The kept answer, held equal to a fresh computation's. */
  const both = async (protectGlobs: string[] = PROTECT) => {
    const hot = { protectGlobs } as unknown as HotState;
    const kept = await ownWallAnswer(payload, root, env, 'hook:openclaw', hot, { keep: true });
    assert.deepEqual(kept, await ownWallAnswer(payload, root, env, 'hook:openclaw', hot));
    return String((kept?.output?.hookSpecificOutput as { updatedInput: { command: string } }).updatedInput.command);
  };
  return { base, home, root, bin, both };
}

test('own wall, kept: the same facts give the same wall; the config and the guarded patterns changed give another', async () => {
  const s = setup();
  const first = await s.both();
  assert.match(first, /bwrap/);
  assert.equal(await s.both(), first);
  // The config's protect list changed by another process.
  mkdirSync(join(s.root, 'private'));
  writeFileSync(join(s.root, '.continuity', 'config.json'), JSON.stringify({ protect: ['private/**'] }));
  const withConfig = await s.both();
  assert.notEqual(withConfig, first);
  assert.ok(withConfig.includes(join(s.root, 'private')));
  // The hot state's guarded patterns changed (a newly guarded file that exists).
  writeFileSync(join(s.root, '.extra'), '');
  assert.ok((await s.both([...PROTECT, '.extra'])).includes(join(s.root, '.extra')));
  // The config removed again: the first wall.
  rmSync(join(s.root, '.continuity', 'config.json'));
  assert.equal(await s.both(), first);
});

test('own wall, kept: a wiring file made or removed, a folder replaced by a rename, a start-up file and a `continuity` on PATH made, each give the wall a fresh computation gives', async () => {
  const s = setup();
  const first = await s.both();
  mkdirSync(join(s.root, '.claude'));
  writeFileSync(join(s.root, '.claude', 'settings.json'), '{}');
  assert.ok((await s.both()).includes(join(s.root, '.claude', 'settings.json')));
  rmSync(join(s.root, '.claude', 'settings.json'));
  assert.ok(!(await s.both()).includes(join(s.root, '.claude', 'settings.json')));
  // Another .github, without hooks, renamed over the first.
  mkdirSync(join(s.base, 'other-github', 'workflows'), { recursive: true });
  rmSync(join(s.root, '.github'), { recursive: true });
  renameSync(join(s.base, 'other-github'), join(s.root, '.github'));
  assert.ok(!(await s.both()).includes(join(s.root, '.github', 'hooks')));
  writeFileSync(join(s.home, '.zshrc'), '');
  assert.ok((await s.both()).includes(join(s.home, '.zshrc')));
  writeFileSync(join(s.bin, 'continuity'), '#!/bin/sh\n');
  assert.ok((await s.both()).includes(join(s.bin, 'continuity')));
  rmSync(join(s.home, '.zshrc'));
  rmSync(join(s.bin, 'continuity'));
  rmSync(join(s.root, '.github'), { recursive: true });
  mkdirSync(join(s.root, '.github', 'hooks'), { recursive: true });
  writeFileSync(join(s.root, '.github', 'hooks', 'continuity.json'), '{}');
  assert.equal(await s.both(), first);
});
