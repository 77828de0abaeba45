/**
 * git's exec paths: the files and folders git reads to decide what to run
 * (hooks, `core.fsmonitor`, `core.hooksPath`, filter and diff drivers, an
 * `include.path`), which code written there runs later as the person at their
 * next `git status`, `checkout` or `commit`. From the facts of one work tree
 * (src/app/git-exec-facts.ts reads them). Pure.
 *
 * Only these: git's objects, refs, index, HEAD and logs stay out of the list,
 * so `git add`, `commit`, `branch`, `stash` and `checkout -b` keep working
 * where the list is read-only.
 */
import { isAbsolute, join, resolve } from 'node:path';

export interface GitDirFacts {
  dotGit: 'dir' | 'file' | 'absent';
  /** The git folder: `<root>/.git`, or where a `.git` file points (a worktree, a submodule). */
  gitdir?: string;
  /** The common folder a worktree's `commondir` names (absolute). */
  commondir?: string;
  /** `core.hooksPath`, as configured (absolute, or relative to the root). */
  hooksPath?: string;
  /** The git folders of the submodules (`<common>/modules/**`), absolute. */
  modules?: string[];
}

/** The files git reads its settings and attributes from, in one git folder. */
const FILES = ['config', 'config.worktree', 'info/attributes', 'commondir'];

export function gitExecPaths(root: string, facts: GitDirFacts): { files: string[]; dirs: string[] } {
  if (facts.dotGit === 'absent') return { files: [], dirs: [] };
  const gitdir = facts.gitdir ? resolve(root, facts.gitdir) : join(root, '.git');
  const common = facts.commondir ? resolve(gitdir, facts.commondir) : gitdir;
  const folders = [...new Set([gitdir, common, ...(facts.modules ?? []).map((m) => resolve(common, m))])];
  const files = folders.flatMap((f) => FILES.map((name) => join(f, name)));
  // A `.git` file is itself an exec path: pointed elsewhere, it brings another git folder's hooks and config.
  if (facts.dotGit === 'file') files.unshift(join(root, '.git'));
  const dirs = folders.map((f) => join(f, 'hooks'));
  if (facts.hooksPath) dirs.push(isAbsolute(facts.hooksPath) ? facts.hooksPath : resolve(root, facts.hooksPath));
  return { files: [...new Set(files)], dirs: [...new Set(dirs)] };
}
