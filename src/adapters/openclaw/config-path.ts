/**
 * Where the OpenClaw gateway's config is, found as OpenClaw finds it: read by
 * the plugin (which guards it) and by `continuity init --agent openclaw`
 * (which writes continuity's entries into it).
 */
import { isAbsolute, join } from 'node:path';
import { openClawHome } from './tool-paths.js';

/**
 * The gateway's config, which loads the plugin (`plugins.load.paths`,
 * `plugins.entries`): as OpenClaw finds it, `$OPENCLAW_CONFIG_PATH`, else
 * `openclaw.json` in its state folder (`$OPENCLAW_STATE_DIR`, else `.openclaw`
 * in OpenClaw's home: `$OPENCLAW_HOME`, else the OS home); a leading `~` is
 * that home.
 */
export function openClawConfigPath(env: NodeJS.ProcessEnv): string | null {
  const osHome = openClawHome(env);
  const explicit = env.OPENCLAW_HOME?.trim();
  const home = explicit ? (explicit === '~' || explicit.startsWith('~/') ? (osHome ? osHome + explicit.slice(1) : undefined) : explicit) : osHome;
  const user = (p: string): string | null => {
    const expanded = p === '~' || p.startsWith('~/') ? (home ? home + p.slice(1) : null) : p;
    return expanded && isAbsolute(expanded) ? expanded : null;
  };
  const override = env.OPENCLAW_CONFIG_PATH?.trim();
  if (override) return user(override);
  const state = openClawStateDir(env);
  return state ? join(state, 'openclaw.json') : null;
}

/** OpenClaw's state folder (`$OPENCLAW_STATE_DIR`, else `.openclaw` in OpenClaw's home), where `plugins install` copies a plugin (`extensions/<id>`). */
export function openClawStateDir(env: NodeJS.ProcessEnv): string | null {
  const osHome = openClawHome(env);
  const explicit = env.OPENCLAW_HOME?.trim();
  const home = explicit ? (explicit === '~' || explicit.startsWith('~/') ? (osHome ? osHome + explicit.slice(1) : undefined) : explicit) : osHome;
  const stateOverride = env.OPENCLAW_STATE_DIR?.trim();
  if (!stateOverride) return home ? join(home, '.openclaw') : null;
  const expanded = stateOverride === '~' || stateOverride.startsWith('~/') ? (home ? home + stateOverride.slice(1) : null) : stateOverride;
  return expanded && isAbsolute(expanded) ? expanded : null;
}
