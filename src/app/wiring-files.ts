import { readFileSync } from 'node:fs';
import { join } from 'node:path';
/**
 * The files through which an agent client finds continuity's hooks and its
 * sandbox, whichever agent the project uses: changed by the agent, they could
 * switch the hooks off (`disableAllHooks`, an emptied `hooks`), the sandbox
 * off, or a plugin away. They are guarded like continuity's own files.
 *
 * Every client's files are guarded in every project, whether or not that
 * client is wired here: a project is often worked on with more than one
 * client, a client can be wired after the agent wrote its settings, and the
 * files that are absent cost one failed open each.
 */
/**
 * The project's configs of the MCP and language servers a client starts as
 * the person at its next start, outside every wall (Copilot CLI reads
 * `.mcp.json` and `.github/mcp.json`, `.vscode/mcp.json` where neither is
 * found, and `.github/lsp.json`): like a git hook, a server the agent names
 * there would run later as the person. Judged whole.
 */
export const PROCESS_CONFIG_FILES = ['.mcp.json', '.github/mcp.json', '.vscode/mcp.json', '.github/lsp.json'] as const;

export const WIRING_FILES = ['.claude/settings.json', '.claude/settings.local.json', '.codex/hooks.json', '.codex/config.toml', '.gemini/settings.json', '.cursor/hooks.json', '.pi/settings.json', '.pi/extensions/continuity.ts', '.github/hooks/continuity.json', '.github/copilot/settings.json', '.github/copilot/settings.local.json', '.opencode/plugins/continuity.js', 'opencode.json', 'opencode.jsonc', '.opencode/opencode.json', '.opencode/opencode.jsonc', ...PROCESS_CONFIG_FILES] as const;

/**
 * Folders of the project from which a client loads code, or config that
 * starts code, into its own process or at its next start, as the person and
 * outside every wall (read from each client's own code):
 * - pi 0.73.1: `.pi/` (its extensions, `settings.json` naming the packages
 *   and extensions it loads, the packages themselves under `.pi/npm/` and
 *   `.pi/git/`);
 * - OpenCode 1.18.33: `.opencode/` (plugins and custom tools, `plugin(s)/`
 *   and `tool(s)/`, loaded into its process; `opencode.json(c)` there; the
 *   `package.json` whose dependencies it installs at start-up; agents and
 *   commands, whose `permission` and shell templates decide what runs);
 * - Copilot CLI 1.0.102: `.github/hooks/` (every hook file runs),
 *   `.github/copilot/` (its repository settings), `.github/extensions/`
 *   (extensions it loads) and `.github/agents/` (custom agents, whose
 *   profiles name tools and MCP servers).
 * Guarded whole for the file tools and the shell guard, and read-only inside
 * continuity's own wall: a person adds a file there, outside the agent.
 */
export const CLIENT_CODE_DIRS = ['.pi', '.opencode', '.github/hooks', '.github/copilot', '.github/extensions', '.github/agents'] as const;

/**
 * Of those, the folders whose every file the client loads by being there (no
 * setting names it): pi's extensions, OpenCode's plugins and custom tools,
 * Copilot CLI's hook files, extensions and custom agents. Small, so their
 * files are also kept, like git's hooks: one a command makes unseen during a
 * call is taken away after it, and one that appears between calls is the
 * person's, kept and named to them.
 */
export const CLIENT_LOADED_DIRS = ['.pi/extensions', '.opencode/plugin', '.opencode/plugins', '.opencode/tool', '.opencode/tools', '.github/hooks', '.github/extensions', '.github/agents'] as const;
/** Each of those as a glob: written out, not mapped at load (every hook call loads this module; a unit test holds the two lists together). */
export const CLIENT_LOADED_GLOBS: readonly string[] = ['.pi/extensions/**', '.opencode/plugin/**', '.opencode/plugins/**', '.opencode/tool/**', '.opencode/tools/**', '.github/hooks/**', '.github/extensions/**', '.github/agents/**'];

/**
 * The same outside the project, under the home folder, where the client's
 * environment says: pi's agent folder (`PI_CODING_AGENT_DIR`, else
 * `~/.pi/agent`: extensions, settings, packages, and `models.json`, whose
 * `!command` keys pi runs through a shell), OpenCode's config folder
 * (`OPENCODE_CONFIG_DIR`, `$XDG_CONFIG_HOME/opencode`, else
 * `~/.config/opencode`) and the file `OPENCODE_CONFIG` names, and Copilot
 * CLI's user hooks, extensions, agents, plugins and MCP and LSP configs in
 * `$COPILOT_HOME` (else `~/.copilot`; not its session records, which it
 * writes itself and the agent's plan lives in). Absolute globs.
 */
