import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { gitConfigEntries } from '../domain/git-exec-paths.js';
import { globalExecPaths, type GlobalExecFacts, type GlobalExecPaths } from '../domain/git-global-paths.js';
import { stampOf } from '../util/stamped-hash.js';
import { homeDir } from '../util/home-dir.js';

/**
 * The wall engine's list of files that run code or reach the network
 * (sandbox-runtime's DANGEROUS_FILES, which src/wall/engine-denies.ts
 * imports), written out here: the engine's module loads node:os and its
 * platform and glob code when imported, which every hook call that checks
 * git's exec files would pay for one constant. test/unit/hook-start-up.test.ts
 * holds the two lists equal.
 */
export const ENGINE_DANGEROUS_FILES: readonly string[] = ['.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.zshrc', '.zprofile', '.profile', '.ripgreprc', '.mcp.json'];

/**
 * Start-up files the shells read that the engine's list (ENGINE_DANGEROUS_FILES) does not name: zsh reads `.zshenv` for every
 * shell, scripts included; bash reads `.bash_login` where there is no
 * `.bash_profile`. Only names relative to the home are kept from the
 * engine's list (`.gitmodules` and `.mcp.json` are a project's files, not the
 * person's: a `.gitmodules` in the home is read only by a repository there).
 */
const MORE_STARTUP_FILES = ['.zshenv', '.zlogin', '.bash_login'];
const NOT_STARTUP = new Set(['.gitmodules', '.mcp.json', '.gitconfig']);
const STARTUP_NAMES = new Set([...ENGINE_DANGEROUS_FILES.filter((f) => !NOT_STARTUP.has(f)), ...MORE_STARTUP_FILES]);

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
 * The last answer per environment, with the stamp of each config file it
 * was read from (src/util/stamped-hash.ts fileStamp): a hook call asks for
 * the same files several times (before, after, the hot state, the check
 * between calls), and reading the configs again costs more than a stat of
 * each. The hot state carries the answer to the next hook process
 * (seedGlobalExecFiles). A config that changed (a person's new
 * `core.hooksPath`) is read again, also in a long-lived process (the
 * OpenClaw gateway); one changed within the file system's clock tick of now
 * has no stamp, and is read again at each call until it settles.
 */
const memo = new Map<string, GlobalExecMemo>();

/** An answer of globalExecFiles with what it was read under: the environment's key and the config files' stamps. */
export interface GlobalExecMemo {
  key: string;
  stamps: string;
  value: GlobalExecPaths;
}

function envKey(env: NodeJS.ProcessEnv): string {
  return [env.HOME, env.XDG_CONFIG_HOME, env.GIT_CONFIG_GLOBAL, env.GIT_CONFIG_SYSTEM].join('\0');
}

/** The person's exec files outside the project (src/domain/git-global-paths.ts), as they are now. */
export function globalExecFiles(env: NodeJS.ProcessEnv = process.env): GlobalExecPaths {
  if (seeded) takeSeed();
  const key = envKey(env);
  const hit = memo.get(key);
  if (hit && stampsOf(hit.value.configs) === hit.stamps) return hit.value;
  const value = globalExecPaths(readGlobalExecFacts(env));
  // Stamps taken after the reads: a write in between leaves stamps that no longer match, and the next call reads again.
  const stamps = stampsOf(value.configs);
  if (memo.size > 8) memo.clear();
  if (stamps === null) memo.delete(key);
  else memo.set(key, { key, stamps, value });
  return value;
}

/** The answer this process read for `env`, for the hot state to carry to the next hook process; null when it has none that can be trusted. */
export function globalExecMemo(env: NodeJS.ProcessEnv = process.env): GlobalExecMemo | null {
  if (seeded) takeSeed();
  return memo.get(envKey(env)) ?? null;
}

/** What a previous process read (from the hot state), checked and taken at the first call that asks: a call that never asks pays nothing for it. */
let seeded: GlobalExecMemo | undefined;

/** Takes the answer a previous process read (from the hot state): used only while each config file's stamp is still the one it was read under. */
export function seedGlobalExecFiles(seed: GlobalExecMemo | undefined): void {
  seeded = seed;
}

function takeSeed(): void {
  const seed = seeded;
  seeded = undefined;
  const v = seed?.value;
  if (!seed || typeof seed.key !== 'string' || typeof seed.stamps !== 'string' || !v || !strings(v.files) || !strings(v.dirs) || !strings(v.configs) || !strings(v.system)) return;
  if (!memo.has(seed.key)) memo.set(seed.key, seed);
}

/** An array of strings (a loop rather than `every` with closures: this runs at the start of each hook process). */
function strings(a: unknown): boolean {
  if (!Array.isArray(a)) return false;
  for (const x of a) if (typeof x !== 'string') return false;
  return true;
}

/** Each file's stamp, `-` for one absent; null when one changed too recently for its stamp to tell a later change. */
function stampsOf(files: readonly string[]): string | null {
  const out: string[] = [];
  // One stat per file, for both questions (is it there, its stamp): this runs at every hook call.
  const now = Date.now();
  for (const f of files) {
    const st = statSync(f, { throwIfNoEntry: false, bigint: true });
    if (st === undefined) {
      out.push('-');
      continue;
    }
    const stamp = stampOf(st, now);
    if (stamp === null) return null;
    out.push(stamp);
  }
  return out.join(',');
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
    const h = homeDir();
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
