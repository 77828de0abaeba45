/**
 * `continuity init --agent codex`: `.codex/hooks.json` in the project, one
 * matcher group per event with a command hook (Codex runs the command line
 * through the shell; `timeout` is in seconds; `statusMessage` is what Codex
 * shows while it runs). Sources: https://developers.openai.com/codex/hooks
 * and src/adapters/codex/protocol.ts. Codex asks the user to review and
 * trust new hooks (`/hooks`) before they run.
 */
import type { HookTarget } from '../hook-target.js';
import { agentHookCommand, commandLine, continuityHookOf } from './command-line.js';
import { addHookEntries, ourHookEntries, removeHookEntries, type HookSettingsFormat } from './hooks-json-edit.js';

/** Every event a rule reads (docs/agents/codex.md); tool events for every tool (no matcher). */
export const CODEX_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreCompact', 'Stop'] as const;

const FILE = '.codex/hooks.json';

/** `exact`: the command line being installed, which is ours whatever it looks like. */
function formatFor(exact?: string): HookSettingsFormat {
  const mine = (command: unknown) => command === exact || continuityHookOf(command, 'codex') !== null;
  return { file: FILE, preamble: {}, isOurs: (group) => handlersOf(group).length > 0 && handlersOf(group).every((h) => mine(h.command)) };
}
const format = formatFor();

function handlersOf(group: unknown): { command?: unknown }[] {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(hooks) ? (hooks as { command?: unknown }[]) : [];
}

function entries(command: string) {
  return CODEX_EVENTS.map((event) => ({ event, entry: { hooks: [{ type: 'command', command, timeout: 30, statusMessage: 'continuity' }] } }));
}

export const target: HookTarget = {
  agent: 'codex',
  settingsFile: FILE,
  install: (existing, hook) => {
    const command = commandLine(agentHookCommand(hook, 'codex'));
    return addHookEntries(existing, formatFor(command), entries(command));
  },
  uninstall: (existing) => removeHookEntries(existing, format),
  installedCommands: (existing) =>
    ourHookEntries(existing, format).flatMap(({ entry }) => handlersOf(entry).map((h) => continuityHookOf(h.command, 'codex')!)),
};
