import { parse, type ParseError } from 'jsonc-parser';

import { tomlKeys } from '../formats/toml.js';
import { WIRING_ENV_VARS, wiringKind } from './wiring-files.js';

export { isWiringFile, WIRING_FILES } from './wiring-files.js';

/** The keys of a settings file that decide whether hooks run and what confines the agent (OpenCode's `plugin` list and `permission` too); the rest is the person's business. */
const WIRING_KEYS = ['hooks', 'disableAllHooks', 'allowManagedHooksOnly', 'sandbox', 'enabledPlugins', 'extraKnownMarketplaces', 'tools', 'env', 'plugin', 'permission'] as const;

/**
 * OpenCode's config keys that start processes as the person, outside the
 * wall (its MCP servers, formatters run after each edit, language servers,
 * `experimental.hook` commands), or that give an agent or a command its own
 * `permission` and `tools` (agents, modes, commands with shell templates).
 */
export const OPENCODE_PROCESS_KEYS = ['mcp', 'formatter', 'lsp', 'experimental', 'agent', 'mode', 'command'] as const;

/**
 * What of a wiring file matters to the hooks, as one string: two versions
 * with the same projection wire the hooks the same way, so an edit that
 * leaves it unchanged (a permission allowed, a theme) is nobody's attack.
 * A hooks.json is all wiring; a file that does not parse is compared whole
 * (a client that cannot read its settings may run no hooks at all).
 * `root` is the project's: in a user's file, only the entries about it (its
 * trust, its hooks' review) are continuity's.
 */
export function wiringProjection(path: string, text: string | null, root?: string): string | null {
  if (text === null) return null;
  const kind = wiringKind(path);
  if (kind === 'env') return envProjection(text);
  if (kind === 'codex-toml') return tomlProjection(path, text, root);
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length || typeof value !== 'object' || value === null || Array.isArray(value)) return `raw:${text}`;
  // A hooks.json, or an MCP config whose every server is a process started as the person: all of it is wiring.
  if (kind === 'hooks-json' || kind === 'process-config') return JSON.stringify(value);
  const o = value as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  if (kind === 'gemini-trust') {
    // Gemini runs a project's hooks only in a trusted folder: the entries for the project and the folders above it.
    for (const [folder, level] of Object.entries(o)) if (!root || root === folder || root.startsWith(`${folder.replace(/\/+$/, '')}/`)) picked[folder] = level;
    return Object.keys(picked).length ? JSON.stringify(picked) : null;
  }
  const hooksConfig = o.hooksConfig as Record<string, unknown> | undefined;
  if (hooksConfig && typeof hooksConfig === 'object') {
    // Gemini CLI: `enabled: false` runs no hook, `disabled` lists hooks (by name or command) it skips.
    if ('enabled' in hooksConfig) picked['hooksConfig.enabled'] = hooksConfig.enabled;
    if ('disabled' in hooksConfig) picked['hooksConfig.disabled'] = hooksConfig.disabled;
  }
  const folderTrust = (o.security as { folderTrust?: unknown } | undefined)?.folderTrust;
  if (folderTrust !== undefined) picked['security.folderTrust'] = folderTrust;
  // pi: `extensions` and `packages` decide which extensions load (continuity's is one).
  if (/(^|\/)\.pi\/(agent\/)?settings\.json$/.test(path)) for (const k of ['extensions', 'packages'] as const) if (k in o) picked[k] = o[k];
  if (path.startsWith('/')) {
    // The user's own settings serve every project: only what would switch continuity off is theirs to keep from the agent.
    for (const k of ['disableAllHooks', 'allowManagedHooksOnly', 'sandbox'] as const) if (k in o) picked[k] = o[k];
    const plugins = o.enabledPlugins as Record<string, unknown> | undefined;
    for (const [name, on] of Object.entries(plugins && typeof plugins === 'object' ? plugins : {})) if (name.startsWith('continuity@')) picked[`enabledPlugins.${name}`] = on;
    return Object.keys(picked).length ? JSON.stringify(picked) : null;
  }
  for (const k of WIRING_KEYS) if (k in o) picked[k] = o[k];
  if (/(^|\/)(\.opencode\/)?opencode\.jsonc?$/.test(path)) for (const k of OPENCODE_PROCESS_KEYS) if (k in o) picked[k] = o[k];
  const deny = (o.permissions as { deny?: unknown } | undefined)?.deny;
  if (deny !== undefined) picked['permissions.deny'] = deny;
  const mode = (o.permissions as { defaultMode?: unknown } | undefined)?.defaultMode;
  if (mode !== undefined) picked['permissions.defaultMode'] = mode;
  return Object.keys(picked).length ? JSON.stringify(picked) : null;
}

/**
 * Codex's `config.toml`: the keys that decide whether hooks run, and which.
 * `[features] hooks` (and its older name `codex_hooks`), the same under a
 * profile and the `profile` that selects one, `allow_managed_hooks_only`; a
 * project's `trust_level` (Codex loads a project's hooks only in a trusted
 * project) and the review of its hooks (`[hooks.state."<hooks.json>:…"]`,
 * without which Codex does not run them). In the project's own file, its
 * `[hooks]` tables and sandbox keys too; in a user's or the system's file the
 * entries about other projects and the person's own hooks are theirs.
 */
