/**
 * OpenAI Codex CLI hook protocol, as documented and as its hook engine reads it.
 *
 * Sources:
 * - "Hooks", https://developers.openai.com/codex/hooks — hooks live in
 *   `hooks.json` (or `[hooks]` tables of `config.toml`) next to each active
 *   config layer: `~/.codex/hooks.json`, `<repo>/.codex/hooks.json`; every
 *   matching hook from every file runs, concurrently; non-managed hooks must
 *   be reviewed and trusted (`/hooks`) before they run; project layers load
 *   only in trusted projects. Events: SessionStart, SubagentStart (thread
 *   scope); PreToolUse, PermissionRequest, PostToolUse, PreCompact,
 *   PostCompact, UserPromptSubmit, SubagentStop, Stop (turn scope).
 * - openai/codex, codex-rs/hooks/schema/generated/{stop,pre-tool-use,
 *   post-tool-use,user-prompt-submit}.command.input.schema.json — payload
 *   fields: session_id, turn_id, cwd, transcript_path (string|null), model,
 *   permission_mode, hook_event_name; tool_name/tool_input/tool_use_id
 *   (+ tool_response after); prompt; stop_hook_active and
 *   last_assistant_message (string|null) on Stop; SubagentStop adds
 *   agent_id, agent_type, agent_transcript_path.
 * - openai/codex, codex-rs/hooks/schema/generated/*.command.output.schema.json
 *   — outputs are closed objects (additionalProperties: false): a field an
 *   event does not list makes the whole answer invalid, so answers are
 *   built per event from the listed fields only.
 * - openai/codex, codex-rs/hooks/src/events/{pre_tool_use,stop}.rs and
 *   engine/output_parser.rs — exit 0 with JSON on stdout is read per event;
 *   PreToolUse `hookSpecificOutput.permissionDecision: "deny"` with a
 *   non-empty reason blocks the call ("allow" without updatedInput and "ask"
 *   are rejected as unsupported); Stop `decision: "block"` with a non-empty
 *   `reason` continues the turn with the reason as the next prompt; exit 2
 *   blocks with stderr as the reason; any other exit code is a failed hook
 *   and the call goes on. Shell commands arrive as tool_name "Bash" with
 *   tool_input.command; file edits as tool_name "apply_patch" whose
 *   tool_input.command is the patch text (`*** Add File:` / `*** Update
 *   File:` / `*** Move to:` / `*** Delete File:`).
 * - openai/codex, the hooks config's HookHandlerConfig (serde) — a handler is
 *   `{ "type": "command", "command": "<shell command line>", "timeout"
 *   (seconds; alias timeoutSec), "async", "statusMessage" }` inside
 *   `{ "matcher"?, "hooks": [...] }` groups per event.
 * - openai/codex issue #19666 — SessionStart `source` is startup, resume or
 *   clear (the Hooks page's field table lists only the first two; the
 *   matcher table and the runtime have all three).
 *
 * Codex sets no project-directory variable for hooks (none is documented):
 * the project is found from the payload's `cwd`.
 */
import * as v from 'valibot';
import { decodePayload, PayloadError, validateEventPayload } from '../../hooks/hook-payload.js';

const common = {
  session_id: v.pipe(v.string(), v.minLength(1)),
  hook_event_name: v.pipe(v.string(), v.minLength(1)),
  cwd: v.pipe(v.string(), v.minLength(1)),
  transcript_path: v.optional(v.nullable(v.string())),
  turn_id: v.optional(v.string()),
  model: v.optional(v.string()),
  permission_mode: v.optional(v.string()),
  /** Present when the hook fires inside a subagent's thread. */
  agent_id: v.optional(v.string()),
  agent_type: v.optional(v.string()),
};

/** Tools whose tool_input is `{ command }` (a shell command, or the text of a patch). */
export const COMMAND_TOOLS: ReadonlySet<string> = new Set(['Bash', 'apply_patch']);

const toolFields = {
  tool_name: v.pipe(v.string(), v.minLength(1)),
  tool_input: v.optional(v.record(v.string(), v.unknown()), {}),
  tool_use_id: v.optional(v.string()),
};

const stopFields = {
  stop_hook_active: v.optional(v.boolean(), false),
  last_assistant_message: v.optional(v.nullable(v.string())),
};

export const CODEX_EVENTS = {
  SessionStart: v.looseObject({ ...common, source: v.optional(v.string(), 'startup') }),
  UserPromptSubmit: v.looseObject({ ...common, prompt: v.string() }),
  PreToolUse: v.looseObject({ ...common, ...toolFields }),
  PostToolUse: v.looseObject({ ...common, ...toolFields, tool_response: v.optional(v.unknown()) }),
  PreCompact: v.looseObject({ ...common, trigger: v.optional(v.string()) }),
  Stop: v.looseObject({ ...common, ...stopFields }),
  SubagentStart: v.looseObject({ ...common }),
  SubagentStop: v.looseObject({ ...common, ...stopFields, agent_transcript_path: v.optional(v.nullable(v.string())) }),
} as const;

export type CodexEvent = keyof typeof CODEX_EVENTS;
const Generic = v.looseObject(common);
export type CodexGeneric = v.InferOutput<typeof Generic>;
export type CodexPayloadOf<E extends CodexEvent> = v.InferOutput<(typeof CODEX_EVENTS)[E]>;
/** Any validated Codex payload; narrow with CodexPayloadOf<E> by hook_event_name. */
export type CodexPayload = CodexGeneric;

export function isCodexEvent(name: string): name is CodexEvent {
  return Object.prototype.hasOwnProperty.call(CODEX_EVENTS, name);
}

/** Raw stdin → a validated Codex payload. Throws PayloadError. */
export function parseCodexPayload(raw: string): CodexPayload {
  const payload = validateEventPayload(decodePayload(raw), Generic, CODEX_EVENTS, 'Codex');
  const event = payload.hook_event_name;
  const tool = payload as { tool_name?: string; tool_input?: Record<string, unknown> };
  // Bash and apply_patch carry their command (or patch) as a string; the translation depends on it.
  if (isCodexEvent(event) && tool.tool_name && COMMAND_TOOLS.has(tool.tool_name) && typeof tool.tool_input?.command !== 'string') {
    throw new PayloadError(`invalid Codex ${event} payload: tool_input.command: expected string`);
  }
  return payload;
}
