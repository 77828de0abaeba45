// The paths git executes code from, or reads the settings that name code it
// runs (core.fsmonitor, core.hooksPath, a filter, an alias…), for a project
// root. Pure: the facts (what `.git` is, where its gitdir and common dir
// are) are read by src/app/git-exec-facts.ts. Written to them, a later
// `git status` / `git commit` at the person's terminal runs the agent's code
// with the person's rights, outside every hook and wall.

export interface GitDirFacts {
  /** what `<root>/.git` is */
  dotGit: 'dir' | 'file' | 'absent';
  /** a `.git` file's `gitdir:` target, absolute */
  gitdir?: string;
  /** the gitdir's `commondir` content resolved to an absolute path */
  commondir?: string;
  /** `core.hooksPath` from the config, absolute */
  hooksPath?: string;
  /** submodule gitdirs found under `<common>/modules`, absolute */
  modules?: string[];
  /** the linked worktrees' gitdirs found under `<common>/worktrees`, absolute (their `config.worktree` and `commondir` are guarded, nothing else of theirs) */
  worktrees?: string[];
}

/**
 * git's exec paths in a project whose `.git` is a folder, relative to the
 * root: what a client's own sandbox, set up once by `continuity init`, keeps
 * read-only (the paths of a `.git` file's gitdir are known only at run
 * time: the hooks guard them). Listed whether they exist or not.
 */
export const GIT_EXEC_PROJECT_FILES: readonly string[] = ['.git/config', '.git/config.worktree', '.git/info/attributes'];
export const GIT_EXEC_PROJECT_DIRS: readonly string[] = ['.git/hooks'];
/** The same for submodules, as permission globs (the file tools' rules take `**`; a sandbox path does not). */
export const GIT_EXEC_MODULE_GLOBS: readonly string[] = ['.git/modules/**/hooks/**', '.git/modules/**/config'];

/** The files of one gitdir that hold exec settings, relative to it. */
const GITDIR_FILES = ['config', 'config.worktree', 'info/attributes'] as const;

/** The paths git executes from or reads exec settings from: files (guarded as files) and dirs (guarded with everything under them), absolute. */
export function gitExecPaths(root: string, facts: GitDirFacts): { files: string[]; dirs: string[] } {
  const r = trim(root);
  const files = new Set<string>();
  const dirs = new Set<string>();
  const gitdir = (dir: string) => {
    for (const f of GITDIR_FILES) files.add(`${dir}/${f}`);
    dirs.add(`${dir}/hooks`);
  };
  // The project's own `.git` folder is guarded whatever it is now: absent, a file written there later (`git init`, a hand-made `.git/config`) is what the person's next git command in this folder would read.
  gitdir(`${r}/.git`);
  // A `commondir` written into the project's own `.git` folder moves its config and hooks to the folder it names: the person's next git command there runs what that folder holds.
  if (facts.dotGit !== 'file') files.add(`${r}/.git/commondir`);
  if (facts.dotGit === 'file') {
    // The `.git` file itself names the gitdir: rewritten, the person's git reads another folder's config and hooks.
    files.add(`${r}/.git`);
    if (facts.gitdir) {
      const g = trim(facts.gitdir);
      gitdir(g);
      files.add(`${g}/commondir`);
    }
  }
  const common = trim(facts.commondir ?? (facts.dotGit === 'file' ? facts.gitdir ?? `${r}/.git` : `${r}/.git`));
  gitdir(common);
  for (const w of facts.worktrees ?? []) {
    files.add(`${trim(w)}/config.worktree`);
    files.add(`${trim(w)}/commondir`);
  }
  for (const m of facts.modules ?? []) {
    files.add(`${trim(m)}/config`);
    dirs.add(`${trim(m)}/hooks`);
  }
  if (facts.hooksPath) dirs.add(trim(facts.hooksPath));
  // A file inside a guarded dir is guarded already; so is a dir inside another. (Plain loops: this runs at every hook call, where each array method's first use costs more than the loop.)
  const inDir = (p: string, self: string | null) => {
    for (const d of dirs) if (d !== self && p.startsWith(`${d}/`)) return true;
    return false;
  };
  const keptFiles: string[] = [];
  for (const f of files) if (!inDir(f, null)) keptFiles.push(f);
  const keptDirs: string[] = [];
  for (const d of dirs) if (!inDir(d, d)) keptDirs.push(d);
  return { files: keptFiles.sort(), dirs: keptDirs.sort() };
}

function trim(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/**
 * The keys of a git config whose value is code git runs, or that decide
 * where git finds code to run. An alias only when it is shell code (`!…`).
 */
export function isExecKey(key: string, value: string): boolean {
  const k = key.toLowerCase();
  if (k.startsWith('alias.')) return value.trimStart().startsWith('!');
  return EXEC_KEY.test(k);
}

const EXEC_KEY =
  /^(?:core\.(?:fsmonitor|hookspath|sshcommand|pager|editor|askpass|gitproxy)|sequence\.editor|diff\.external|diff\..+\.(?:textconv|command)|merge\..+\.driver|filter\..+\.(?:clean|smudge|process)|credential\.helper|credential\..+\.helper|gpg\.program|gpg\..+\.program|pager\..+|remote\..+\.(?:uploadpack|receivepack)|uploadpack\.packobjectshook|include\.path|includeif\..+\.path)$/;

/**
 * The `section[.subsection].key = value` entries of a git config file.
 * Hand-written rather than asking `git config --list`: it runs between hook
 * calls on the hot path, where spawning git costs milliseconds, and only
 * the key names and raw values are wanted (no includes followed: an
 * `include.path` is itself an exec key).
 */
export function gitConfigEntries(text: string): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  let section = '';
  // Split at `\n` alone: each line is trimmed, which takes a CRLF line's `\r` with it (and a regular expression costs its compilation at every hook call).
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(line);
    if (head) {
      const sub = head[2] !== undefined ? `.${head[2].replace(/\\(.)/g, '$1')}` : '';
      // `[section.sub]` (the old form) keeps the subsection's case-insensitive name.
      section = `${head[1]!.toLowerCase()}${sub}`;
      line = head[3]!.trim();
      if (!line) continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv || !section) continue;
    out.push({ key: `${section}.${kv[1]!.toLowerCase()}`, value: unquote(kv[2] ?? 'true') });
  }
  return out;
}

function unquote(v: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < v.length) out += v[++i] === 'n' ? '\n' : v[i];
    else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}

/** The exec keys `after` sets that `before` did not (with the same value): what a config change added that git would run. */
export function execKeysAdded(before: string | null, after: string | null): string[] {
  const had = new Set(gitConfigEntries(before ?? '').map((e) => `${e.key}=${e.value}`));
  const added = gitConfigEntries(after ?? '').filter((e) => isExecKey(e.key, e.value) && !had.has(`${e.key}=${e.value}`));
  return [...new Set(added.map((e) => e.key))];
}

/** `core.hooksPath` as set in the given configs (the later wins), or null. */
export function hooksPathOf(...configs: (string | null)[]): string | null {
  let found: string | null = null;
  for (const text of configs) for (const e of gitConfigEntries(text ?? '')) if (e.key === 'core.hookspath' && e.value) found = e.value;
  return found;
}
