import * as v from 'valibot';

/**
 * Claude Code hook payloads, validated at the boundary. Objects are loose:
 * Claude Code adds fields over time and an unknown field must never break a
 * hook. Only what continuity reads is required.
 */
const common = {
  session_id: v.pipe(v.string(), v.minLength(1)),
  hook_event_name: v.pipe(v.string(), v.minLength(1)),
  transcript_path: v.optional(v.string()),
  cwd: v.optional(v.string()),
  permission_mode: v.optional(v.string()),
};

const toolFields = () => ({
  tool_name: v.string(),
  tool_input: v.optional(v.record(v.string(), v.unknown()), {}),
  tool_use_id: v.optional(v.string()),
});

/** A schema built at its first use, then kept: one hook call validates one event, and building the others would cost every call. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const schemas = {
  PreToolUse: once(() => v.looseObject({ ...common, ...toolFields() })),
  PostToolUse: once(() => v.looseObject({ ...common, ...toolFields(), tool_response: v.optional(v.unknown()) })),
  PostToolUseFailure: once(() => v.looseObject({ ...common, ...toolFields(), error: v.optional(v.unknown()) })),
  UserPromptSubmit: once(() => v.looseObject({ ...common, prompt: v.string() })),
  Stop: once(() =>
    v.looseObject({
      ...common,
      stop_hook_active: v.optional(v.boolean(), false),
      last_assistant_message: v.optional(v.nullable(v.string())),
      background_tasks: v.optional(v.unknown()),
    }),
  ),
  SubagentStart: once(() => v.looseObject({ ...common, agent_id: v.optional(v.string()), agent_type: v.optional(v.string()) })),
  SubagentStop: once(() =>
    v.looseObject({
      ...common,
      stop_hook_active: v.optional(v.boolean(), false),
      agent_id: v.optional(v.string()),
      agent_type: v.optional(v.string()),
      agent_transcript_path: v.optional(v.string()),
      last_assistant_message: v.optional(v.nullable(v.string())),
    }),
  ),
  SessionStart: once(() => v.looseObject({ ...common, source: v.optional(v.string(), 'startup') })),
  SessionEnd: once(() => v.looseObject({ ...common, reason: v.optional(v.string()) })),
  PreCompact: once(() => v.looseObject({ ...common, trigger: v.optional(v.string()), custom_instructions: v.optional(v.nullable(v.string())) })),
  Notification: once(() => v.looseObject({ ...common, message: v.optional(v.string()) })),
};

/** Each event's schema, built when first read (the getters). */
export const EVENT_SCHEMAS = {
  get PreToolUse() { return schemas.PreToolUse(); },
  get PostToolUse() { return schemas.PostToolUse(); },
  get PostToolUseFailure() { return schemas.PostToolUseFailure(); },
  get UserPromptSubmit() { return schemas.UserPromptSubmit(); },
  get Stop() { return schemas.Stop(); },
  get SubagentStart() { return schemas.SubagentStart(); },
  get SubagentStop() { return schemas.SubagentStop(); },
  get SessionStart() { return schemas.SessionStart(); },
  get SessionEnd() { return schemas.SessionEnd(); },
  get PreCompact() { return schemas.PreCompact(); },
  get Notification() { return schemas.Notification(); },
};

export type KnownEvent = keyof typeof EVENT_SCHEMAS;
export type PayloadOf<E extends KnownEvent> = v.InferOutput<(typeof EVENT_SCHEMAS)[E]>;

/** Any event continuity does not know yet: recorded, answered with nothing. */
export const GenericPayload = v.looseObject(common);
export type GenericPayload = v.InferOutput<typeof GenericPayload>;

export function isKnownEvent(name: string): name is KnownEvent {
  return Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, name);
}
