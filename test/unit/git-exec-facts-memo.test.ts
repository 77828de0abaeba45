// git's exec facts of a project (src/app/git-exec-facts.ts) are kept in the process that read them, and reused only while
// every path they were read from looks as it did: after each kind of change another process makes between two calls, the
// answer of a process that read them before is the answer of one that reads them for the first time.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { RACY_MS } from '../../src/util/stamped-hash.js';

type Facts = typeof import('../../src/app/git-exec-facts.js');
let n = 0;
/** A fresh copy of the module, as a new process has: nothing read yet. */
const fresh = async (): Promise<Facts> => (await import(`../../src/app/git-exec-facts.js?process=${++n}`)) as Facts;

const base = mkdtempSync(join(tmpdir(), 'continuity-git-exec-memo-'));
after(() => rmSync(base, { recursive: true, force: true }));
const PAST = new Date('2024-01-02T03:04:05Z');
const settle = () => new Promise((r) => setTimeout(r, RACY_MS + 100));
const config = (hooks: string) => `[core]\n\thooksPath = ${hooks}\n`;

/** A project whose .git is a folder, its config naming a hooks folder. */
function project(name: string): string {
  const root = join(base, name);
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'config'), config('hooks-a'));
  utimesSync(join(root, '.git', 'config'), PAST, PAST);
  return root;
}

const CHANGES: Record<string, (root: string) => void> = {
  'the config rewritten, same size, its modification time put back': (root) => {
    writeFileSync(join(root, '.git', 'config'), config('hooks-b'));
    utimesSync(join(root, '.git', 'config'), PAST, PAST);
  },
  'the config replaced by a rename': (root) => {
    writeFileSync(join(root, '.git', 'config.new'), config('hooks-b'));
    utimesSync(join(root, '.git', 'config.new'), PAST, PAST);
    renameSync(join(root, '.git', 'config.new'), join(root, '.git', 'config'));
  },
  'the config removed': (root) => rmSync(join(root, '.git', 'config')),
  'a config.worktree written where there was none': (root) => writeFileSync(join(root, '.git', 'config.worktree'), config('hooks-w')),
  'a commondir written where there was none': (root) => {
    mkdirSync(join(root, 'common'));
    writeFileSync(join(root, 'common', 'config'), config('hooks-c'));
    writeFileSync(join(root, '.git', 'commondir'), '../common\n');
  },
  'a linked worktree added': (root) => mkdirSync(join(root, '.git', 'worktrees', 'other'), { recursive: true }),
  // A folder that was listed: its own look (a folder) does not change when an entry is added in it.
  'a linked worktree added beside another': (root) => mkdirSync(join(root, '.git', 'worktrees', 'two'), { recursive: true }),
  'a submodule added': (root) => {
    mkdirSync(join(root, '.git', 'modules', 'sub'), { recursive: true });
    writeFileSync(join(root, '.git', 'modules', 'sub', 'HEAD'), 'ref: refs/heads/main\n');
  },
  '.git replaced by a .git file naming another gitdir': (root) => {
    renameSync(join(root, '.git'), join(root, 'elsewhere'));
    writeFileSync(join(root, 'elsewhere', 'config'), config('hooks-e'));
    writeFileSync(join(root, '.git'), `gitdir: ${join(root, 'elsewhere')}\n`);
  },
  '.git removed': (root) => rmSync(join(root, '.git'), { recursive: true }),
};

test("after each change made between two calls, the facts a process kept are the facts read anew", async () => {
  const kept = await fresh();
  const roots = Object.keys(CHANGES).map((name, i) => [name, project(`p${i}`)] as const);
  mkdirSync(join(roots.find(([name]) => name.endsWith('beside another'))![1], '.git', 'worktrees', 'one'), { recursive: true });
  // Settled before the first reading: the stamps it keeps can be trusted, so the facts are kept.
  await settle();
  for (const [, root] of roots) assert.ok(kept.gitExecPatterns(root).includes('hooks-a/**'));
  for (const [name, root] of roots) CHANGES[name]!(root);
  // Each change both just made (no stamp to trust) and settled (only the stamp tells it).
  for (const round of ['just made', 'settled']) {
    if (round === 'settled') await settle();
    for (const [name, root] of roots) {
      const now = await fresh();
      assert.deepEqual(kept.gitExecPatterns(root), now.gitExecPatterns(root), `${name} (${round})`);
      assert.deepEqual(kept.readGitDirFacts(root), now.readGitDirFacts(root), `${name} (${round})`);
      assert.ok(!kept.gitExecPatterns(root).includes('hooks-a/**') || name.includes('worktree') || name.includes('submodule'), `${name} (${round})`);
    }
  }
});

test('facts handed out are copies: a caller that changes them changes no later answer', async () => {
  const kept = await fresh();
  const root = project('copies');
  await settle();
  const first = kept.readGitDirFacts(root);
  first.hooksPath = '/changed';
  first.modules = ['/changed'];
  assert.deepEqual(kept.readGitDirFacts(root), (await fresh()).readGitDirFacts(root));
});
