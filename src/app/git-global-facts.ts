import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute } from 'node:path';
import { gitConfigEntries } from '../domain/git-exec-paths.js';
import { globalExecPaths, type GlobalExecFacts, type GlobalExecPaths } from '../domain/git-global-paths.js';
import { DANGEROUS_FILES } from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js';

/**
 * Start-up files the shells read that the engine's list (DANGEROUS_FILES,
 * src/wall/engine-denies.ts) does not name: zsh reads `.zshenv` for every
 * shell, scripts included; bash reads `.bash_login` where there is no
 * `.bash_profile`. Only names relative to the home are kept from the
 * engine's list (`.gitmodules` and `.mcp.json` are a project's files, not the
 * person's: a `.gitmodules` in the home is read only by a repository there).
 */
const MORE_STARTUP_FILES = ['.zshenv', '.zlogin', '.bash_login'];
const NOT_STARTUP = new Set(['.gitmodules', '.mcp.json', '.gitconfig']);
const STARTUP_NAMES = new Set([...DANGEROUS_FILES.filter((f) => !NOT_STARTUP.has(f)), ...MORE_STARTUP_FILES]);

/**
 * The facts globalExecPaths needs, read from the environment and the global
 * config files: two small reads, no git process (this runs on every hook
 * call that checks the guarded files).
 */
export function readGlobalExecFacts(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform): GlobalExecFacts {
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : safeHomedir();
  const abs = (v: string | undefined) => (v && isAbsolute(v) ? v : null);
  const facts: GlobalExecFacts = {
    home,
    xdgConfigHome: abs(env.XDG_CONFIG_HOME),
    gitConfigGlobal: abs(env.GIT_CONFIG_GLOBAL),
    gitConfigSystem: abs(env.GIT_CONFIG_SYSTEM),
    platform,
    startupFiles: [...STARTUP_NAMES],
  };
  // What the global configs set, in the order git reads them (the later wins).
  const first = globalExecPaths(facts);
  const includes: { path: string; from: string }[] = [];
  for (const file of first.configs) {
    const text = readOrNull(file);
    if (text === null) continue;
    for (const e of gitConfigEntries(text)) {
      if (e.key === 'core.hookspath' && e.value) facts.hooksPath = e.value;
      else if (e.key === 'core.attributesfile' && e.value) facts.attributesFile = e.value;
      else if ((e.key === 'include.path' || /^includeif\..+\.path$/.test(e.key)) && e.value) includes.push({ path: e.value, from: dirname(file) });
    }
  }
  if (includes.length) facts.includes = includes;
  return facts;
}

/**
 * The last answer per environment, with the size and time of each config
 * file it was read from: a hook call asks for the same files several times
 * (before, after, the hot state, the check between calls), and reading the
 * configs again costs more than a stat of each. A config that changed (a
 * person's new `core.hooksPath`) is read again, also in a long-lived
 * process (the OpenClaw gateway).
 */
const memo = new Map<string, { stamps: string; value: GlobalExecPaths }>();

/** The person's exec files outside the project (src/domain/git-global-paths.ts), as they are now. */
export function globalExecFiles(env: NodeJS.ProcessEnv = process.env): GlobalExecPaths {
  const key = [env.HOME, env.XDG_CONFIG_HOME, env.GIT_CONFIG_GLOBAL, env.GIT_CONFIG_SYSTEM].join('\0');
  const hit = memo.get(key);
  if (hit && stampsOf(hit.value.configs) === hit.stamps) return hit.value;
  const value = globalExecPaths(readGlobalExecFacts(env));
  if (memo.size > 8) memo.clear();
  memo.set(key, { stamps: stampsOf(value.configs), value });
  return value;
}

function stampsOf(files: readonly string[]): string {
  return files.map((f) => {
    const st = statSync(f, { throwIfNoEntry: false });
    return st ? `${st.size}:${st.mtimeMs}:${st.ino}` : '-';
  }).join(',');
}

/** The same as guard patterns: absolute files, a folder as `folder/**`. */
export function globalExecPatterns(env: NodeJS.ProcessEnv = process.env): string[] {
  const { files, dirs } = globalExecFiles(env);
  return [...files, ...dirs.map((d) => `${d}/**`)];
}

/**
 * The person's git files that a client's own sandbox, set up once by
 * `continuity init`, is told to keep read-only: their global config files
 * and attributes files that exist now (a sandbox entry for a missing file
 * breaks Codex's bubblewrap), under the home (`~/…`) or elsewhere
 * (absolute). Not the system's (only an administrator writes them) nor the
 * shell's start-up files (the sandboxes deny those on their own).
 */
export function personGitFiles(env: NodeJS.ProcessEnv = process.env): { home: string[]; outside: string[] } {
  const facts = readGlobalExecFacts(env);
  const paths = globalExecPaths(facts);
  const home = facts.home ? `${facts.home.replace(/\/+$/, '')}/` : null;
  const wanted = paths.files.filter((f) => !paths.system.includes(f) && !STARTUP_NAMES.has(f.slice(f.lastIndexOf('/') + 1)) && statSync(f, { throwIfNoEntry: false })?.isFile());
  return { home: wanted.filter((f) => home && f.startsWith(home)).map((f) => f.slice(home!.length)), outside: wanted.filter((f) => !home || !f.startsWith(home)) };
}

/**
 * A snapshot's path that is one of the person's exec files by its name
 * (`~/.gitconfig`, `…/git/config`, a start-up file): kept when this
 * process's environment does not name it (a CLI command run with another
 * HOME or XDG_CONFIG_HOME than the hooks'). Dropped, a change made meanwhile
 * would be taken as authorised.
 */
export function isPersonExecFile(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /\/git\/(?:config|attributes)$/.test(path) || name === '.gitconfig' || name === 'gitconfig' || STARTUP_NAMES.has(name);
}

function safeHomedir(): string | null {
  try {
    const h = homedir();
    return h && isAbsolute(h) ? h : null;
  } catch {
    return null;
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
