/**
 * continuity's own wall around the shell commands of a client whose sandbox
 * continuity cannot set up (Gemini CLI, OpenClaw): a PreToolUse of Bash that
 * the guards allowed gets `hookSpecificOutput.updatedInput` with the command
 * wrapped in bubblewrap (src/wall/), which the client's adapter renders as
 * its own input rewrite (Gemini's `tool_input`, OpenClaw's `params`). The
 * guards judge the original command first: a denied command stays denied.
 * Claude Code keeps its own sandbox (`continuity init` sets it up); Codex and
 * Cursor get no wrap here.
 */
import { SHARED_CREDENTIAL_VARS, sharedCredentialsDir } from '../../shared/credentials.js';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';
import { readGitDirFacts } from '../../app/git-exec-facts.js';
import { globalExecFiles } from '../../app/git-global-facts.js';
import { CLIENT_CODE_DIRS, WIRING_FILES, userWiringFiles } from '../../app/wiring-files.js';
import { gitExecPaths } from '../../domain/git-exec-paths.js';
import { loadConfig } from '../../config/load.js';
import { DEFAULT_CONFIG, type Config } from '../../config/schema.js';
import type { HotState } from '../../ledger/hot-state.js';
import { LEDGER_DIR } from '../../ledger/ledger-dir.js';
import { stateHome } from '../../ledger/recovery-copy.js';
import { runningProgramPaths } from '../../util/running-program.js';
import { wrapCommand, wrapPrefix, wrapWithPrefix, type WallSpec } from '../../wall/bwrap.js';
import { engineDenyPaths } from '../../wall/engine-denies.js';
import { probeWall } from '../../wall/probe.js';
import { literalPrefix, wallSpec, type WallFacts, type WalledClient } from '../../wall/spec.js';
import { describeOwnWallForAgent, wallVerdict, type WallVerdict } from '../../wall/verdict.js';
import { CLIENT_NAMES, walledClient, type WallAnswer } from './wall-answer.js';

/** Hook wiring of every client outside the project, under the home folder (the project's are WIRING_FILES). */
const HOME_WIRING = ['.codex/hooks.json', '.codex/config.toml', '.cursor/hooks.json', '.gemini/settings.json', '.pi/agent/settings.json', '.pi/agent/extensions', '.config/opencode'];
/** Project files that switch a client's hooks off or load code into it, beside WIRING_FILES: Codex's project config, Gemini's whole folder, the folders pi, OpenCode and Copilot CLI load code from (CLIENT_CODE_DIRS), OpenCode's config. */
const PROJECT_WIRING = ['.codex/config.toml', '.gemini', ...CLIENT_CODE_DIRS, 'opencode.json', 'opencode.jsonc'];
/** The folders of the project Copilot CLI loads code and settings from (all of CLIENT_CODE_DIRS under `.github/`). */
const COPILOT_LOADED_DIRS = CLIENT_CODE_DIRS.filter((d) => d.startsWith('.github/'));
/**
 * Caches under the home folder writable inside the wall: only those whose
 * content the tool checks before using it, so that nothing written there
 * runs unchecked later as the person: npm's content-addressed `_cacache`
 * (every read checked against its integrity hash) and its logs, pip's HTTP
 * caches (downloads, checked against the index's hashes), Yarn's and pnpm's
 * content-addressed stores. Not the folders of installed copies a tool runs
 * (`~/.npm/_npx`, `~/.cache/pre-commit`, pip's built wheels, `~/.cargo/bin`,
 * `~/.local`, Bun's global install, Go's and Cargo's unpacked sources, which
 * builds use as they are).
 */
