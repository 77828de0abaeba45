/**
 * GitHub Copilot CLI hook protocol, as continuity wires it: the events under
 * their PascalCase names, which Copilot CLI answers with payloads in Claude
 * Code's field names.
 *
 * Sources:
 * - "GitHub Copilot hooks reference" (github/docs
 *   content/copilot/reference/hooks-reference.md): hook files
 *   `.github/hooks/*.json` (`{ "version": 1, "hooks": { "<Event>": [{ "type":
 *   "command", "bash": "…", "timeoutSec": 30 }] } }`); an event configured in
 *   PascalCase (`SessionStart`, `UserPromptSubmit`, `PreToolUse`,
 *   `PostToolUse`, `Stop`, `SubagentStop`, `PreCompact`) gets the
 *   snake_case payload (`hook_event_name`, `session_id`, `timestamp` as ISO
 *   text, `cwd`, …) and PreToolUse/PostToolUse name the tool by its Claude
 *   tool name (`bash` → `Bash`, `create` → `Write`, `edit` → `Edit`, `view`
 *   → `Read`, `task` → `Agent`), its arguments as Copilot's own
 *   (`tool_input`). PreToolUse answers `permissionDecision` ("allow" |
 *   "deny" | "ask"), `permissionDecisionReason`, `modifiedArgs` (the
 *   arguments used instead); Stop and SubagentStop answer `decision:
 *   "block"` with `reason`, which becomes the prompt of another turn
 *   (`stop_hook_active` is true on it; after 8 blocks in a row the CLI ends
 *   the turn itself); PostToolUse answers `additionalContext`, appended to
 *   the tool's result. A command hook's non-zero exit denies a PreToolUse
 *   (fail-closed); a timeout lets the call through (fail-open).
 *   `disableAllHooks: true` in a hook file skips that file; in the
 *   repository's `.github/copilot/settings.json` or `settings.local.json`
 *   it skips every hook. Repository hooks load only in a trusted folder.
 * - Observed on Copilot CLI 1.0.102 (test/fixtures/agents/copilot-1.0.102/,
 *   captured with a hook that dumps its stdin): the payloads above;
 *   `additionalContext` at the top level of SessionStart's and
 *   UserPromptSubmit's answers reaches the model as a user message (the
 *   reference says a command hook's UserPromptSubmit output is dropped; 1.0.102
 *   adds it to the prompt as a `<system_reminder>`); the same field inside
 *   Claude Code's `hookSpecificOutput` is ignored; `modifiedArgs` and
 *   Claude Code's `hookSpecificOutput.updatedInput` both replace a call's
 *   arguments. Hooks run with COPILOT_PROJECT_DIR (and CLAUDE_PROJECT_DIR)
 *   set to the project; SessionStart carries `source` ("new", "resume") and
 *   `initial_prompt`; Stop carries `transcript_path`, the session's
 *   `events.jsonl` under `~/.copilot/session-state/<session id>/`.
 * - The `bash` tool's parameters (its request's tool list, 1.0.102):
 *   `command`, `description`, `mode` ("sync" | "async"), `detach`,
 *   `shellId`, `initial_wait`; `create`: `path`, `file_text`; `edit`:
 *   `path`, `old_str`, `new_str`; `view`: `path`, `view_range`.
 */
import * as v from 'valibot';
import { decodePayload, PayloadError, validateEventPayload } from '../../hooks/hook-payload.js';

const common = {
  session_id: v.pipe(v.string(), v.minLength(1)),
  hook_event_name: v.pipe(v.string(), v.minLength(1)),
  cwd: v.pipe(v.string(), v.minLength(1)),
  timestamp: v.optional(v.union([v.string(), v.number()])),
};

const toolFields = {
  tool_name: v.pipe(v.string(), v.minLength(1)),
  tool_input: v.optional(v.record(v.string(), v.unknown()), {}),
};

export const COPILOT_EVENTS = {
  SessionStart: v.looseObject({ ...common, source: v.optional(v.string(), 'new'), initial_prompt: v.optional(v.string()) }),
  UserPromptSubmit: v.looseObject({ ...common, prompt: v.string() }),
  PreToolUse: v.looseObject({ ...common, ...toolFields }),
  PostToolUse: v.looseObject({ ...common, ...toolFields, tool_result: v.optional(v.unknown()) }),
  PostToolUseFailure: v.looseObject({ ...common, ...toolFields, error: v.optional(v.unknown()) }),
  Stop: v.looseObject({ ...common, transcript_path: v.optional(v.string()), stop_reason: v.optional(v.string()), stop_hook_active: v.optional(v.boolean(), false) }),
  SubagentStop: v.looseObject({ ...common, transcript_path: v.optional(v.string()), agent_id: v.optional(v.string()), agent_type: v.optional(v.string()), last_assistant_message: v.optional(v.string()) }),
  PreCompact: v.looseObject({ ...common, transcript_path: v.optional(v.string()), trigger: v.optional(v.string()) }),
} as const;

export type CopilotEvent = keyof typeof COPILOT_EVENTS;
const Generic = v.looseObject(common);
/** Any validated Copilot CLI payload; narrow with CopilotPayloadOf<E> by hook_event_name. */
export type CopilotPayload = v.InferOutput<typeof Generic>;
export type CopilotPayloadOf<E extends CopilotEvent> = v.InferOutput<(typeof COPILOT_EVENTS)[E]>;

export function isCopilotEvent(name: string): name is CopilotEvent {
  return Object.prototype.hasOwnProperty.call(COPILOT_EVENTS, name);
}

/** Raw stdin → a validated Copilot CLI payload. Throws PayloadError. */
export function parseCopilotPayload(raw: string): CopilotPayload {
  const payload = validateEventPayload(decodePayload(raw), Generic, COPILOT_EVENTS, 'Copilot CLI');
  const tool = payload as { tool_name?: string; tool_input?: Record<string, unknown> };
  // The translation reads a shell command's text; without it there is nothing to judge.
  if (isCopilotEvent(payload.hook_event_name) && tool.tool_name === 'Bash' && typeof tool.tool_input?.command !== 'string') {
    throw new PayloadError(`invalid Copilot CLI ${payload.hook_event_name} payload: tool_input.command: expected string`);
  }
  return payload;
}