export function userClientCodePatterns(env: WiringEnv | undefined): string[] {
  const home = abs(env?.HOME);
  const out = new Set<string>();
  const pi = abs(env?.PI_CODING_AGENT_DIR) ?? (home ? `${home}/.pi/agent` : null);
  if (pi) out.add(`${pi}/**`);
  if (home) out.add(`${home}/.pi/agent/**`);
  for (const dir of [abs(env?.OPENCODE_CONFIG_DIR), abs(env?.XDG_CONFIG_HOME) ? `${abs(env?.XDG_CONFIG_HOME)}/opencode` : null, home ? `${home}/.config/opencode` : null]) if (dir) out.add(`${dir}/**`);
  const openCodeConfig = abs(env?.OPENCODE_CONFIG);
  if (openCodeConfig) out.add(openCodeConfig);
  const copilot = abs(env?.COPILOT_HOME) ?? (home ? `${home}/.copilot` : null);
  if (copilot) {
    for (const dir of ['hooks', 'extensions', 'agents', 'installed-plugins']) out.add(`${copilot}/${dir}/**`);
    for (const file of COPILOT_PROCESS_CONFIGS) out.add(`${copilot}/${file}`);
  }
  return [...out];
}

/** Every guarded pattern of the clients' code folders, the project's and the home's. */
export function clientCodePatterns(env: WiringEnv | undefined): string[] {
  return [...CLIENT_CODE_DIRS.map((d) => `${d}/**`), ...userClientCodePatterns(env)];
}

/** Copilot CLI's user configs of the MCP and LSP servers it starts, in `$COPILOT_HOME`. */
const COPILOT_PROCESS_CONFIGS = ['mcp-config.json', 'lsp-config.json'] as const;

/** Do the project's own settings run continuity's hooks (any client's)? A plugin enabled for every project is not seen here. */
export function wiresContinuity(root: string): boolean {
  return WIRING_FILES.some((f) => {
    try {
      return /continuity[^\n]*\bhook\b|"hook",\s*"(?:claude-code|codex|gemini|cursor|pi|copilot)"/.test(readFileSync(join(root, f), 'utf8'));
    } catch {
      return false;
    }
  });
}

/**
 * Files of the project the agent may write whose few variables move a
 * client's settings elsewhere (Gemini CLI reads `.gemini/.env`, else `.env`,
 * walking up from the project: `GEMINI_CLI_SYSTEM_SETTINGS_PATH`, …). They are
 * the person's (secrets, the app's own variables): never denied before, only
 * those variables are put back after.
 */
export const WIRING_ENV_FILES = ['.gemini/.env', '.env'] as const;

export { WIRING_ENV_VARS } from '../formats/env-file.js';

/** The environment that says where the clients keep their user and system settings: the hook's (the client's) own. */
export interface WiringEnv {
  HOME?: string;
  CODEX_HOME?: string;
  GEMINI_CLI_HOME?: string;
  GEMINI_CLI_SYSTEM_SETTINGS_PATH?: string;
  GEMINI_CLI_SYSTEM_DEFAULTS_PATH?: string;
  GEMINI_CLI_TRUSTED_FOLDERS_PATH?: string;
  CLAUDE_CONFIG_DIR?: string;
  COPILOT_HOME?: string;
  PI_CODING_AGENT_DIR?: string;
  XDG_CONFIG_HOME?: string;
  OPENCODE_CONFIG_DIR?: string;
  OPENCODE_CONFIG?: string;
}

const abs = (p: string | undefined): string | null => (p && p.startsWith('/') ? (p.endsWith('/') ? p.replace(/\/+$/, '') : p) : null);

/**
 * Settings outside the project that switch a client's hooks off or decide
 * which run, per client, at user and system level (read from each client's
 * own code; see docs/security.md, "Hooks switched off"):
 * - Claude Code: `~/.claude/settings.json` (or `$CLAUDE_CONFIG_DIR/`),
 *   `/etc/claude-code/managed-settings.json`;
 * - Codex: `config.toml` and `hooks.json` in `$CODEX_HOME` (and `~/.codex`),
 *   `/etc/codex/config.toml`, `managed_config.toml`, `requirements.toml`;
 * - Gemini CLI: `settings.json` and `trustedFolders.json` in
 *   `$GEMINI_CLI_HOME/.gemini` (else `~/.gemini`), the system settings and
 *   defaults (`/etc/gemini-cli/`, or where its variables point);
 * - Cursor: `~/.cursor/hooks.json`, `/etc/cursor/hooks.json`;
 * - Copilot CLI: `settings.json` (`disableAllHooks`, `disabledHooks`, inline
 *   `hooks`) and `config.json` (its trusted folders, without which a
 *   repository's hooks do not load) in `$COPILOT_HOME` (else `~/.copilot`).
 * Absolute paths; in a user's or the system's file only the keys that would
 * switch continuity off are compared (hook-wiring.ts), the rest is theirs.
 */
