/**
 * `continuity init --agent cursor`: `.cursor/hooks.json` in the project,
 * `{ "version": 1, "hooks": { "<event>": [{ "command": "…" }] } }` (Cursor
 * runs the command line through the shell). Sources:
 * https://cursor.com/docs/agent/hooks and src/adapters/cursor/protocol.ts.
 */
import type { HookTarget } from '../hook-target.js';
import { agentHookCommand, commandLine, continuityHookOf } from './command-line.js';
import { addHookEntries, ourHookEntries, removeHookEntries, type HookSettingsFormat } from './hooks-json-edit.js';

/** Every event a rule reads (docs/agents/cursor.md). */
export const CURSOR_EVENTS = ['sessionStart', 'beforeSubmitPrompt', 'beforeShellExecution', 'afterShellExecution', 'afterFileEdit', 'preCompact', 'stop'] as const;

const FILE = '.cursor/hooks.json';

/** `exact`: the command line being installed, which is ours whatever it looks like. */
function formatFor(exact?: string): HookSettingsFormat {
  return {
    file: FILE,
    preamble: { version: 1 },
    isOurs: (entry) => {
      const command = (entry as { command?: unknown } | null)?.command;
      return command === exact || continuityHookOf(command, 'cursor') !== null;
    },
    check: (root) => ('version' in root && root.version !== 1 ? `"version" is ${JSON.stringify(root.version)}; continuity writes version 1 hooks` : null),
  };
}
const format = formatFor();

function entries(command: string) {
  return CURSOR_EVENTS.map((event) => ({ event, entry: { command } }));
}

export const target: HookTarget = {
  agent: 'cursor',
  settingsFile: FILE,
  install: (existing, hook) => {
    const command = commandLine(agentHookCommand(hook, 'cursor'));
    return addHookEntries(existing, formatFor(command), entries(command));
  },
  uninstall: (existing) => removeHookEntries(existing, format),
  installedCommands: (existing) => ourHookEntries(existing, format).map(({ entry }) => continuityHookOf(entry.command, 'cursor')!),
};
