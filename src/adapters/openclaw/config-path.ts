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
  const override = env.OPENCLAW_CONFIG_PATH?.trim();
  if (override) return inOpenClawHome(override, env, openClawHome(env) ?? null);
  const state = openClawStateDir(env);
  return state ? join(state, 'openclaw.json') : null;
}

/**
 * OpenClaw's state folder (`$OPENCLAW_STATE_DIR`, else `.openclaw` in
 * OpenClaw's home), where `plugins install` copies a plugin
 * (`extensions/<id>`). `osHome`: the home OpenClaw falls back on (default:
 * as OpenClaw reads it; the plugin's store passes `$HOME` only, null: none).
 */
export function openClawStateDir(env: NodeJS.ProcessEnv, osHome: string | null = openClawHome(env) ?? null): string | null {
  const override = env.OPENCLAW_STATE_DIR?.trim();
  if (override) return inOpenClawHome(override, env, osHome);
  const home = openClawHomeDir(env, osHome);
  return home ? join(home, '.openclaw') : null;
}

/** OpenClaw's home: `$OPENCLAW_HOME` (a leading `~` is the OS home), else the OS home. */
function openClawHomeDir(env: NodeJS.ProcessEnv, osHome: string | null): string | null {
  const explicit = env.OPENCLAW_HOME?.trim();
  if (!explicit) return osHome;
  if (explicit === '~' || explicit.startsWith('~/')) return osHome ? osHome + explicit.slice(1) : null;
  return explicit;
}

/** A path OpenClaw reads from its environment: a leading `~` is OpenClaw's home; only an absolute result counts. */
function inOpenClawHome(path: string, env: NodeJS.ProcessEnv, osHome: string | null): string | null {
  const home = openClawHomeDir(env, osHome);
  const expanded = path === '~' || path.startsWith('~/') ? (home ? home + path.slice(1) : null) : path;
  return expanded && isAbsolute(expanded) ? expanded : null;
}
