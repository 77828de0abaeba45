// git's exec paths, from real repositories made with git itself: a plain
// `.git` folder, a linked worktree's `.git` file, a submodule's, and a
// config that moves the hooks elsewhere (core.hooksPath).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { execKeysAdded, gitConfigEntries, gitExecPaths } from '../../src/domain/git-exec-paths.js';
import { gitExecPatterns, readGitDirFacts } from '../../src/app/git-exec-facts.js';
import { protectedFiles } from '../../src/app/protected-files.js';
import { analyzeCommand, protectedNamesFor, protectedPathMatcher } from '../../src/shell/index.js';

const ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', stdio: 'pipe' });

function repo(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-gitexec-')));
  after(() => rmSync(dir, { recursive: true, force: true }));
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'first');
  return dir;
}

test('a plain .git folder: its config, config.worktree, info/attributes and hooks folder', () => {
  const root = repo();
  const facts = readGitDirFacts(root);
  assert.deepEqual(facts, { dotGit: 'dir' });
  assert.deepEqual(gitExecPaths(root, facts), {
    files: [`${root}/.git/commondir`, `${root}/.git/config`, `${root}/.git/config.worktree`, `${root}/.git/info/attributes`],
    dirs: [`${root}/.git/hooks`],
  });
  // (The person's own files outside the project follow, absolute: test/unit/git-global-paths.test.ts.)
  assert.deepEqual(gitExecPatterns(root).filter((p) => !p.startsWith('/')), ['.git/commondir', '.git/config', '.git/config.worktree', '.git/info/attributes', '.git/hooks/**']);
  // The files whose content is kept and compared: a hook git would run, never the sample hooks `git init` leaves (git runs none of them).
  writeFileSync(join(root, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\n');
  assert.deepEqual(protectedFiles(root, gitExecPatterns(root)).filter((p) => !p.startsWith('/')), ['.git/commondir', '.git/config', '.git/config.worktree', '.git/hooks/pre-commit', '.git/info/attributes']);
});

test("a linked worktree's .git file: the file itself, its gitdir's files and commondir, and the common dir's config and hooks", () => {
  const main = repo();
  const wt = join(realpathSync(mkdtempSync(join(tmpdir(), 'continuity-gitexec-wt-'))), 'wt');
  after(() => rmSync(wt, { recursive: true, force: true }));
  git(main, 'worktree', 'add', '-q', wt);
  const facts = readGitDirFacts(wt);
  assert.deepEqual(facts, { dotGit: 'file', gitdir: `${main}/.git/worktrees/wt`, commondir: `${main}/.git`, worktrees: [`${main}/.git/worktrees/wt`] });
  const { files, dirs } = gitExecPaths(wt, facts);
  for (const f of [`${wt}/.git`, `${main}/.git/worktrees/wt/config.worktree`, `${main}/.git/worktrees/wt/commondir`, `${main}/.git/config`, `${main}/.git/info/attributes`]) assert.ok(files.includes(f), `${f} in ${files.join(', ')}`);
  assert.ok(dirs.includes(`${main}/.git/hooks`));
  // Seen from the main checkout, the worktree's config.worktree and commondir are guarded, nothing else of its gitdir (its HEAD and index are its own work).
  const fromMain = gitExecPaths(main, readGitDirFacts(main));
  assert.ok(fromMain.files.includes(`${main}/.git/worktrees/wt/commondir`));
  assert.ok(!fromMain.dirs.some((d) => d.includes('worktrees')));
});

test("a submodule's gitdir under .git/modules: its config and hooks, nested ones too", () => {
  const lib = repo();
  const root = repo();
  git(root, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib, 'vendor/lib');
  const facts = readGitDirFacts(root);
  assert.deepEqual(facts.modules, [`${root}/.git/modules/vendor/lib`]);
  const { files, dirs } = gitExecPaths(root, facts);
  assert.ok(files.includes(`${root}/.git/modules/vendor/lib/config`));
  assert.ok(dirs.includes(`${root}/.git/modules/vendor/lib/hooks`));
  // The submodule's checkout has a .git file of its own leading there.
  const sub = readGitDirFacts(join(root, 'vendor/lib'));
  assert.equal(sub.dotGit, 'file');
  assert.equal(sub.gitdir, `${root}/.git/modules/vendor/lib`);
});

test('core.hooksPath: the folder it names (relative to the working tree, or absolute) is guarded whole', () => {
  const root = repo();
  git(root, 'config', 'core.hooksPath', '.githooks');
  assert.equal(readGitDirFacts(root).hooksPath, `${root}/.githooks`);
  assert.ok(gitExecPatterns(root).includes('.githooks/**'));
  git(root, 'config', 'core.hooksPath', '/opt/hooks');
  assert.ok(gitExecPatterns(root).includes('/opt/hooks/**'));
});

test('no .git at all: the paths a `git init` or a hand-made .git would create are guarded anyway', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-gitexec-none-')));
  after(() => rmSync(root, { recursive: true, force: true }));
  assert.deepEqual(readGitDirFacts(root), { dotGit: 'absent' });
  assert.ok(gitExecPatterns(root).includes('.git/config'));
});

test("git config's entries, and the exec keys a change adds", () => {
  const before = '[core]\n\tbare = false\n[remote "origin"]\n\turl = https://example.com/r.git\n';
  assert.deepEqual(gitConfigEntries(before), [
    { key: 'core.bare', value: 'false' },
    { key: 'remote.origin.url', value: 'https://example.com/r.git' },
  ]);
  assert.deepEqual(execKeysAdded(before, `${before}[remote "up"]\n\turl = x\n[alias]\n\tst = status\n`), []);
  assert.deepEqual(execKeysAdded(before, `${before}[core]\n\tfsmonitor = "touch /tmp/m" ; said\n[alias]\n\tx = !sh -c id\n[filter "lfs"]\n\tsmudge = run\n`), ['core.fsmonitor', 'alias.x', 'filter.lfs.smudge']);
  assert.deepEqual(execKeysAdded(null, '[Core]\n  hooksPath = h\n[credential]\nhelper = store\n'), ['core.hookspath', 'credential.helper']);
});

test("the shell guard refuses what writes git's config and hooks, and lets the agent's own git work through", async () => {
  const root = '/p';
  const patterns = ['.continuity/**', ...gitExecPatterns(root)];
  const opts = { cwd: root, projectRoot: root, isProtected: protectedPathMatcher(root, patterns), protectedNames: protectedNamesFor(patterns) };
  for (const c of [
    'git config core.fsmonitor "touch /tmp/x"',
    'git config user.name bob',
    'git config --unset user.name',
    'git remote add origin https://example.com/r.git',
    'git branch -u origin/main',
    'git push -u origin main',
    'git submodule add https://example.com/lib lib',
    'git init',
    'echo "[core] fsmonitor = x" >> .git/config',
    'cp evil .git/hooks/pre-commit',
    'chmod +x .git/hooks/pre-commit',
    'p=.g; p="${p}it/config"; echo x >> "$p"',
    `python3 -c "open('.git/hooks/pre-commit','w').write('x')"`,
  ]) {
    assert.equal((await analyzeCommand(c, opts)).verdict, 'deny', c);
  }
  for (const c of ['git status', 'git checkout -b x', 'git add . && git commit -m x', 'git stash', 'git log', 'git diff', 'git merge x', 'git fetch', 'git config --get user.name', 'git config --list', 'git config --global --get user.name', 'git init sub', 'git remote -v', 'git push origin main']) {
    assert.equal((await analyzeCommand(c, opts)).verdict, 'allow', c);
  }
});