const HOME_CACHES = ['.npm/_cacache', '.npm/_logs', '.cache/pip/http', '.cache/pip/http-v2', '.yarn/berry/cache', '.pnpm-store', '.local/share/pnpm/store'];
/** Caches of installed copies that a command in the wall must still be able to fill (`npx <pkg>`): an empty folder of the call's own over each. */
const EPHEMERAL_CACHES = ['.npm/_npx'];
/** The caches made where missing (inside the wall the home folder is read-only: `npm install` could not make them). */
const MADE_CACHES = ['.npm/_cacache', '.npm/_logs', '.npm/_npx'];
/** The clients' credentials in the environment (their code's names). */
const CREDENTIALS: Readonly<Record<WalledClient, readonly string[]>> = {
  openclaw: ['OPENCLAW_GATEWAY_TOKEN', 'OPENCLAW_GATEWAY_PASSWORD', 'OPENCLAW_GATEWAY_SECRET', 'OPENCLAW_MCP_TOKEN'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_CLOUD_ACCESS_TOKEN', 'GOOGLE_GENAI_API_KEY'],
  // pi reads each provider's key from its variable (docs/providers.md), beside ~/.pi/agent/auth.json.
  pi: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GEMINI_API_KEY', 'GROQ_API_KEY', 'XAI_API_KEY', 'OPENROUTER_API_KEY', 'MISTRAL_API_KEY', 'CEREBRAS_API_KEY'],
  // Copilot CLI's own (its provider's key and token, its GitHub token); GH_TOKEN and GITHUB_TOKEN stay: the agent's `gh` and git use them.
  copilot: ['COPILOT_PROVIDER_API_KEY', 'COPILOT_PROVIDER_BEARER_TOKEN', 'COPILOT_GITHUB_TOKEN'],
  // OpenCode keeps provider keys in its data folder (auth.json, hidden below); its server's password is in its environment.
  opencode: ['OPENCODE_SERVER_PASSWORD'],
};

/** The config's mode and protect list, read here because a spooled call never loads the config; unreadable: the defaults (`required`). */
async function wallConfig(root: string): Promise<Pick<Config, 'protect'> & { mode: Config['sandbox']['mode']; signingKey: string | null }> {
  try {
    const c = await loadConfig(root);
    return { mode: c.sandbox.mode, protect: c.protect, signingKey: c.approval.signingKey ?? null };
  } catch {
    return { mode: DEFAULT_CONFIG.sandbox.mode, protect: DEFAULT_CONFIG.protect, signingKey: null };
  }
}

/** The verdict for a shell call of `client` in the project at `root`. */
export async function ownWallVerdict(root: string, env: NodeJS.ProcessEnv): Promise<WallVerdict> {
  const { mode } = await wallConfig(root);
  return wallVerdict(mode, () => probeWall(env));
}

/** The sentence for the session's opening context. */
export async function describeOwnWallForAgentAt(client: WalledClient, root: string, env: NodeJS.ProcessEnv): Promise<string> {
  return describeOwnWallForAgent(CLIENT_NAMES[client], await ownWallVerdict(root, env));
}

/**
 * For a Bash PreToolUse of a walled client: the wrapped command (or the
 * denial where the wall cannot stand and the mode requires it); null for any
 * other call.
 */
export async function ownWallAnswer(
  payload: { hook_event_name: string; tool_name?: unknown; tool_input?: unknown; cwd?: string },
  root: string,
  env: NodeJS.ProcessEnv,
  source: string,
  hot: HotState | null,
  /** A long-lived process (a client running continuity in its own process): the wall built from the same facts is kept (keptWall). */
  opts: { keep?: boolean } = {},
): Promise<WallAnswer | null> {
  const client = walledClient(source);
  const input = payload.tool_input as Record<string, unknown> | undefined;
  if (!client || payload.hook_event_name !== 'PreToolUse' || payload.tool_name !== 'Bash' || typeof input?.command !== 'string') return null;
  const config = await wallConfig(root);
  const verdict = wallVerdict(config.mode, () => probeWall(env));
  if (verdict.kind === 'hooks-only') return { output: null, decision: { wall: 'hooks-only', why: verdict.why } };
  if (verdict.kind === 'deny') return { output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: verdict.reason } }, decision: { wall: 'unavailable', action: 'deny' } };
  const facts = ownWallFacts(client, root, env, verdict.bwrap, [...config.protect, ...(hot?.protectGlobs ?? [])], payload.cwd ?? root, config.signingKey);
  const built = opts.keep ? keptWall(facts) : null;
  const spec = built?.spec ?? wallSpec(facts);
  // macOS: the library's Seatbelt command, loaded only there. It hands the command TMPDIR=/tmp/claude, which it does
  // not make itself (its session manager would): made here, as any temporary file there would make it.
  if (verdict.engine === 'seatbelt') {
    try {
      mkdirSync('/tmp/claude', { recursive: true });
    } catch {
      // Commands that write temporary files then fail inside the wall; nothing runs outside it.
    }
  }
  const command =
    verdict.engine === 'seatbelt' ? (await import('../../wall/seatbelt.js')).seatbeltCommand(spec, root, input.command) : built ? wrapWithPrefix(built.prefix, input.command) : wrapCommand(spec, input.command);
  return { output: { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { ...input, command } } }, decision: { wall: 'wrapped' } };
}

