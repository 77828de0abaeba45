import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, posix, resolve } from 'node:path';
import { gitExecPaths, hooksPathOf, type GitDirFacts } from '../domain/git-exec-paths.js';
import { globalExecPatterns } from './git-global-facts.js';

/** Submodules nest (`modules/a/modules/b`) and their names may hold slashes: the walk stops this deep. */
const MAX_MODULE_DEPTH = 8;

/**
 * What `<root>/.git` is and where the gitdirs it leads to lie, read from
 * disk: a few stats and reads, no git process (this runs on every hook call
 * that checks the guarded files).
 */
export function readGitDirFacts(root: string): GitDirFacts {
  const dotGitPath = `${root}/.git`;
  const st = lstatSync(dotGitPath, { throwIfNoEntry: false });
  const dotGit: GitDirFacts['dotGit'] = !st ? 'absent' : st.isDirectory() ? 'dir' : 'file';
  const facts: GitDirFacts = { dotGit };
  let gitdir = dotGitPath;
  if (dotGit === 'file') {
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(readOrNull(dotGitPath) ?? '');
    if (!m) return facts;
    gitdir = absolute(root, m[1]!);
    facts.gitdir = gitdir;
  }
  if (dotGit === 'absent') return facts;
  const commonText = readOrNull(`${gitdir}/commondir`)?.trim();
  const common = commonText ? absolute(gitdir, commonText) : gitdir;
  if (commonText) facts.commondir = common;
  // A relative core.hooksPath is taken from the top of the working tree, where the person's git runs its hooks.
  const hooks = hooksPathOf(readOrNull(`${common}/config`), readOrNull(`${common}/config.worktree`), gitdir === common ? null : readOrNull(`${gitdir}/config.worktree`));
  if (hooks) facts.hooksPath = hooks.startsWith('~/') ? `${process.env.HOME ?? ''}/${hooks.slice(2)}` : absolute(root, hooks);
  const modules = submoduleGitdirs(`${common}/modules`, 0);
  if (modules.length) facts.modules = modules;
  const worktrees = subdirs(`${common}/worktrees`).map((n) => `${common}/worktrees/${n}`);
  if (worktrees.length) facts.worktrees = worktrees;
  return facts;
}

/**
 * The guarded git paths of a project as guard patterns: relative to the root
 * inside it, absolute outside; a folder as `folder/**`. With them the
 * person's own exec files outside every project (src/app/git-global-facts.ts:
 * git's global and system config, the shell's start-up files): what runs
 * later as the person is guarded the same way wherever it lies.
 */
export function gitExecPatterns(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const { files, dirs } = gitExecPaths(root, readGitDirFacts(root));
  const rel = (p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
  return [...new Set([...files.map(rel), ...dirs.map((d) => `${rel(d)}/**`), ...globalExecPatterns(env)])];
}

/** Gitdirs under a `modules` folder: a folder holding `HEAD` is one (and may hold `modules` of its own); any other is a part of a submodule's name. */
function submoduleGitdirs(dir: string, depth: number): string[] {
  if (depth > MAX_MODULE_DEPTH) return [];
  const out: string[] = [];
  for (const name of subdirs(dir)) {
    const path = `${dir}/${name}`;
    if (lstatSync(`${path}/HEAD`, { throwIfNoEntry: false })) {
      out.push(path);
      out.push(...submoduleGitdirs(`${path}/modules`, depth + 1));
    } else out.push(...submoduleGitdirs(path, depth + 1));
  }
  return out;
}

function subdirs(dir: string): string[] {
  try {
    // Most of these folders do not exist: a stat that says so is far cheaper than the error a listing throws (at every hook call).
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

function absolute(base: string, p: string): string {
  return posix.normalize(isAbsolute(p) ? p : resolve(base, p));
}

function readOrNull(path: string): string | null {
  try {
    // As subdirs: most of these files (commondir, config.worktree) do not exist.
    if (!statSync(path, { throwIfNoEntry: false })) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
