/**
 * `continuity init --agent cursor`: `.cursor/hooks.json` in the project,
 * `{ "version": 1, "hooks": { "<event>": [{ "command": "…" }] } }` (Cursor
 * runs the command line through the shell). Sources:
 * https://cursor.com/docs/agent/hooks and src/adapters/cursor/protocol.ts.
 */
import { commandLineTarget } from './command-line-target.js';

/** Every event a rule reads (docs/agents/cursor.md). */
export const CURSOR_EVENTS = ['sessionStart', 'beforeSubmitPrompt', 'beforeShellExecution', 'afterShellExecution', 'afterFileEdit', 'preCompact', 'stop'] as const;

export const target = commandLineTarget({
  agent: 'cursor',
  file: '.cursor/hooks.json',
  preamble: { version: 1 },
  check: (root) => ('version' in root && root.version !== 1 ? `"version" is ${JSON.stringify(root.version)}; continuity writes version 1 hooks` : null),
  entries: (command) => CURSOR_EVENTS.map((event) => ({ event, entry: { command } })),
  commandsOf: (entry) => [(entry as { command?: unknown } | null)?.command],
});