/**
 * The walls a long-lived process built, by their facts (all of them, as
 * text): the spec and its command's words are pure functions of the facts,
 * read afresh at every call, so the same facts give the same wall. Bounded:
 * a gateway serves a few workspaces; past the bound all are built again once.
 */
const builtWalls = new Map<string, { spec: WallSpec; prefix: string }>();

function keptWall(facts: WallFacts): { spec: WallSpec; prefix: string } {
  const key = JSON.stringify(facts);
  let built = builtWalls.get(key);
  if (!built) {
    const spec = wallSpec(facts);
    built = { spec, prefix: wrapPrefix(spec) };
    if (builtWalls.size >= 16) builtWalls.clear();
    builtWalls.set(key, built);
  }
  return built;
}

/** The facts the wall is built from, read from the file system and the client's environment. */
export function ownWallFacts(client: WalledClient, root: string, env: NodeJS.ProcessEnv, bwrap: string, protect: readonly string[], cwd: string = root, signingKey: string | null = null): WallFacts {
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : null;
  const existing = (paths: readonly (string | undefined)[]) => [...new Set(paths.filter((p): p is string => !!p && isAbsolute(p) && existsSync(p)))];
  // npm's cache where this environment puts it (`npm_config_cache`: set by npm for every script it runs, or by the person),
  // beside the home's: the same checked part writable, the same installed copies behind an empty folder of the call's own.
  const npmCache = [env.npm_config_cache, env.NPM_CONFIG_CACHE].find((c): c is string => !!c && isAbsolute(c));
  const inNpmCache = (rel: readonly string[]) => (npmCache ? rel.filter((r) => r.startsWith('.npm/')).map((r) => join(npmCache, r.slice('.npm/'.length))) : []);
  const inHome = (rel: readonly string[]) => [...(home ? rel.map((r) => join(home, r)) : []), ...inNpmCache(rel)];
  const state = stateHome(env);
  const git = gitExecPaths(root, readGitDirFacts(root));
  // The person's own git config and start-up files (src/domain/git-global-paths.ts), as this environment names them: the home is
  // read-only already, but GIT_CONFIG_GLOBAL or XDG_CONFIG_HOME may name a file in the temporary folder or the project.
  const global = globalExecFiles(env);
  // git's folder under each XDG config home: read-only whole, so that a config or attributes file missing there cannot be made.
  const xdgGit = global.configs.filter((c) => c.endsWith('/git/config')).map((c) => dirname(c));
  // A missing `info/attributes` cannot stand as a file (see placeholders below): its `info` folder is read-only instead (git writes
  // nothing there in add, commit, checkout, branch or stash).
  const infoDirs = git.files.filter((f) => f.endsWith('/info/attributes') && !existsSync(f) && existsSync(join(dirname(dirname(f)), 'HEAD'))).map((f) => dirname(f));
  // npm's cache folders are made where missing: inside the wall the home folder is read-only, and a first
  // `npm install` could not make its cache there, nor `npx` have a folder to lay the wall's own over.
  for (const dir of inHome(MADE_CACHES)) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch {
      // left out of the writable list below
    }
  }
  const hidden = clientState(client, env, home, cwd);
  // OpenCode's config folder is hidden from its commands and is wiring for every other client (read-only there):
  // a read-only mount of it after the hiding one would show it again.
  const shown = (p: string) => client !== 'opencode' || !hidden.dirs.some((d) => p === d || p.startsWith(`${d}/`));
  return linksResolved({
    client,
    root,
    home,
    // /dev/shm is writable with /dev itself.
    temp: existing(['/tmp', env.TMPDIR]),
    caches: existing(inHome(HOME_CACHES)),
    ephemeral: existing(inHome(EPHEMERAL_CACHES)),
    gitExec: { files: existing([...git.files, ...global.files]), dirs: existing([...git.dirs, ...global.dirs, ...xdgGit, ...infoDirs]) },
    mandatory: existing(engineDenyPaths(root)),
    // Only what exists: a missing path has nothing to keep read-only, and each mount costs the call time.
    guarded: existing([
      join(root, LEDGER_DIR),
      ...WIRING_FILES.map((f) => join(root, f)),
      ...PROJECT_WIRING.map((f) => join(root, f)),
      ...userWiringFiles(env),
      ...inHome(HOME_WIRING),
      ...runningProgramPaths(env).map((p) => p.path),
      // The `continuity` the hook command names, as the client finds it on PATH (a launcher or shim in a writable folder).
      ...onPathAll('continuity', env),
      state,
      // The guard's patterns outside the project are absolute (the person's own settings): read-only as they are.
      ...protect.filter((p) => p.startsWith('/')).map(absoluteLiteral).filter((p): p is string => p !== null),
    ]).filter(shown),
    protect: protect.filter((p) => existsSync(join(root, literalPrefix(p) ?? '.'))),
    // Gemini CLI reads the project's .gemini/settings.json: where there is none, none can be made inside the wall.
    placeholders: [
      ...(client === 'gemini' && !existsSync(join(root, '.gemini')) ? [join(root, '.gemini')] : []),
      // pi loads `.pi/extensions/*` and `.pi/settings.json`: where there is no `.pi`, none can be made inside the wall.
      ...(client === 'pi' && !existsSync(join(root, '.pi')) ? [join(root, '.pi')] : []),
      // Copilot CLI reads `disableAllHooks` from the repository's .github/copilot/settings.json: none can be made there either.
      // Nor a hook file, an extension or a custom agent (whose profile names MCP servers) in the folders it loads them from.
      ...(client === 'copilot' ? COPILOT_LOADED_DIRS.map((d) => join(root, d)).filter((d) => !existsSync(d)) : []),
      // A repository's missing hooks folder stands empty and read-only (git makes one like it at `git init`); not in a
      // `.git` that holds no repository yet, where `git init` must copy its templates. A missing exec file cannot
      // stand: bubblewrap would leave its mount point behind as an empty file, and an empty `commondir` stops git.
      ...git.dirs.filter((d) => !existsSync(d) && existsSync(join(dirname(d), 'HEAD'))),
      ...infoDirs.filter((d) => !existsSync(d)),
      // (Only those inside what is writable are made: wallSpec keeps no other.)
      ...xdgGit.filter((d) => !existsSync(d) && existsSync(dirname(d))),
    ],
    clientState: withSharedCredentials(withSigningKeys(hidden, existing(inHome(['.ssh'])), existing(signingKeyFiles(env, signingKey, home, root))), env),
    // ssh-agent's socket too: through it a command could sign as the person without the key file. And the shared ledger's
    // credentials (src/shared/credentials.ts): an agent holding them could write records the other machines read.
    credentials: [...CREDENTIALS[client], 'SSH_AUTH_SOCK', ...SHARED_CREDENTIAL_VARS],
    bwrap,
    shell: clientShell(client, env),
  });
}