function tomlProjection(path: string, text: string, root: string | undefined, opts: { trust?: boolean } = {}): string | null {
  const keys = tomlKeys(text);
  if (!keys) return `raw:${text}`;
  const user = path.startsWith('/');
  const about = (p: string) => !root || p === root || p.startsWith(`${root}/`) || root.startsWith(`${p.replace(/\/+$/, '')}/`);
  const picked: [string, string][] = [];
  for (const { path: parts, value } of keys) {
    const key = parts.join('.');
    const last = parts[parts.length - 1]!;
    const switchOff =
      key === 'profile' ||
      key === 'allow_managed_hooks_only' ||
      (parts.includes('features') && /hooks/.test(last)) ||
      (opts.trust !== false && parts[0] === 'projects' && parts.length === 3 && last === 'trust_level' && about(parts[1]!)) ||
      (opts.trust !== false && parts[0] === 'hooks' && parts[1] === 'state' && parts.length > 2 && about(parts[2]!.replace(/:.*$/, '').replace(/\/\.codex\/hooks\.json$/, '')));
    const projectOwn = !user && ((parts[0] === 'hooks' && (opts.trust !== false || parts[1] !== 'state')) || /^sandbox/.test(parts[0]!) || parts[0] === 'permissions' || key === 'default_permissions');
    if (switchOff || projectOwn) picked.push([JSON.stringify(parts), value]);
  }
  picked.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return picked.length ? JSON.stringify(picked) : null;
}

/** An env file: the variables that move a client's settings (WIRING_ENV_VARS), the last assignment of each. */
function envProjection(text: string): string | null {
  const found = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (m && (WIRING_ENV_VARS as readonly string[]).includes(m[1]!)) found.set(m[1]!, m[2]!.trim());
  }
  return found.size ? JSON.stringify([...found].sort()) : null;
}

/**
 * Does going from `before` to `after` change nothing of a wiring file's
 * projection but turn the continuity plugin on (`enabledPlugins` entries
 * `continuity@…` set to true, the file created for it)? Such a change adds
 * continuity's hooks and takes nothing away: the person installing the plugin
 * (`/plugin install`, `claude plugin install`) after continuity began to
 * guard the file, and it is kept. Turning the plugin off, or removing the
 * file that turned it on, is not such a change.
 */
export function onlyEnablesContinuity(path: string, before: string | null, after: string | null): boolean {
  const keys = (text: string | null): Record<string, unknown> | null => {
    const projection = wiringProjection(path, text);
    if (projection === null) return {};
    if (projection.startsWith('raw:')) return null;
    const o = JSON.parse(projection) as Record<string, unknown>;
    // A project file's enabledPlugins is one key of the projection: one key per plugin, as in the user's file.
    const plugins = o.enabledPlugins;
    if (plugins && typeof plugins === 'object' && !Array.isArray(plugins)) {
      delete o.enabledPlugins;
      for (const [name, on] of Object.entries(plugins as Record<string, unknown>)) o[`enabledPlugins.${name}`] = on;
    }
    return o;
  };
  const was = keys(before);
  const now = keys(after);
  if (!was || !now) return false;
  let enabled = false;
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
    if (!key.startsWith('enabledPlugins.continuity@') || now[key] !== true) return false;
    enabled = true;
  }
  return enabled;
}

/**
 * Does going from `before` to `after` only grant trust, taking nothing away?
 * Codex runs a project's hooks only in a trusted project and once they are
 * reviewed; Gemini CLI only in a trusted folder. The person grants both in
 * the client's own dialogs (`trust_level = "trusted"`, `/hooks` recording a
 * `trusted_hash`, `TRUST_FOLDER`), after continuity began to guard the file:
 * such a change is kept. A trust taken back, a review removed, a switch
 * changed with it, is not such a change. (A review hash replaced by another
 * is taken for the person's re-review: the hash is Codex's to compute.)
 */
export function onlyGrantsTrust(path: string, before: string | null, after: string | null, root: string): boolean {
  const kind = wiringKind(path);
  if (kind === 'gemini-trust') {
    const was = jsonObject(before);
    const now = jsonObject(after);
    if (!was || !now) return false;
    const about = (folder: string) => root === folder || root.startsWith(`${folder.replace(/\/+$/, '')}/`);
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (!about(key) || was[key] === now[key]) continue;
      if (now[key] !== 'TRUST_FOLDER' && now[key] !== 'TRUST_PARENT') return false;
    }
    return true;
  }
  if (kind !== 'codex-toml') return false;
  const split = (text: string | null) => {
    const keys = text === null ? [] : tomlKeys(text);
    if (!keys) return null;
    const trust = new Map<string, string>();
    for (const { path: parts, value } of keys) if (parts[0] === 'projects' || (parts[0] === 'hooks' && parts[1] === 'state')) trust.set(JSON.stringify(parts), value);
    return { trust };
  };
  const was = split(before);
  const now = split(after);
  if (!was || !now) return false;
  // Everything else that wires the hooks unchanged.
  const rest = (text: string | null) => (text === null ? null : tomlProjection(path, text, root, { trust: false }));
  if (rest(before) !== rest(after)) return false;
  for (const [key, value] of was.trust) {
    const next = now.trust.get(key);
    if (next === value) continue;
    const last = (JSON.parse(key) as string[]).at(-1);
    if (next === undefined && wiringProjection(path, before, root) === wiringProjection(path, after, root)) continue;
    if (last === 'trust_level' && next === '"trusted"') continue;
    if (last === 'trusted_hash' && next !== undefined) continue;
    return false;
  }
  for (const [key, value] of now.trust) {
    if (was.trust.has(key)) continue;
    const last = (JSON.parse(key) as string[]).at(-1);
    if (last === 'trust_level' ? value !== '"trusted"' : last !== 'trusted_hash') {
      // A new key about another project is the person's; about this one, only a grant is.
      if (wiringProjection(path, before, root) !== wiringProjection(path, after, root)) return false;
    }
  }
  return true;
}

function jsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return {};
  const errors: ParseError[] = [];
  const v = parse(text, errors, { allowTrailingComma: true }) as unknown;
  return errors.length || typeof v !== 'object' || v === null || Array.isArray(v) ? null : (v as Record<string, unknown>);
}
