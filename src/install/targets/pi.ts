/**
 * `continuity init --agent pi`: the extension `.pi/extensions/continuity.ts`
 * in the project (src/install/targets/pi-extension.ts). A project extension,
 * not one in `~/.pi/agent/extensions/`: it travels with the repository as
 * `.claude/settings.json` does, and applies to this project only. pi 0.73.1
 * has no project-trust step: it loads project extensions in every mode, `-p`
 * included (read in its code, and observed). A file at that path
 * that continuity did not write is the person's: init refuses to touch it.
 */
import { InvalidSettingsError, type HookTarget } from '../hook-target.js';
import { agentHookCommand } from './command-line.js';
import { hookOfExtension, piExtensionSource } from './pi-extension.js';

export const PI_EXTENSION_FILE = '.pi/extensions/continuity.ts';

export const target: HookTarget = {
  agent: 'pi',
  settingsFile: PI_EXTENSION_FILE,
  install: (existing, hook) => {
    if (existing !== null && hookOfExtension(existing) === null) throw new InvalidSettingsError(PI_EXTENSION_FILE, 'it is not the extension continuity writes');
    return piExtensionSource(agentHookCommand(hook, 'pi'));
  },
  // The whole file is continuity's: nothing of the person's is left when it goes.
  uninstall: (existing) => {
    if (hookOfExtension(existing) === null) throw new InvalidSettingsError(PI_EXTENSION_FILE, 'it is not the extension continuity writes');
    return null;
  },
  installedCommands: (existing) => {
    const hook = hookOfExtension(existing);
    return hook ? [hook] : [];
  },
};