/**
 * The facts with every path's symbolic links resolved. bubblewrap makes its
 * mount points under a new root, where an absolute link on the way to one (a
 * project, home or temporary folder reached through a linked folder) leads
 * nowhere: "Can't mkdir parents for …", and every command of the agent
 * fails. Mounted at their real paths, the same folders are reached through
 * the links the command sees.
 */
function linksResolved(f: WallFacts): WallFacts {
  const all = (paths: readonly string[]) => paths.map(realPath);
  return {
    ...f,
    root: realPath(f.root),
    home: f.home === null ? null : realPath(f.home),
    temp: all(f.temp),
    caches: all(f.caches),
    ephemeral: all(f.ephemeral),
    gitExec: { files: all(f.gitExec.files), dirs: all(f.gitExec.dirs) },
    mandatory: all(f.mandatory),
    guarded: all(f.guarded),
    placeholders: all(f.placeholders),
    clientState: { dirs: all(f.clientState.dirs), files: all(f.clientState.files), keep: all(f.clientState.keep) },
  };
}

/** The folder of the shared ledger's credentials files, hidden like the client's own credentials, where it exists. */
function withSharedCredentials(state: WallFacts['clientState'], env: NodeJS.ProcessEnv): WallFacts['clientState'] {
  const dir = sharedCredentialsDir(env);
  return dir && existsSync(dir) ? { ...state, dirs: [...state.dirs, dir] } : state;
}

