/**
 * The install target of an agent whose hooks are one shell command line per
 * entry in a hooks JSON file (Codex, Gemini CLI, Cursor): what differs is the
 * file, its entries' shape and where an entry keeps its command lines.
 */
import type { AgentName, HookCommand, HookTarget } from '../hook-target.js';
import { agentHookCommand, commandLine, continuityHookOf } from './command-line.js';
import { addHookEntries, ourHookEntries, removeHookEntries, type HookEntry, type HookSettingsFormat } from './hooks-json-edit.js';

export interface CommandLineTargetSpec {
  agent: Exclude<AgentName, 'claude-code'>;
  file: string;
  /** What the file has besides its hooks (Cursor's `version`), and a check of an existing one. */
  preamble?: Record<string, unknown>;
  check?: HookSettingsFormat['check'];
  /** continuity's entries for this command line, one per event. */
  entries(command: string): HookEntry[];
  /** The command lines an entry runs. */
  commandsOf(entry: unknown): unknown[];
}

export function commandLineTarget(spec: CommandLineTargetSpec): HookTarget {
  const { agent } = spec;
  // `exact`: the command line being installed, which is ours whatever it looks like.
  const formatFor = (exact?: string): HookSettingsFormat => {
    const mine = (command: unknown) => command === exact || continuityHookOf(command, agent) !== null;
    return {
      file: spec.file,
      preamble: spec.preamble ?? {},
      ...(spec.check ? { check: spec.check } : {}),
      isOurs: (entry) => {
        const commands = spec.commandsOf(entry);
        return commands.length > 0 && commands.every(mine);
      },
    };
  };
  const format = formatFor();
  return {
    agent,
    settingsFile: spec.file,
    install: (existing, hook) => {
      const command = commandLine(agentHookCommand(hook, agent));
      return addHookEntries(existing, formatFor(command), spec.entries(command));
    },
    uninstall: (existing) => removeHookEntries(existing, format),
    // One command line per event entry: the same line in every entry is one way of running continuity, not one per event.
    installedCommands: (existing) => {
      const seen = new Map<string, HookCommand>();
      for (const { entry } of ourHookEntries(existing, format)) {
        for (const line of spec.commandsOf(entry)) {
          const command = continuityHookOf(line, agent)!;
          seen.set(JSON.stringify(command), command);
        }
      }
      return [...seen.values()];
    },
  };
}

/** Codex's and Gemini CLI's matcher groups: `{ hooks: [{ type: 'command', command, … }] }`. */
export function groupCommands(group: unknown): unknown[] {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(hooks) ? hooks.map((h) => (h as { command?: unknown } | null)?.command) : [];
}