export function userWiringFiles(env: WiringEnv | undefined): string[] {
  const home = abs(env?.HOME);
  const out = new Set<string>();
  const claude = abs(env?.CLAUDE_CONFIG_DIR) ?? (home ? `${home}/.claude` : null);
  if (home) out.add(`${home}/.claude/settings.json`);
  if (claude) out.add(`${claude}/settings.json`);
  for (const dir of [abs(env?.CODEX_HOME), home ? `${home}/.codex` : null]) {
    if (!dir) continue;
    out.add(`${dir}/config.toml`);
    out.add(`${dir}/hooks.json`);
  }
  const gemini = abs(env?.GEMINI_CLI_HOME) ?? home;
  if (gemini) {
    out.add(`${gemini}/.gemini/settings.json`);
    out.add(`${gemini}/.gemini/trustedFolders.json`);
  }
  const trusted = abs(env?.GEMINI_CLI_TRUSTED_FOLDERS_PATH);
  if (trusted) out.add(trusted);
  if (home) out.add(`${home}/.cursor/hooks.json`);
  // pi: `extensions` and `packages` in its user settings say which extensions load.
  if (home) out.add(`${home}/.pi/agent/settings.json`);
  const copilot = abs(env?.COPILOT_HOME) ?? (home ? `${home}/.copilot` : null);
  if (copilot) {
    out.add(`${copilot}/settings.json`);
    out.add(`${copilot}/config.json`);
    for (const file of COPILOT_PROCESS_CONFIGS) out.add(`${copilot}/${file}`);
  }
  for (const p of systemWiringFiles(env)) out.add(p);
  return [...out];
}

/** The system level: files an administrator writes, and the agent only when it runs as root. */
export function systemWiringFiles(env: WiringEnv | undefined): string[] {
  const geminiSystem = abs(env?.GEMINI_CLI_SYSTEM_SETTINGS_PATH) ?? '/etc/gemini-cli/settings.json';
  const geminiDefaults = abs(env?.GEMINI_CLI_SYSTEM_DEFAULTS_PATH) ?? `${geminiSystem.replace(/\/[^/]*$/, '')}/system-defaults.json`;
  return [
    '/etc/claude-code/managed-settings.json',
    '/etc/codex/config.toml',
    '/etc/codex/managed_config.toml',
    '/etc/codex/requirements.toml',
    '/etc/codex/hooks.json',
    geminiSystem,
    geminiDefaults,
    '/etc/cursor/hooks.json',
  ];
}

/** The env files outside the project that Gemini CLI reads last: `~/.gemini/.env`, `~/.env`. After-check only. */
export function userWiringEnvFiles(env: WiringEnv | undefined): string[] {
  const home = abs(env?.HOME);
  const gemini = abs(env?.GEMINI_CLI_HOME) ?? home;
  return [...new Set([...(gemini ? [`${gemini}/.gemini/.env`] : []), ...(home ? [`${home}/.env`] : [])])];
}

/** What kind of wiring file a path is, from its name: null when it is none. Absolute paths come only from the lists above. */
export type WiringKind = 'process-config' | 'settings-json' | 'gemini-trust' | 'hooks-json' | 'codex-toml' | 'env' | 'pi-extension' | 'plugin-file';

/**
 * Each path's kind as first found: every hook call asks it of every guarded
 * path three times (the wiring check, git's exec drift), and the answer is
 * the path's alone.
 */
const kinds = new Map<string, WiringKind | null>();

export function wiringKind(path: string): WiringKind | null {
  let kind = kinds.get(path);
  if (kind === undefined) {
    if (kinds.size >= 4096) kinds.clear();
    kind = kindOf(path);
    kinds.set(path, kind);
  }
  return kind;
}

/** The project's wiring and env files by name, made at the first question (a set: each hook call asks it of every guarded path). */
let projectFiles: Set<string> | undefined;

function kindOf(path: string): WiringKind | null {
  // Most paths asked about are relative and none of these: answered before anything else is looked at.
  if (!path.startsWith('/') && !(projectFiles ??= new Set<string>([...WIRING_FILES, ...WIRING_ENV_FILES])).has(path)) return null;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === '.env') return 'env';
  if ((PROCESS_CONFIG_FILES as readonly string[]).includes(path) || (path.startsWith('/') && (COPILOT_PROCESS_CONFIGS as readonly string[]).includes(name))) return 'process-config';
  if (path.endsWith('.pi/extensions/continuity.ts')) return 'pi-extension';
  if (name === 'hooks.json') return 'hooks-json';
  if (name.endsWith('.toml')) return 'codex-toml';
  if (name === 'trustedFolders.json' || (path.startsWith('/') && /trust/i.test(name) && name.endsWith('.json'))) return 'gemini-trust';
  if (name.endsWith('.json') || name.endsWith('.jsonc')) return 'settings-json';
  // A plugin file of continuity's (OpenCode's `.opencode/plugins/continuity.js`): all of it is continuity's.
  if (name.endsWith('.js')) return 'plugin-file';
  return null;
}

/** Is the path (relative to the project, or absolute) inside a folder from which a client loads code (CLIENT_CODE_DIRS, userClientCodePatterns)? */
export function isClientCodePath(path: string, env: WiringEnv | undefined): boolean {
  const p = path.replace(/^(\.\/)+/, '');
  if (CLIENT_CODE_DIRS.some((d) => p === d || p.startsWith(`${d}/`))) return true;
  return userClientCodePatterns(env).some((g) => (g.endsWith('/**') ? p === g.slice(0, -3) || p.startsWith(g.slice(0, -2)) : p === g));
}

export function isWiringFile(path: string): boolean {
  return wiringKind(path) !== null;
}
