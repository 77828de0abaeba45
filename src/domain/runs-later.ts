/**
 * Files in the project that run later, as the person, outside every wall and
 * hook: at their next git or package command, or when they enter the folder
 * or open it in an editor. The agent may legitimately edit each of them (a
 * project's hooks, scripts and tasks are ordinary work), so no wall or guard
 * can refuse them; what a session changed in them is named to the person
 * before it runs (the Stop's words, `continuity status`).
 *
 * Only the parts that run code count: a package.json whose dependencies
 * changed is not named, one whose `scripts.postinstall` changed is.
 *
 * Pure: file texts in, parts, fingerprints and changes out. The digest is an
 * argument (the caller's sha256), so nothing here loads a hasher.
 */

/** When a file runs, as the words say it ("runs at your next commit"). */
export type RunsWhen = string;

interface WholeFile {
  /** A path relative to the project root, with `/` separators. */
  matches: (path: string) => boolean;
  when: (path: string) => RunsWhen;
}

const COMMIT = 'at your next commit';

/** The git hook a husky file is, by its name, and when git runs it. */
function gitHookWhen(path: string): RunsWhen {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/^(pre-commit|prepare-commit-msg|commit-msg|post-commit|pre-merge-commit)$/.test(name)) return COMMIT;
  if (name === 'pre-push') return 'at your next git push';
  if (name === 'post-checkout') return 'at your next git checkout or switch';
  if (name === 'post-merge') return 'at your next git merge or pull';
  if (name === 'pre-rebase' || name === 'post-rewrite') return 'at your next git rebase or amend';
  return 'at your next git command';
}

const exact = (...names: string[]) => (path: string) => names.includes(path);

/**
 * Files that run whole, with what runs them and when (one line each):
 * the reason a file is here is that something the person starts reads and
 * executes it without asking.
 */
const WHOLE_FILES: readonly WholeFile[] = [
  // husky points git's core.hooksPath at .husky/_ (v9) or .husky (v4–8): git runs these files as the person's hooks.
  { matches: (p) => /^\.husky\/(?:_\/)?[^/]+$/.test(p) && !/^\.husky\/(?:_\/)?\.gitignore$/.test(p), when: gitHookWhen },
  // The pre-commit framework's installed hook reads this file at every commit and runs the hooks (and local commands) it names.
  { matches: exact('.pre-commit-config.yaml'), when: () => COMMIT },
  // lefthook's installed git hooks read these at every hook git runs.
  { matches: exact('lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml', 'lefthook-local.yml', 'lefthook-local.yaml', '.lefthook-local.yml', '.lefthook-local.yaml'), when: () => 'at your next commit (lefthook)' },
  // lint-staged runs the commands of its config from the pre-commit hook.
  { matches: (p) => /^(?:\.lintstagedrc(?:\.(?:json|ya?ml|[cm]?js))?|lint-staged\.config\.[cm]?js)$/.test(p), when: () => 'at your next commit (lint-staged)' },
  // pnpm loads and runs this file at every install.
  { matches: exact('.pnpmfile.cjs', '.pnpmfile.mjs'), when: () => 'at your next pnpm install' },
  // direnv runs it on entering the folder (once it is allowed: direnv asks again for a changed file, but not every shell shows that).
  { matches: exact('.envrc'), when: () => 'when direnv next loads the folder' },
  // VS Code runs a task with `runOn: folderOpen` when the folder opens; JSON with comments, so the whole file counts.
  { matches: exact('.vscode/tasks.json'), when: () => 'when the folder is next opened in VS Code (tasks)' },
  // Workspace settings name executables VS Code and its extensions start (interpreters, linters, git, terminal profiles).
  { matches: exact('.vscode/settings.json'), when: () => 'when the folder is next opened in VS Code (settings naming executables)' },
  // mise runs a config's `hooks` (enter, cd) and sources `env._.source` files when the shell enters the folder: TOML, the whole file counts.
  { matches: exact('mise.toml', '.mise.toml', 'mise.local.toml', '.mise.local.toml', '.mise/config.toml', '.config/mise.toml'), when: () => 'when mise next activates in the folder' },
  // make runs the recipes of the Makefile the person asks for.
  { matches: exact('Makefile', 'makefile', 'GNUmakefile'), when: () => 'at your next make' },
];

// Not listed, each for its reason: .tool-versions and .nvmrc only name versions of tools from the tools' own registries;
// .gitattributes only selects filter drivers, which .git/config defines (guarded on its own); .gitmodules' `update = !command`
// is honoured only from .git/config; package.json's other scripts (test, start, build) run the project's own code, which
// the person runs on purpose.

