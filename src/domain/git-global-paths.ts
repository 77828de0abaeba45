// The person's files outside the project that run code later, in any
// repository or any shell: git's global and system config (and the files it
// names: an attributes file, a hooks folder, an included config) and the
// shell's start-up files. Written by the agent, the person's next
// `git status` anywhere, or their next terminal, runs the agent's code with
// the person's rights. Pure: the facts (the environment, what the global
// config sets) are read by src/app/git-global-facts.ts.
import { posix } from 'node:path';

export interface GlobalExecFacts {
  /** The person's home folder, absolute (null when unknown: only the system's files are named). */
  home: string | null;
  /** `XDG_CONFIG_HOME` when set and absolute. */
  xdgConfigHome?: string | null;
  /** `GIT_CONFIG_GLOBAL` when set and absolute: the one global file git reads instead of `~/.gitconfig`. */
  gitConfigGlobal?: string | null;
  /** `GIT_CONFIG_SYSTEM` when set and absolute: git's system file instead of the built-in one. */
  gitConfigSystem?: string | null;
  platform: string;
  /** `core.hooksPath` as the global configs set it (as written: `~/…`, absolute or relative). */
  hooksPath?: string | null;
  /** `core.attributesFile` as the global configs set it. */
  attributesFile?: string | null;
  /** `include.path` / `includeIf.*.path` of the global configs, each with the folder of the file that names it. */
  includes?: readonly { path: string; from: string }[];
  /** Start-up files, relative to the home folder (the engine's deny list: src/wall/engine-denies.ts, and the shells' others). */
  startupFiles: readonly string[];
}

export interface GlobalExecPaths {
  /** Files guarded as files, absolute, whether they exist or not. */
  files: string[];
  /** Folders guarded with everything under them (a global `core.hooksPath`). */
  dirs: string[];
  /** The files among `files` that are git config files (an exec key added to one is named to the person). */
  configs: string[];
  /** The files among `configs` that are the system's (only an administrator writes them). */
  system: string[];
}

/**
 * git's system config where git is built to read it. An installation of
 * git elsewhere reads another (`git config --system --list --show-origin`
 * says which): GIT_CONFIG_SYSTEM names it when the person set it.
 */
const SYSTEM_CONFIGS: Record<string, readonly string[]> = {
  linux: ['/etc/gitconfig'],
  // Homebrew's git (Apple silicon, Intel) and Apple's command line tools / Xcode.
  darwin: ['/etc/gitconfig', '/opt/homebrew/etc/gitconfig', '/usr/local/etc/gitconfig', '/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig', '/Applications/Xcode.app/Contents/Developer/usr/share/git-core/gitconfig'],
};

/**
 * The person's exec files outside the project. Each global location git may
 * read is named, not only the one this process's environment selects: the
 * person's terminal may not set `XDG_CONFIG_HOME` or `GIT_CONFIG_GLOBAL` as
 * the agent's does.
 */
export function globalExecPaths(f: GlobalExecFacts): GlobalExecPaths {
  const home = f.home ? trim(f.home) : null;
  const configs = new Set<string>();
  const files = new Set<string>();
  const dirs = new Set<string>();
  const xdgHomes = new Set<string>();
  if (home) {
    configs.add(`${home}/.gitconfig`);
    xdgHomes.add(`${home}/.config`);
    for (const s of f.startupFiles) files.add(posix.join(home, s));
  }
  if (f.xdgConfigHome && posix.isAbsolute(f.xdgConfigHome)) xdgHomes.add(trim(f.xdgConfigHome));
  for (const x of xdgHomes) {
    configs.add(`${x}/git/config`);
    // Read by git as the global attributes file where core.attributesFile is not set: a `filter=` there runs the filter a config names.
    files.add(`${x}/git/attributes`);
  }
  if (f.gitConfigGlobal && posix.isAbsolute(f.gitConfigGlobal) && f.gitConfigGlobal !== '/dev/null') configs.add(posix.normalize(f.gitConfigGlobal));
  const system = f.gitConfigSystem && posix.isAbsolute(f.gitConfigSystem) && f.gitConfigSystem !== '/dev/null' ? [posix.normalize(f.gitConfigSystem)] : [];
  const systemFiles = [...system, ...(SYSTEM_CONFIGS[f.platform] ?? SYSTEM_CONFIGS.linux!)];
  for (const s of systemFiles) configs.add(s);
  const named = (p: string | null | undefined, base: string | null) => {
    if (!p) return null;
    if (p.startsWith('~/')) return home ? posix.join(home, p.slice(2)) : null;
    if (posix.isAbsolute(p)) return posix.normalize(p);
    // A relative hooks path or attributes file is taken from the repository git runs in: not one file outside it.
    return base ? posix.join(base, p) : null;
  };
  for (const inc of f.includes ?? []) {
    const p = named(inc.path, inc.from);
    if (p) configs.add(p);
  }
  const attributes = named(f.attributesFile, null);
  if (attributes) files.add(attributes);
  const hooks = named(f.hooksPath, null);
  // A hooks folder that is the home or the root itself would guard everything below it: only a folder of its own is.
  if (hooks && hooks !== '/' && hooks !== home) dirs.add(trim(hooks));
  for (const c of configs) files.add(c);
  const inDir = (p: string) => [...dirs].some((d) => p.startsWith(`${d}/`));
  return { files: [...files].filter((p) => !inDir(p)).sort(), dirs: [...dirs].sort(), configs: [...configs].sort(), system: [...new Set(systemFiles)].sort() };
}

function trim(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}
