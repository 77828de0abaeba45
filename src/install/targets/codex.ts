/**
 * `continuity init --agent codex`: `.codex/hooks.json` in the project, one
 * matcher group per event with a command hook (Codex runs the command line
 * through the shell; `timeout` is in seconds; `statusMessage` is what Codex
 * shows while it runs). Sources: https://developers.openai.com/codex/hooks
 * and src/adapters/codex/protocol.ts. Codex asks the user to review and
 * trust new hooks (`/hooks`) before they run.
 */
import { commandLineTarget, groupCommands } from './command-line-target.js';

/** Every event a rule reads (docs/agents/codex.md), the subagent events for the delivery watchdog; tool events for every tool (no matcher). */
export const CODEX_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreCompact', 'Stop', 'SubagentStart', 'SubagentStop'] as const;

export const target = commandLineTarget({
  agent: 'codex',
  file: '.codex/hooks.json',
  entries: (command) => CODEX_EVENTS.map((event) => ({ event, entry: { hooks: [{ type: 'command', command, timeout: 30, statusMessage: 'continuity' }] } })),
  commandsOf: groupCommands,
});
