/**
 * What continuity's pi extension hands `continuity hook pi`: one of pi's own
 * extension events, with the event's fields under pi's names, and the
 * session it belongs to as pi's SessionManager names it.
 *
 * Sources (pi 0.73.1, `@mariozechner/pi-coding-agent`):
 * - docs/extensions.md — `session_start` (reason: startup|reload|new|resume|fork),
 *   `input` (text, source: interactive|rpc|extension: what the person typed or
 *   an RPC client sent, or a message an extension made up), `tool_call`
 *   (toolName, toolCallId, input: mutable, `{ block, reason }` refuses),
 *   `tool_result` (content, isError: a returned `content` replaces the
 *   result), `message_end` (the finished message), `session_before_compact`,
 *   `session_compact`.
 * - dist/core/tools/*.js — bash (command, timeout), write (path, content),
 *   edit (path, edits: [{ oldText, newText }]), read (path, offset, limit),
 *   grep (pattern, path, glob, …), find (pattern, path), ls (path).
 * - docs/session-format.md — the session file (JSON lines, a `session`
 *   header naming its id, then `message` entries).
 * The extension (src/install/targets/pi-extension.ts) sends these names as
 * `hook_event_name`; `message_end` only for an assistant message that ends
 * the run (stopReason `stop` or `length`: no tool call follows).
 */
import * as v from 'valibot';
import { decodePayload, PayloadError, validateEventPayload } from '../../hooks/hook-payload.js';

const common = {
  session_id: v.pipe(v.string(), v.minLength(1)),
  hook_event_name: v.pipe(v.string(), v.minLength(1)),
  cwd: v.pipe(v.string(), v.minLength(1)),
  /** pi's session file (absent for an in-memory session, `--no-session`). */
  transcript_path: v.optional(v.nullable(v.string())),
};

const toolFields = {
  tool_name: v.pipe(v.string(), v.minLength(1)),
  tool_call_id: v.pipe(v.string(), v.minLength(1)),
  input: v.optional(v.record(v.string(), v.unknown()), {}),
};

export const PI_EVENTS = {
  session_start: v.looseObject({ ...common, reason: v.optional(v.string(), 'startup') }),
  input: v.looseObject({ ...common, text: v.string(), source: v.picklist(['interactive', 'rpc', 'extension']) }),
  tool_call: v.looseObject({ ...common, ...toolFields }),
  tool_result: v.looseObject({ ...common, ...toolFields, content: v.optional(v.unknown()), is_error: v.optional(v.boolean(), false) }),
  message_end: v.looseObject({ ...common, last_assistant_message: v.optional(v.nullable(v.string()), null), stop_hook_active: v.optional(v.boolean(), false) }),
  session_before_compact: v.looseObject(common),
  session_compact: v.looseObject(common),
} as const;

export type PiEvent = keyof typeof PI_EVENTS;
const Generic = v.looseObject(common);
export type PiPayload = v.InferOutput<typeof Generic>;
export type PiPayloadOf<E extends PiEvent> = v.InferOutput<(typeof PI_EVENTS)[E]>;

export function isPiEvent(name: string): name is PiEvent {
  return Object.prototype.hasOwnProperty.call(PI_EVENTS, name);
}

/** Raw stdin → a validated pi payload. Throws PayloadError. */
export function parsePiPayload(raw: string): PiPayload {
  const payload = validateEventPayload(decodePayload(raw), Generic, PI_EVENTS, 'pi');
  const tool = payload as { tool_name?: string; input?: Record<string, unknown> };
  // The translation reads a shell command's text; without it there is nothing to judge.
  if ((payload.hook_event_name === 'tool_call' || payload.hook_event_name === 'tool_result') && tool.tool_name === 'bash' && typeof tool.input?.command !== 'string') {
    throw new PayloadError(`invalid pi ${payload.hook_event_name} payload: input.command: expected string`);
  }
  return payload;
}
