/**
 * The OpenClaw plugin's entry (built into openclaw/lib/index.js): the object
 * OpenClaw's plugin loader takes as a plugin definition (what the SDK's
 * definePluginEntry returns), with no import of OpenClaw itself.
 */
import { dirname, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerContinuity, type OpenClawApi } from './plugin.js';

/**
 * The folder of the bundle's package (lib/index.js in it): OpenClaw 2026.9.6
 * loads a copy of the plugin's package from its state folder, and names the
 * folder it found the plugin in as `api.rootDir`. Both are guarded.
 */
const LOADED_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

export default {
  id: 'continuity',
  name: 'continuity',
  description: "Keeps the agent faithful to an approved plan: a ledger outside the model's context, read fresh by every hook.",
  register(api: OpenClawApi): void {
    const found = typeof api.rootDir === 'string' && isAbsolute(api.rootDir) ? [api.rootDir] : [];
    registerContinuity(api, { pluginDirs: [...found, LOADED_DIR] });
  },
};
