// git's exec paths: what git reads to decide what to run, from the facts of a
// work tree (a plain repository, a linked worktree, submodules, core.hooksPath),
// read from real git folders.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readGitDirFacts } from '../../src/app/git-exec-facts.js';
import { gitExecPaths } from '../../src/domain/git-exec-paths.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-git-exec-')));
after(() => rmSync(base, { recursive: true, force: true }));
const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' } });
  assert.equal(r.status, 0, r.stderr);
};

describe("git's exec paths", () => {
  it('a plain repository: its config, config.worktree, info/attributes, commondir and hooks; no .git: none', () => {
    const repo = join(base, 'plain');
    git(base, 'init', '-q', repo);
    const p = gitExecPaths(repo, readGitDirFacts(repo));
    assert.deepEqual(p.dirs, [join(repo, '.git/hooks')]);
    for (const f of ['config', 'config.worktree', 'info/attributes', 'commondir']) assert.ok(p.files.includes(join(repo, '.git', f)), f);
    assert.ok(!p.files.some((f) => /index|objects|refs|HEAD/.test(f)));
    assert.deepEqual(gitExecPaths(base, readGitDirFacts(base)), { files: [], dirs: [] });
  });

  it("a linked worktree: its .git file, its own git folder's files and the common folder's config and hooks", () => {
    const main = join(base, 'main');
    git(base, 'init', '-q', main);
    git(main, 'commit', '-q', '--allow-empty', '-m', 'one');
    const wt = join(base, 'wt');
    git(main, 'worktree', 'add', '-q', wt);
    const facts = readGitDirFacts(wt);
    assert.equal(facts.dotGit, 'file');
    const p = gitExecPaths(wt, facts);
    assert.ok(p.files.includes(join(wt, '.git')));
    assert.ok(p.files.includes(join(main, '.git/worktrees/wt/config.worktree')));
    assert.ok(p.files.includes(join(main, '.git/worktrees/wt/commondir')));
    assert.ok(p.files.includes(join(main, '.git/config')));
    assert.ok(p.dirs.includes(join(main, '.git/hooks')));
  });

  it("submodules' git folders and core.hooksPath", () => {
    const sub = join(base, 'sub');
    git(base, 'init', '-q', sub);
    git(sub, 'commit', '-q', '--allow-empty', '-m', 'one');
    const top = join(base, 'top');
    git(base, 'init', '-q', top);
    git(top, 'submodule', '-q', 'add', sub, 'lib/sub');
    writeFileSync(join(top, '.git/config'), '[core]\n\thooksPath = .husky/_\n', { flag: 'a' });
    const p = gitExecPaths(top, readGitDirFacts(top));
    assert.ok(p.files.includes(join(top, '.git/modules/lib/sub/config')));
    assert.ok(p.dirs.includes(join(top, '.git/modules/lib/sub/hooks')));
    assert.ok(p.dirs.includes(join(top, '.husky/_')));
    // The submodule's own work tree has a .git file pointing into the parent's modules folder.
    const inner = gitExecPaths(join(top, 'lib/sub'), readGitDirFacts(join(top, 'lib/sub')));
    assert.ok(inner.files.includes(join(top, 'lib/sub/.git')));
    assert.ok(inner.dirs.includes(join(top, '.git/modules/lib/sub/hooks')));
  });
});
