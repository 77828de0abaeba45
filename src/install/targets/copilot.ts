/**
 * `continuity init --agent copilot`: `.github/hooks/continuity.json` in the
 * project, a file of continuity's own among the hook files Copilot CLI loads
 * from `.github/hooks/*.json`: `{ "version": 1, "hooks": { "<Event>": [{
 * "type": "command", "bash": "…", "timeoutSec": 30 }] } }` (Copilot CLI runs
 * `bash` through the shell). The events go under their PascalCase names, for
 * which Copilot CLI hands over payloads in Claude Code's field and tool
 * names. Sources: GitHub's "Copilot hooks reference" and
 * src/adapters/copilot/protocol.ts. Copilot CLI loads a repository's hooks
 * only once the person has trusted the folder; init does not change that.
 */
import { commandLineTarget } from './command-line-target.js';

/** Every event a rule reads (docs/agents/copilot.md); tool events for every tool (no matcher). */
export const COPILOT_HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop', 'SubagentStop', 'PreCompact'] as const;

export const target = commandLineTarget({
  agent: 'copilot',
  file: '.github/hooks/continuity.json',
  preamble: { version: 1 },
  check: (root) => ('version' in root && root.version !== 1 ? `"version" is ${JSON.stringify(root.version)}; continuity writes version 1 hooks` : null),
  entries: (command) => COPILOT_HOOK_EVENTS.map((event) => ({ event, entry: { type: 'command', bash: command, timeoutSec: 30 } })),
  commandsOf: (entry) => [(entry as { bash?: unknown } | null)?.bash],
});