/** npm's lifecycle scripts, which npm runs on its own at the command named. */
const LIFECYCLE: Readonly<Record<string, RunsWhen>> = {
  preinstall: 'at your next npm install',
  install: 'at your next npm install',
  postinstall: 'at your next npm install',
  preprepare: 'at your next npm install',
  prepare: 'at your next npm install',
  postprepare: 'at your next npm install',
  dependencies: 'at your next npm install',
  prepack: 'at your next npm pack or publish',
  postpack: 'at your next npm pack or publish',
  prepublish: 'at your next npm install or publish',
  prepublishOnly: 'at your next npm publish',
  publish: 'at your next npm publish',
  postpublish: 'at your next npm publish',
  preversion: 'at your next npm version',
  version: 'at your next npm version',
  postversion: 'at your next npm version',
  preshrinkwrap: 'at your next npm shrinkwrap',
  shrinkwrap: 'at your next npm shrinkwrap',
  postshrinkwrap: 'at your next npm shrinkwrap',
};

/** package.json's fields that git hook managers install from, and Corepack's pinned package manager. */
const PACKAGE_FIELDS: Readonly<Record<string, RunsWhen>> = {
  // simple-git-hooks writes these into .git/hooks at its next run (its `prepare` script), git runs them.
  'simple-git-hooks': COMMIT,
  // husky before v5 read its hooks from here at every git hook.
  'husky.hooks': COMMIT,
  'lint-staged': 'at your next commit (lint-staged)',
  // The `pre-commit` package runs the scripts this field lists.
  'pre-commit': COMMIT,
  // yorkie (Vue's husky fork) reads its hooks from here.
  gitHooks: COMMIT,
  // Corepack downloads and runs the package manager named here (possibly from a URL) at the next npm, yarn or pnpm command.
  packageManager: 'at your next yarn or pnpm command (Corepack)',
};

/** .npmrc keys that name a program npm starts, or decide whether lifecycle scripts run at all. */
const NPMRC_KEYS: Readonly<Record<string, RunsWhen>> = {
  'script-shell': 'at your next npm run or install',
  shell: 'at your next npm exec',
  'node-options': 'at your next npm command',
  'onload-script': 'at your next npm command',
  git: 'at your next npm install of a git dependency',
  'ignore-scripts': 'at your next npm install',
};

/** .yarnrc.yml (Yarn Berry) and .yarnrc (Yarn 1) keys that load code. */
const YARNRC_KEYS: Readonly<Record<string, RunsWhen>> = { yarnPath: 'at your next yarn command', plugins: 'at your next yarn command' };
const YARN1_KEYS: Readonly<Record<string, RunsWhen>> = { 'yarn-path': 'at your next yarn command' };

/** Files whose code-running parts are read out of them (the rest of each file does not count). */
const PARTED_FILES = new Set(['package.json', '.npmrc', '.yarnrc.yml', '.yarnrc']);

/** Every fixed path that may run later (directories listed apart: RUNS_LATER_DIRS). */
export const RUNS_LATER_FILES: readonly string[] = [
  ...PARTED_FILES,
  '.pre-commit-config.yaml',
  'lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml', 'lefthook-local.yml', 'lefthook-local.yaml', '.lefthook-local.yml', '.lefthook-local.yaml',
  '.lintstagedrc', '.lintstagedrc.json', '.lintstagedrc.yaml', '.lintstagedrc.yml', '.lintstagedrc.js', '.lintstagedrc.cjs', '.lintstagedrc.mjs', 'lint-staged.config.js', 'lint-staged.config.cjs', 'lint-staged.config.mjs',
  '.pnpmfile.cjs', '.pnpmfile.mjs',
  '.envrc',
  '.vscode/tasks.json', '.vscode/settings.json',
  'mise.toml', '.mise.toml', 'mise.local.toml', '.mise.local.toml', '.mise/config.toml', '.config/mise.toml',
  'Makefile', 'makefile', 'GNUmakefile',
];

/** Folders whose every file runs later. */
export const RUNS_LATER_DIRS: readonly string[] = ['.husky', '.husky/_'];

/** Does a file at this project-relative path run later (as a whole, or by some of its parts)? */
export function runsLater(path: string): boolean {
  const p = path.replace(/\\/g, '/').replace(/^\.\//, '');
  return PARTED_FILES.has(p) || WHOLE_FILES.some((f) => f.matches(p));
}

/** One part of a file that runs later: `part` null for the whole file. */
export interface RunsLaterPart {
  path: string;
  part: string | null;
  when: RunsWhen;
  text: string;
}

/** The parts of a file that run later, from its text; none when nothing in it does. */
export function partsOf(path: string, text: string): RunsLaterPart[] {
  const p = path.replace(/\\/g, '/').replace(/^\.\//, '');
  if (p === 'package.json') return packageParts(text);
  if (p === '.npmrc') return keyedLines(p, text, NPMRC_KEYS, /^\s*([\w@./:-]+)\s*=\s*(.*)$/);
  if (p === '.yarnrc.yml') return yarnrcParts(text);
  if (p === '.yarnrc') return keyedLines(p, text, YARN1_KEYS, /^\s*"?([\w-]+)"?\s+(.*)$/);
  const whole = WHOLE_FILES.find((f) => f.matches(p));
  return whole ? [{ path: p, part: null, when: whole.when(p), text }] : [];
}

function packageParts(text: string): RunsLaterPart[] {
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    // npm refuses a package.json it cannot parse, so nothing in it runs; said anyway, as one part, rather than guessed at.
    return [{ path: 'package.json', part: '(not valid JSON)', when: 'at your next npm command', text }];
  }
  if (!isObject(pkg)) return [];
  const out: RunsLaterPart[] = [];
  if (isObject(pkg.scripts)) {
    for (const [name, when] of Object.entries(LIFECYCLE)) {
      const v = pkg.scripts[name];
      if (v !== undefined) out.push({ path: 'package.json', part: `scripts.${name}`, when, text: JSON.stringify(v) });
    }
  }
  for (const [field, when] of Object.entries(PACKAGE_FIELDS)) {
    const v = field.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), pkg);
    if (v !== undefined) out.push({ path: 'package.json', part: field, when, text: JSON.stringify(v) });
  }
  return out;
}

