import { parse, type ParseError } from 'jsonc-parser';

export { isWiringFile, WIRING_FILES } from './wiring-files.js';

/** The keys of a settings file that decide whether hooks run and what confines the agent; the rest is the person's business. */
const WIRING_KEYS = ['hooks', 'disableAllHooks', 'allowManagedHooksOnly', 'sandbox', 'enabledPlugins', 'extraKnownMarketplaces', 'tools'] as const;

/**
 * What of a wiring file matters to the hooks, as one string: two versions
 * with the same projection wire the hooks the same way, so an edit that
 * leaves it unchanged (a permission allowed, a theme) is nobody's attack.
 * A hooks.json is all wiring; a file that does not parse is compared whole
 * (a client that cannot read its settings may run no hooks at all).
 */
export function wiringProjection(path: string, text: string | null): string | null {
  if (text === null) return null;
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length || typeof value !== 'object' || value === null || Array.isArray(value)) return `raw:${text}`;
  if (path.endsWith('hooks.json')) return JSON.stringify(value);
  const o = value as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  if (path.startsWith('/')) {
    // The user's own settings serve every project: only what would switch continuity off is theirs to keep from the agent.
    for (const k of ['disableAllHooks', 'allowManagedHooksOnly', 'sandbox'] as const) if (k in o) picked[k] = o[k];
    const plugins = o.enabledPlugins as Record<string, unknown> | undefined;
    for (const [name, on] of Object.entries(plugins && typeof plugins === 'object' ? plugins : {})) if (name.startsWith('continuity@')) picked[`enabledPlugins.${name}`] = on;
    return Object.keys(picked).length ? JSON.stringify(picked) : null;
  }
  for (const k of WIRING_KEYS) if (k in o) picked[k] = o[k];
  const deny = (o.permissions as { deny?: unknown } | undefined)?.deny;
  if (deny !== undefined) picked['permissions.deny'] = deny;
  const mode = (o.permissions as { defaultMode?: unknown } | undefined)?.defaultMode;
  if (mode !== undefined) picked['permissions.defaultMode'] = mode;
  return Object.keys(picked).length ? JSON.stringify(picked) : null;
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