/**
 * The person's SSH keys, hidden from the agent's commands with the client's
 * own state: `~/.ssh` and the key CONTINUITY_SIGNING_KEY or the config's
 * `approval.signingKey` names (its private half beside a `.pub`). An
 * approval is signed with one of them (src/app/approval-signing.ts); a
 * command in the wall that could read one could sign for the person.
 */
function withSigningKeys(state: WallFacts['clientState'], dirs: readonly string[], files: readonly string[]): WallFacts['clientState'] {
  return { ...state, dirs: [...state.dirs, ...dirs], files: [...state.files, ...files] };
}

function signingKeyFiles(env: NodeJS.ProcessEnv, configured: string | null, home: string | null, root: string): string[] {
  return [env.CONTINUITY_SIGNING_KEY?.trim(), configured?.trim()].flatMap((raw) => {
    if (!raw || raw.startsWith('key::')) return [];
    const key = raw === '~' || raw.startsWith('~/') ? (home ? join(home, raw.slice(1)) : null) : isAbsolute(raw) ? raw : join(root, raw);
    if (!key) return [];
    return key.endsWith('.pub') ? [key, key.slice(0, -'.pub'.length)] : [key, `${key}.pub`];
  });
}

/**
 * `p` with its links resolved; a missing tail (a placeholder to make) kept
 * under its nearest existing folder's real path. The system's realpath
 * (`.native`): Node's own walks the path a component at a time in
 * JavaScript, about twice the time on every shell call.
 */
function realPath(p: string): string {
  const tail: string[] = [];
  for (let head = p; ; head = dirname(head)) {
    try {
      return join(realpathSync.native(head), ...tail);
    } catch {
      if (dirname(head) === head) return p;
      tail.unshift(basename(head));
    }
  }
}

