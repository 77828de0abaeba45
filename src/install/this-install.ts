import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isCompiled } from '../util/is-compiled.js';
import { COMPILED_PATH, FIRST_USE_MARK, hookEntryOf, LAUNCHER_PATH, resolveHookCommand, SCRIPT_PATH, type HookEntry } from './hook-command.js';
import type { AgentName, HookCommand } from './hook-target.js';

/** Set in the Claude Code plugin's build (scripts/build.mjs, plugin/lib/cli/), whose own hooks.json wires the hooks. */
declare const __CONTINUITY_PLUGIN__: boolean | undefined;

export function runningFromPlugin(): boolean {
  return typeof __CONTINUITY_PLUGIN__ === 'boolean' && __CONTINUITY_PLUGIN__;
}

/**
 * The plugin's directory, as its launcher (plugin/bin/continuity) exported
 * it for the process it started, or null outside the plugin.
 */
export function pluginRoot(env: NodeJS.ProcessEnv = process.env): string | null {
  const root = env.CONTINUITY_PLUGIN_ROOT;
  return runningFromPlugin() && root ? resolve(root) : null;
}

/** The hook command of the plugin's hooks.json: its launcher, run by sh. */
export function pluginHookCommand(root: string, agent: AgentName): HookCommand {
  return { command: 'sh', args: [join(root, 'bin', 'continuity'), 'hook', agent] };
}

/**
 * The directory holding the running continuity's `dist/`, found from the
 * entry script (`npx`/`npm -g` reach it through a symlink) or the compiled
 * executable (dist/bin/continuity), or null when this process runs neither.
 */
export function packageRoot(entry: string | undefined = process.argv[1]): string | null {
  if (isCompiled(import.meta.url)) {
    const exe = realpathSync(process.execPath);
    return exe.endsWith(COMPILED_PATH) ? exe.slice(0, -COMPILED_PATH.length - 1) : null;
  }
  if (!entry) return null;
  let real: string;
  try {
    real = realpathSync(entry);
  } catch {
    return null;
  }
  // dist/cli.mjs is the entry's former name, kept as a loader of dist/cli.cjs.
  if (![basename(SCRIPT_PATH), 'cli.mjs'].includes(basename(real)) || basename(dirname(real)) !== dirname(SCRIPT_PATH)) return null;
  return dirname(dirname(real));
}

/** The hook command for this installation (the plugin's launcher for the plugin), or null when it has no `dist/cli.cjs` to point at. */
export function hookCommandOfThisInstall(agent: AgentName): HookCommand | null {
  const plugin = pluginRoot();
  if (plugin) return pluginHookCommand(plugin, agent);
  const root = packageRoot();
  if (!root) return null;
  return resolveHookCommand({ packageRoot: root, agent, entry: hookEntryOfInstall(root) });
}

/** How the hooks of the installation at `root` start (see hookEntryOf). */
export function hookEntryOfInstall(root: string): HookEntry {
  return hookEntryOf({
    compiledExists: existsSync(join(root, COMPILED_PATH)),
    launcherExists: existsSync(join(root, LAUNCHER_PATH)),
    builtOnFirstUse: existsSync(join(root, FIRST_USE_MARK)),
    windows: process.platform === 'win32',
  });
}
