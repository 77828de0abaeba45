import { lstatSync, readdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { isAbsolute, posix, resolve } from 'node:path';
import { gitExecPaths, hooksPathOf, type GitDirFacts } from '../domain/git-exec-paths.js';
import { globalExecPatterns } from './git-global-facts.js';
import { stampOf } from '../util/stamped-hash.js';

/** Submodules nest (`modules/a/modules/b`) and their names may hold slashes: the walk stops this deep. */
const MAX_MODULE_DEPTH = 8;

/**
 * What `<root>/.git` is and where the gitdirs it leads to lie, read from
 * disk: a few stats and reads, no git process (this runs on every hook call
 * that checks the guarded files).
 */
export function readGitDirFacts(root: string): GitDirFacts {
  return copyOf(remembered(root).facts);
}

/**
 * The facts last read for a root, with what each path they were read from
 * looked like (src/util/stamped-hash.ts stampOf: a file's stamp; absent;
 * `.git` a folder): a hook call asks for them several times, and a
 * long-lived process (the OpenClaw gateway) at every call, while other
 * processes (the person's git, the CLI, the agent's shell) write the same
 * files between calls. They are reused only while every path looks as it
 * did, one stat each; a file changed within the file system's clock tick
 * has no stamp, and a folder listed (submodules, linked worktrees) is not
 * compared: either one leaves the facts read again at each call.
 */
const dirMemo = new Map<string, { seen: Seen; facts: GitDirFacts; local: string[] }>();

/** Each path looked at, and how it looked (seenAs); null once one cannot tell a later change. */
type Seen = [path: string, how: 'lstat' | 'stat', look: string][] | null;

function remembered(root: string): { facts: GitDirFacts; local: string[] } {
  // A relative or `~/` core.hooksPath is taken under the root and HOME.
  const key = `${root}\0${process.env.HOME ?? ''}`;
  const hit = dirMemo.get(key);
  if (hit && stillSeen(hit.seen!)) return hit;
  const seen: Seen = [];
  const facts = readGitDirFactsNow(root, seen);
  const { files, dirs } = gitExecPaths(root, facts);
  const rel = (p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
  const entry = { seen, facts, local: [...files.map(rel), ...dirs.map((d) => `${rel(d)}/**`)] };
  // Bounded: a gateway serves a few workspaces; past the bound all are read again once.
  if (dirMemo.size >= 64) dirMemo.clear();
  if (seen.some((s) => s[2] === '')) dirMemo.delete(key);
  else dirMemo.set(key, entry);
  return entry;
}

/** How a path looks: `-` absent, `dir` a folder, a file's stamp; '' when that cannot tell a later change (a file changed within RACY_MS, a link, anything else). */
function seenAs(st: BigIntStats | undefined, now: number): string {
  if (st === undefined) return '-';
  if (st.isDirectory()) return 'dir';
  return stampOf(st, now) ?? '';
}

function stillSeen(seen: NonNullable<Seen>): boolean {
  const now = Date.now();
  for (const [path, how, look] of seen) {
    const st = how === 'lstat' ? lstatSync(path, { throwIfNoEntry: false, bigint: true }) : statSync(path, { throwIfNoEntry: false, bigint: true });
    if (seenAs(st, now) !== look) return false;
  }
  return true;
}

function copyOf(facts: GitDirFacts): GitDirFacts {
  return { ...facts, ...(facts.modules ? { modules: [...facts.modules] } : {}), ...(facts.worktrees ? { worktrees: [...facts.worktrees] } : {}) };
}

/** readGitDirFacts from disk; `seen` is given every path looked at and how it looked, each looked at before it is read. */
function readGitDirFactsNow(root: string, seen: NonNullable<Seen>): GitDirFacts {
  const now = Date.now();
  const readOrNull = (path: string) => {
    const st = statSync(path, { throwIfNoEntry: false, bigint: true });
    const look = seenAs(st, now);
    // A folder read as a file answers nothing, and its look says nothing of a file put there later: not reused.
    seen.push([path, 'stat', look === 'dir' ? '' : look]);
    return st ? readFileOrNull(path) : null;
  };
  const subdirs = (dir: string) => {
    const st = statSync(dir, { throwIfNoEntry: false, bigint: true });
    // A folder's listing is not compared: one that exists leaves the facts read again at each call.
    seen.push([dir, 'stat', st?.isDirectory() ? '' : seenAs(st, now)]);
    return st?.isDirectory() ? listSubdirs(dir) : [];
  };
  const dotGitPath = `${root}/.git`;
  const st = lstatSync(dotGitPath, { throwIfNoEntry: false, bigint: true });
  seen.push([dotGitPath, 'lstat', seenAs(st, now)]);
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
  const modules = submoduleGitdirs(`${common}/modules`, 0, subdirs);
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
  return [...new Set([...remembered(root).local, ...globalExecPatterns(env)])];
}

/** Gitdirs under a `modules` folder: a folder holding `HEAD` is one (and may hold `modules` of its own); any other is a part of a submodule's name. */
function submoduleGitdirs(dir: string, depth: number, subdirs: (dir: string) => string[]): string[] {
  if (depth > MAX_MODULE_DEPTH) return [];
  const out: string[] = [];
  for (const name of subdirs(dir)) {
    const path = `${dir}/${name}`;
    if (lstatSync(`${path}/HEAD`, { throwIfNoEntry: false })) {
      out.push(path);
      out.push(...submoduleGitdirs(`${path}/modules`, depth + 1, subdirs));
    } else out.push(...submoduleGitdirs(path, depth + 1, subdirs));
  }
  return out;
}

/** The folders in an existing folder. Most of these folders do not exist: the caller's stat says so, far cheaper than the error a listing throws (at every hook call). */
function listSubdirs(dir: string): string[] {
  try {
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

/** A file's text; null when it cannot be read. Most of these files (commondir, config.worktree) do not exist: the caller's stat says so first. */
function readFileOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