/** A key's value per line (.npmrc's `key = value`, .yarnrc's `key value`); a key given twice counts with both values. */
function keyedLines(path: string, text: string, keys: Readonly<Record<string, RunsWhen>>, line: RegExp): RunsLaterPart[] {
  const found = new Map<string, string[]>();
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(raw)) continue;
    const m = line.exec(raw);
    if (!m) continue;
    const key = m[1]!;
    if (!Object.hasOwn(keys, key)) continue;
    found.set(key, [...(found.get(key) ?? []), m[2]!.trim()]);
  }
  return [...found].map(([key, values]) => ({ path, part: key, when: keys[key]!, text: values.join('\n') }));
}

/**
 * .yarnrc.yml's top-level `yarnPath` and `plugins`: a key at column 0 and
 * the indented or list lines under it. Read by hand because a YAML parser
 * would be a dependency of the hook's start-up path for two top-level keys.
 */
function yarnrcParts(text: string): RunsLaterPart[] {
  const out: RunsLaterPart[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^([A-Za-z][\w-]*)\s*:(.*)$/.exec(lines[i]!);
    if (!m || !Object.hasOwn(YARNRC_KEYS, m[1]!)) continue;
    const body = [m[2]!.trim()];
    while (i + 1 < lines.length && /^(?:\s|-|$)/.test(lines[i + 1]!)) body.push(lines[++i]!.trimEnd());
    out.push({ path: '.yarnrc.yml', part: m[1]!, when: YARNRC_KEYS[m[1]!]!, text: body.join('\n').trim() });
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** What runs later, by part (`path` or `path#part`), with its digest and when it runs. */
export type RunsLaterPrint = Record<string, { digest: string; when: RunsWhen }>;

export function keyOf(p: Pick<RunsLaterPart, 'path' | 'part'>): string {
  return p.part === null ? p.path : `${p.path}#${p.part}`;
}

/** The fingerprint of the files read (each `{ path, text }`), digest given by the caller. */
export function fingerprintOf(files: readonly { path: string; text: string }[], digest: (text: string) => string): RunsLaterPrint {
  const print: RunsLaterPrint = {};
  for (const f of files) for (const part of partsOf(f.path, f.text)) print[keyOf(part)] = { digest: digest(part.text), when: part.when };
  return print;
}

/** A part that runs later and is not what it was: `new` when it did not exist before. */
export interface RunsLaterChange {
  key: string;
  path: string;
  part: string | null;
  when: RunsWhen;
  new: boolean;
  digest: string;
}

/**
 * The parts created or changed between two fingerprints. A part removed runs
 * nothing and is not named, except .npmrc's `ignore-scripts`: without it the
 * lifecycle scripts run again (its digest is then the empty string).
 */
export function changedParts(before: RunsLaterPrint, after: RunsLaterPrint): RunsLaterChange[] {
  const out: RunsLaterChange[] = [];
  for (const [key, now] of Object.entries(after)) {
    const was = before[key];
    if (was && was.digest === now.digest) continue;
    const hash = key.indexOf('#');
    out.push({ key, path: hash < 0 ? key : key.slice(0, hash), part: hash < 0 ? null : key.slice(hash + 1), when: now.when, new: !was, digest: now.digest });
  }
  const unblocked = '.npmrc#ignore-scripts';
  if (before[unblocked] && !after[unblocked]) out.push({ key: unblocked, path: '.npmrc', part: 'ignore-scripts', when: before[unblocked].when, new: false, digest: '' });
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A part as the words name it: `.husky/pre-commit`, `package.json scripts.postinstall`. */
export function partName(c: Pick<RunsLaterChange, 'path' | 'part'>): string {
  return c.part === null ? c.path : `${c.path} ${c.part}`;
}

/**
 * The facts, one clause per moment it runs: "runs at your next commit:
 * .husky/pre-commit (new), changed in this session". `where` says which
 * session ("in this session", "in session abc").
 */
export function describeRunsLater(changes: readonly RunsLaterChange[], where: string): string {
  const byWhen = new Map<string, string[]>();
  for (const c of changes) byWhen.set(c.when, [...(byWhen.get(c.when) ?? []), `${partName(c)}${c.new ? ' (new)' : ''}`]);
  return [...byWhen].map(([when, names]) => `runs ${when}: ${names.join(', ')}, changed ${where}`).join('; ');
}
