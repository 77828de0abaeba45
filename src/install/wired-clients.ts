/**
 * Which agent clients run continuity's hooks in a project: those whose
 * settings file (read by each install target) wires them, and Claude Code
 * when the continuity plugin is enabled for it. Generic over the target
 * registry: a target added there is looked at without a change here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import type { AgentName, HookCommand, HookTarget } from './hook-target.js';
import { AGENT_NAMES, loadTarget } from './targets/index.js';

export interface ClientWiring {
  agent: AgentName;
  target: HookTarget;
  /** The settings file's text, or null when there is none. */
  settings: string | null;
  /** The continuity hook commands it wires; empty when it cannot be read. */
  commands: HookCommand[];
  /** Claude Code only: the continuity plugin is enabled. */
  plugin: boolean;
}

/** Every target this build has, with what its settings file wires here. */
export async function clientWirings(root: string, home: string): Promise<ClientWiring[]> {
  const out: ClientWiring[] = [];
  for (const agent of AGENT_NAMES) {
    let target: HookTarget;
    try {
      target = await loadTarget(agent);
    } catch {
      continue; // not part of this build
    }
    const settings = readOrNull(join(root, target.settingsFile));
    let commands: HookCommand[] = [];
    try {
      commands = settings === null ? [] : target.installedCommands(settings);
    } catch {
      // settings it cannot read wire nothing it can tell
    }
    out.push({ agent, target, settings, commands, plugin: agent === 'claude-code' && pluginEnabled(root, home) });
  }
  return out;
}

export function isWired(w: ClientWiring): boolean {
  return w.commands.length > 0 || w.plugin;
}

/** Is the continuity plugin enabled for Claude Code here (user, project or local settings)? */
export function pluginEnabled(root: string, home: string): boolean {
  const files = [join(home, '.claude', 'settings.json'), join(root, '.claude', 'settings.json'), join(root, '.claude', 'settings.local.json')];
  return files.some((file) => {
    const text = readOrNull(file);
    let enabled: unknown;
    try {
      enabled = text === null ? undefined : (parseJsonc(text) as { enabledPlugins?: Record<string, unknown> } | undefined)?.enabledPlugins;
    } catch {
      enabled = undefined;
    }
    return !!enabled && typeof enabled === 'object' && Object.entries(enabled).some(([id, on]) => id.startsWith('continuity@') && on === true);
  });
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
