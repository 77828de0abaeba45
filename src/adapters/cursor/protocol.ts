/**
 * Cursor agent hook protocol.
 *
 * Sources:
 * - "Hooks", https://cursor.com/docs/agent/hooks — hooks are spawned
 *   processes speaking JSON over stdio, configured in `hooks.json` at the
 *   project (`.cursor/hooks.json`) or user level (`~/.cursor/hooks.json`):
 *   `{ "version": 1, "hooks": { "<event>": [{ "command": "…" }] } }`. Agent
 *   events include sessionStart/sessionEnd, preToolUse/postToolUse,
 *   subagentStart/subagentStop, beforeShellExecution/afterShellExecution,
 *   beforeMCPExecution/afterMCPExecution, beforeReadFile/afterFileEdit,
 *   beforeSubmitPrompt, preCompact, stop, afterAgentResponse.
 * - Cursor's field names as published with the hooks release and used by
 *   independent integrations (e.g. cupcake.eqtylab.io/reference/harnesses/cursor,
 *   CorridorSecurity/hookshot docs/reference-cursor.md): every payload has
 *   conversation_id, generation_id, hook_event_name, workspace_roots (and
 *   optionally model, cursor_version, user_email, transcript_path).
 *   beforeShellExecution {command, cwd} → {permission: "allow"|"deny"|"ask",
 *   user_message, agent_message}; afterShellExecution {command, output,
 *   duration}; afterFileEdit {file_path, edits: [{old_string, new_string}]}
 *   (no answer is read); beforeSubmitPrompt {prompt, attachments} →
 *   {continue, user_message} (no context can be added); stop {status:
 *   "completed"|"aborted"|"error", loop_count} → {followup_message}, which
 *   Cursor submits as the next user message; it stops following up after
 *   the entry's `loop_limit` (default 5) automatic follow-ups; sessionStart
 *   → {additional_context}.
 * - Exit codes: 0 reads the JSON answer, 2 blocks (as "deny"), anything else
 *   fails open.
 * - Hooks run with CURSOR_PROJECT_DIR naming the workspace root (also used
 *   by many published Cursor hooks); absent, the first of workspace_roots is used.
 *
 * Cursor's documentation leaves some payloads of newer events (preToolUse's
 * per-tool inputs, subagentStop) without a stable description; those events
 * are not translated (see docs/agents/cursor.md) and are recorded as
 * `cursor:<event>` when they arrive.
 */
import * as v from 'valibot';
import { decodePayload, validateEventPayload } from '../../hooks/hook-payload.js';

const common = {
  conversation_id: v.pipe(v.string(), v.minLength(1)),
  generation_id: v.optional(v.nullable(v.string())),
  hook_event_name: v.pipe(v.string(), v.minLength(1)),
  workspace_roots: v.optional(v.array(v.string()), []),
  model: v.optional(v.nullable(v.string())),
  cursor_version: v.optional(v.nullable(v.string())),
  user_email: v.optional(v.nullable(v.string())),
  transcript_path: v.optional(v.nullable(v.string())),
};

export const CURSOR_EVENTS = {
  sessionStart: v.looseObject({ ...common }),
  beforeSubmitPrompt: v.looseObject({ ...common, prompt: v.string() }),
  beforeShellExecution: v.looseObject({ ...common, command: v.string(), cwd: v.optional(v.nullable(v.string())) }),
  afterShellExecution: v.looseObject({ ...common, command: v.string(), cwd: v.optional(v.nullable(v.string())), output: v.optional(v.unknown()) }),
  afterFileEdit: v.looseObject({
    ...common,
    file_path: v.pipe(v.string(), v.minLength(1)),
    edits: v.optional(v.array(v.looseObject({ old_string: v.optional(v.string(), ''), new_string: v.optional(v.string(), '') })), []),
  }),
  preCompact: v.looseObject({ ...common, trigger: v.optional(v.nullable(v.string())) }),
  stop: v.looseObject({ ...common, status: v.optional(v.string(), 'completed'), loop_count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0) }),
} as const;

export type CursorEvent = keyof typeof CURSOR_EVENTS;
const Generic = v.looseObject(common);
/** Any validated Cursor payload; narrow with CursorPayloadOf<E> by hook_event_name. */
export type CursorPayload = v.InferOutput<typeof Generic>;
export type CursorPayloadOf<E extends CursorEvent> = v.InferOutput<(typeof CURSOR_EVENTS)[E]>;

export function isCursorEvent(name: string): name is CursorEvent {
  return Object.prototype.hasOwnProperty.call(CURSOR_EVENTS, name);
}

/** Raw stdin → a validated Cursor payload. Throws PayloadError. */
export function parseCursorPayload(raw: string): CursorPayload {
  return validateEventPayload(decodePayload(raw), Generic, CURSOR_EVENTS, 'Cursor');
}