/** The client's own state and config, hidden from the agent's commands, and what inside it stays the agent's. */
function clientState(client: WalledClient, env: NodeJS.ProcessEnv, home: string | null, cwd: string): WallFacts['clientState'] {
  const exists = (p: string | null | undefined): p is string => !!p && isAbsolute(p) && existsSync(p);
  if (client === 'gemini') {
    // GEMINI_CLI_HOME stands for the home folder in Gemini CLI's own paths.
    const base = env.GEMINI_CLI_HOME?.trim() || home;
    const dir = base ? join(base, '.gemini') : null;
    return { dirs: exists(dir) ? [dir] : [], files: [], keep: [] };
  }
  if (client === 'pi') {
    // pi's agent folder (PI_CODING_AGENT_DIR moves it): its keys (auth.json, models.json) and sessions are hidden. Not the
    // whole folder: pi puts its `bin` (the fd and rg it manages) first on every bash call's PATH; read-only like the home.
    const dir = env.PI_CODING_AGENT_DIR?.trim() || (home ? join(home, '.pi', 'agent') : null);
    if (!dir) return { dirs: [], files: [], keep: [] };
    return { dirs: [join(dir, 'sessions')].filter(exists), files: [join(dir, 'auth.json'), join(dir, 'models.json')].filter(exists), keep: [] };
  }
  if (client === 'copilot') {
    // COPILOT_HOME stands for ~/.copilot: its config (trusted folders), settings (`disableAllHooks`), user hooks and session records.
    const dir = env.COPILOT_HOME?.trim() || (home ? join(home, '.copilot') : null);
    return { dirs: exists(dir) ? [dir] : [], files: [], keep: [] };
  }
  if (client === 'opencode') {
    // Its data (auth.json with the provider keys, its sessions) and its config folder (global plugins and settings), as XDG places them.
    const data = env.XDG_DATA_HOME?.trim() || (home ? join(home, '.local', 'share') : null);
    const config = env.XDG_CONFIG_HOME?.trim() || (home ? join(home, '.config') : null);
    const dirs = [data && join(data, 'opencode'), config && join(config, 'opencode')].filter(exists);
    return { dirs, files: [], keep: [] };
  }
  // OpenClaw: its state folder (token, sessions, plugins, the shell snapshots) and its config, as OpenClaw finds them;
  // the agent's workspace (by default ~/.openclaw/workspace) and the project stay writable: mounted again after it.
  const stateDir = env.OPENCLAW_STATE_DIR?.trim() || (home ? join(home, '.openclaw') : null);
  const config = env.OPENCLAW_CONFIG_PATH?.trim() || null;
  return { dirs: exists(stateDir) ? [stateDir] : [], files: exists(config) ? [config] : [], keep: exists(cwd) ? [cwd] : [] };
}

/** The shell the client runs a command with, as it picks it (Gemini CLI, pi, Copilot CLI: bash -c; OpenCode: $SHELL -c; OpenClaw: $SHELL, else sh). */
export function clientShell(client: WalledClient, env: NodeJS.ProcessEnv): { path: string; args: string[] } {
  // pi (0.73.1, utils/shell.js): /bin/bash, else bash on PATH, with -c. Copilot CLI's bash tool runs each command in a bash of its own.
  if (client === 'gemini' || client === 'pi' || client === 'copilot') return { path: lookup('bash', env) ?? '/bin/bash', args: ['-c'] };
  if (client === 'opencode') {
    // OpenCode 1.18.33: $SHELL unless it is fish or nu, else bash, else sh; the command is its `-c` argument.
    const own = env.SHELL?.trim();
    const usable = own && isAbsolute(own) && !['fish', 'nu'].includes(basename(own)) ? own : null;
    return { path: usable ?? lookup('bash', env) ?? lookup('sh', env) ?? '/bin/sh', args: ['-c'] };
  }
  const own = env.SHELL?.trim();
  const usable = own && !['false', 'nologin'].includes(basename(own)) ? own : null;
  const shell = usable && basename(usable) === 'fish' ? (lookup('bash', env) ?? lookup('sh', env) ?? usable) : (usable ?? lookup('sh', env) ?? lookup('bash', env) ?? '/bin/sh');
  const name = basename(shell);
  return { path: shell, args: name === 'bash' ? ['--noprofile', '--norc', '-c'] : name === 'zsh' ? ['-f', '-c'] : name === 'fish' ? ['--no-config', '-c'] : ['-c'] };
}

function lookup(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of ['/bin', '/usr/bin', ...(env.PATH ?? '').split(delimiter)]) {
    if (dir && isAbsolute(dir) && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** An absolute pattern up to its first glob character (`/a/b/**` → `/a/b`), or null. */
function absoluteLiteral(pattern: string): string | null {
  const glob = pattern.search(/[*?[{]/);
  const literal = (glob < 0 ? pattern : pattern.slice(0, pattern.lastIndexOf('/', glob) + 1)).replace(/\/+$/, '');
  return literal && literal !== '/' ? literal : null;
}

/** Every `name` on PATH, and what each links to. */
function onPathAll(name: string, env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const p = dir && isAbsolute(dir) ? join(dir, name) : null;
    if (!p || !existsSync(p)) continue;
    out.push(p);
    try {
      out.push(realpathSync(p));
    } catch {
      // a dangling link: nothing more
    }
  }
  return out;
}
