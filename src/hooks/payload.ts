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

const toolFields = {
  tool_name: v.string(),
  tool_input: v.optional(v.record(v.string(), v.unknown()), {}),
  tool_use_id: v.optional(v.string()),
};

export const EVENT_SCHEMAS = {
  PreToolUse: v.looseObject({ ...common, ...toolFields }),
  PostToolUse: v.looseObject({ ...common, ...toolFields, tool_response: v.optional(v.unknown()) }),
  PostToolUseFailure: v.looseObject({ ...common, ...toolFields, error: v.optional(v.unknown()) }),
  UserPromptSubmit: v.looseObject({ ...common, prompt: v.string() }),
  Stop: v.looseObject({
    ...common,
    stop_hook_active: v.optional(v.boolean(), false),
    last_assistant_message: v.optional(v.nullable(v.string())),
    background_tasks: v.optional(v.unknown()),
  }),
  SubagentStart: v.looseObject({ ...common, agent_id: v.optional(v.string()), agent_type: v.optional(v.string()) }),
  SubagentStop: v.looseObject({
    ...common,
    stop_hook_active: v.optional(v.boolean(), false),
    agent_id: v.optional(v.string()),
    agent_type: v.optional(v.string()),
    agent_transcript_path: v.optional(v.string()),
    last_assistant_message: v.optional(v.nullable(v.string())),
  }),
  SessionStart: v.looseObject({ ...common, source: v.optional(v.string(), 'startup') }),
  SessionEnd: v.looseObject({ ...common, reason: v.optional(v.string()) }),
  PreCompact: v.looseObject({ ...common, trigger: v.optional(v.string()), custom_instructions: v.optional(v.nullable(v.string())) }),
  Notification: v.looseObject({ ...common, message: v.optional(v.string()) }),
} as const;

export type KnownEvent = keyof typeof EVENT_SCHEMAS;
export type PayloadOf<E extends KnownEvent> = v.InferOutput<(typeof EVENT_SCHEMAS)[E]>;

/** Any event continuity does not know yet: recorded, answered with nothing. */
export const GenericPayload = v.looseObject(common);
export type GenericPayload = v.InferOutput<typeof GenericPayload>;

export function isKnownEvent(name: string): name is KnownEvent {
  return Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, name);
}
