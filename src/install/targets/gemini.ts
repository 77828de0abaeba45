/**
 * `continuity init --agent gemini`: `.gemini/settings.json` in the project,
 * `hooks.<Event>` matcher groups with a named command hook (Gemini CLI runs
 * the command line through the shell; `timeout` is in milliseconds; `name`
 * is what `/hooks enable|disable` use). Other settings, and the `hooks`
 * keys that are not events (`enabled`, `disabled`, `notifications`), are
 * left as they are. Sources: https://geminicli.com/docs/hooks and
 * src/adapters/gemini/protocol.ts. The hooks system itself is switched on
 * in Gemini CLI's settings; init does not change that.
 */
import type { HookTarget } from '../hook-target.js';
import { agentHookCommand, commandLine, continuityHookOf } from './command-line.js';
import { addHookEntries, ourHookEntries, removeHookEntries, type HookSettingsFormat } from './hooks-json-edit.js';

/** Every event a rule reads (docs/agents/gemini.md); tool events for every tool (no matcher). */
export const GEMINI_EVENTS = ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterTool', 'AfterAgent', 'PreCompress'] as const;

const FILE = '.gemini/settings.json';
const NAME = 'continuity';

/** `exact`: the command line being installed, which is ours whatever it looks like. */
function formatFor(exact?: string): HookSettingsFormat {
  const mine = (command: unknown) => command === exact || continuityHookOf(command, 'gemini') !== null;
  return { file: FILE, preamble: {}, isOurs: (group) => handlersOf(group).length > 0 && handlersOf(group).every((h) => mine(h.command)) };
}
const format = formatFor();

function handlersOf(group: unknown): { command?: unknown }[] {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(hooks) ? (hooks as { command?: unknown }[]) : [];
}

function entries(command: string) {
  return GEMINI_EVENTS.map((event) => ({ event, entry: { hooks: [{ name: NAME, type: 'command', command, timeout: 30000 }] } }));
}

export const target: HookTarget = {
  agent: 'gemini',
  settingsFile: FILE,
  install: (existing, hook) => {
    const command = commandLine(agentHookCommand(hook, 'gemini'));
    return addHookEntries(existing, formatFor(command), entries(command));
  },
  uninstall: (existing) => removeHookEntries(existing, format),
  installedCommands: (existing) =>
    ourHookEntries(existing, format).flatMap(({ entry }) => handlersOf(entry).map((h) => continuityHookOf(h.command, 'gemini')!)),
};
