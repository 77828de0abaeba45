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
import { commandLineTarget, groupCommands } from './command-line-target.js';

/** Every event a rule reads (docs/agents/gemini.md); tool events for every tool (no matcher). */
export const GEMINI_EVENTS = ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterTool', 'AfterAgent', 'PreCompress'] as const;

export const target = commandLineTarget({
  agent: 'gemini',
  file: '.gemini/settings.json',
  // `name` is what Gemini CLI's `/hooks enable|disable` use.
  entries: (command) => GEMINI_EVENTS.map((event) => ({ event, entry: { hooks: [{ name: 'continuity', type: 'command', command, timeout: 30000 }] } })),
  commandsOf: groupCommands,
});
