// The check between calls (src/hooks/git-exec-drift.ts callDrift) answers the wiring check and git's exec drift in one pass
// over the guarded files: its two answers are the ones wiringChanged and the exec drift give on their own, and its matcher
// of git's paths answers as protectedPathMatcher does for every pattern.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { callDrift, pathMatcher } from '../../src/hooks/git-exec-drift.js';
import { wiringChanged } from '../../src/hooks/rules/guard-wants.js';
import type { HotState } from '../../src/ledger/hot-state.js';
import { protectedPathMatcher } from '../../src/shell/protected-model.js';
import { sha256 } from '../../src/util/sha256.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SETTINGS = '.claude/settings.json';
const CODEX = '.codex/hooks.json';
const WIRED = '{"hooks":{}}\n';

/** A git project whose settings, Codex hooks and git config are guarded as they are now. */
function project(): { root: string; hot: HotState } {
  const root = mkdtempSync(join(tmpdir(), 'continuity-call-drift-'));
  dirs.push(root);
  for (const d of ['.claude', '.codex', '.git/hooks']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, SETTINGS), WIRED);
  writeFileSync(join(root, CODEX), WIRED);
  writeFileSync(join(root, '.git/config'), '[core]\n\tbare = false\n');
  writeFileSync(join(root, '.git/hooks/pre-commit.sample'), 'exit 0\n');
  writeFileSync(join(root, 'notes.md'), 'mine\n');
  const hot = {
    guarded: [
      { path: SETTINGS, hash: sha256(WIRED) },
      { path: '.git/config', hash: sha256('[core]\n\tbare = false\n') },
      { path: CODEX, hash: sha256(WIRED) },
      // A guarded file that is neither wiring nor git's: neither answer concerns it.
      { path: 'notes.md', hash: sha256('other\n') },
    ],
    protectGlobs: ['.git/hooks/**', 'notes.md'],
  } as unknown as HotState;
  return { root, hot };
}

function both(hot: HotState, root: string) {
  const drift = callDrift(hot, root);
  assert.equal(drift.wiring, wiringChanged(hot, root), 'the wiring answer is wiringChanged’s');
  return drift;
}

test('nothing changed: no wiring drift, no exec drift (a file neither wiring nor git’s is not looked at)', () => {
  const { root, hot } = project();
  assert.deepEqual(both(hot, root), { wiring: false, git: [] });
});

test('a wiring file changed is the wiring answer only, whichever of them it is', () => {
  for (const file of [SETTINGS, CODEX]) {
    const { root, hot } = project();
    writeFileSync(join(root, file), '{}\n');
    assert.deepEqual(both(hot, root), { wiring: true, git: [] });
  }
});

test('git’s config changed and a hook appeared are the exec answer only; with a wiring change, both', () => {
  const { root, hot } = project();
  writeFileSync(join(root, '.git/config'), '[core]\n\tfsmonitor = ./x\n');
  writeFileSync(join(root, '.git/hooks/pre-commit'), 'touch pwned\n');
  assert.deepEqual(both(hot, root), { wiring: false, git: ['.git/config', '.git/hooks/pre-commit'] });
  writeFileSync(join(root, CODEX), '{}\n');
  assert.deepEqual(both(hot, root), { wiring: true, git: ['.git/config', '.git/hooks/pre-commit'] });
});

test('no hot state: nothing to compare', () => {
  assert.deepEqual(callDrift(null, '/nowhere'), { wiring: false, git: [] });
});

test('the matcher of git’s paths answers as protectedPathMatcher for plain paths, folders and globs', () => {
  const roots = ['/r', '/r/', '/'];
  const patterns = ['.git/config', './.git/hooks/**', '/etc/gitconfig', '/home/u/.config/git/**', '/**', '**', 'a/*.md', '.git/modules/**/hooks/**', '', './', 'x//y', '/h/../h/.gitconfig', 'z/**/', 'q?/**'];
  const paths = ['/r/.git/config', '/r/.git/hooks', '/r/.git/hooks/pre-commit', '/r/.git/hooksx', '/r/.git/hooks/a\nb', '/etc/gitconfig', '/etc//gitconfig', '/home/u/.config/git', '/home/u/.config/git/config', '/home/u/.config/gitx', '/r/a/b.md', '/r/a/b/c.md', '/r/.git/modules/m/hooks/x', '/r/', '/r', '/', '/r/x//y', '/r/x/y', '/h/.gitconfig', '/r/./.git/config', '/r/.git/../.git/config', '/other/.git/config', '/r/z/a', '/r/q1/x'];
  for (const root of roots) {
    for (let i = 0; i < patterns.length; i++) {
      // Each pattern alone, and each with the rest.
      for (const set of [[patterns[i]!], patterns.slice(i)]) {
        const mine = pathMatcher(root, set);
        const theirs = protectedPathMatcher(root, set);
        for (const p of paths) assert.equal(mine(p), theirs(p), `${root} ${JSON.stringify(set)} ${JSON.stringify(p)}`);
      }
    }
  }
});
