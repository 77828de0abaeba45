/**
 * `continuity init --agent opencode`: continuity's plugin in the project's
 * `.opencode/plugins/continuity.js`, which OpenCode loads at start-up from
 * that folder with no entry in its config (opencode-ai 1.18.33; "Plugins",
 * https://opencode.ai/docs/plugins). The file is continuity's whole: a file
 * of the same name that is not continuity's is left untouched (init stops
 * with a one-line error); uninstall removes the file init wrote. The plugin's
 * text is in opencode-plugin.ts.
 */
import { agentHookCommand } from './command-line.js';
import { InvalidSettingsError, type HookTarget } from '../hook-target.js';
import { openCodePluginText, pluginHookCommand } from './opencode-plugin.js';

export const OPENCODE_PLUGIN_FILE = '.opencode/plugins/continuity.js';

export const target: HookTarget = {
  agent: 'opencode',
  settingsFile: OPENCODE_PLUGIN_FILE,
  install(existing, hook) {
    if (existing !== null && pluginHookCommand(existing) === null) throw new InvalidSettingsError(OPENCODE_PLUGIN_FILE, "it is not continuity's plugin");
    return openCodePluginText(agentHookCommand(hook, 'opencode'));
  },
  uninstall(existing) {
    return pluginHookCommand(existing) === null ? existing : null;
  },
  installedCommands(existing) {
    const hook = pluginHookCommand(existing);
    return hook ? [hook] : [];
  },
};
