/**
 * What continuity's OpenCode plugin hands `continuity hook opencode`: one
 * OpenCode plugin hook call as OpenCode passed it (`input`, `output`), the
 * project folder the plugin was loaded for, and what the plugin itself
 * remembers of the session. The plugin (src/install/targets/opencode-plugin.ts)
 * adds nothing else: the rules read OpenCode's own values.
 *
 * Sources (opencode-ai 1.18.33, `@opencode-ai/plugin` 1.18.33 `Hooks`; every
 * shape below captured from the real client, test/fixtures/agents/opencode-1.18.33/):
 * - `chat.message` (input `{sessionID, agent, model, messageID}`, output
 *   `{message: UserMessage, parts: Part[]}`): a user message OpenCode is
 *   about to take in; its text parts are what the person typed, unless the
 *   session is a subagent's (the plugin names its `parent_session`, read
 *   from OpenCode's `session.get`): then they are the model's.
 * - `tool.execute.before` (input `{tool, sessionID, callID}`, output
 *   `{args}`): a tool call about to run. Throwing refuses it (the error's
 *   message is the tool's result); `output.args` may be changed.
 * - `tool.execute.after` (input `{tool, sessionID, callID, args}`, output
 *   `{title, output, metadata}`): `output.output` is what the model reads.
 * - `experimental.text.complete` (input `{sessionID, messageID, partID}`,
 *   output `{text}`): a text part of the assistant's message is complete.
 *   OpenCode awaits it before its loop decides whether the turn is over.
 * - `experimental.session.compacting` (input `{sessionID}`, output
 *   `{context: string[]}`): the compaction prompt is being built.
 * - `session.created` (the plugin's `event` hook; the event's `properties`
 *   as input): a new session.
 * - `session.compacted` (the plugin's `event` hook, then its
 *   `experimental.chat.system.transform` of the session's next model
 *   request, input `{sessionID, model}`, output `{system: string[]}`): the
 *   session was compacted; the plugin asks once, for that next request.
 * - The `task` tool starts a subagent: a session whose `parentID` is the
 *   caller's (`session.created`); its own `chat.message` carries the
 *   caller's prompt, its last step's `experimental.text.complete` its final
 *   answer (the plugin names `parent_session` and the subagent's `agent`),
 *   and the caller's `tool.execute.after` of `task` hands the answer over
 *   (`output.metadata.sessionId` the child, `output.output`
 *   `<task id="…" state="completed"><task_result>…`).
 * Tools (1.18.33): bash {command, description, timeout, workdir}, write
 * {filePath, content}, edit {filePath, oldString, newString, replaceAll},
 * read {filePath, offset, limit}, glob, grep, task, todowrite, webfetch,
 * skill; apply_patch {patchText} for the models that take patches.
 */
import * as v from 'valibot';
import { decodePayload, validateEventPayload } from '../../hooks/hook-payload.js';

const id = v.pipe(v.string(), v.minLength(1));
const common = {
  hook_event_name: id,
  /** The folder OpenCode loaded the plugin for (its `directory`). */
  directory: v.pipe(v.string(), v.minLength(1)),
  input: v.looseObject({ sessionID: id }),
  output: v.optional(v.nullable(v.record(v.string(), v.unknown())), null),
};

export const OPENCODE_EVENTS = {
  'session.created': v.looseObject({ ...common }),
  'session.compacted': v.looseObject({ ...common }),
  'chat.message': v.looseObject({
    ...common,
    output: v.looseObject({ parts: v.array(v.looseObject({ type: v.string() })) }),
    /** The plugin read it from OpenCode: the session is a subagent's (the task tool's), this its parent. */
    parent_session: v.optional(v.nullable(v.string()), null),
  }),
  'tool.execute.before': v.looseObject({
    ...common,
    input: v.looseObject({ sessionID: id, tool: id, callID: v.optional(v.string()) }),
    output: v.looseObject({ args: v.optional(v.nullable(v.record(v.string(), v.unknown())), {}) }),
  }),
  'tool.execute.after': v.looseObject({
    ...common,
    input: v.looseObject({ sessionID: id, tool: id, callID: v.optional(v.string()), args: v.optional(v.nullable(v.record(v.string(), v.unknown()))) }),
    output: v.optional(v.nullable(v.looseObject({ output: v.optional(v.unknown()), metadata: v.optional(v.unknown()) })), null),
  }),
  'experimental.text.complete': v.looseObject({
    ...common,
    output: v.looseObject({ text: v.string() }),
    /** The plugin's own memory: the turn goes on because continuity held its last stop. */
    stop_hook_active: v.optional(v.boolean(), false),
    /** The session is a subagent's (the task tool's), this its parent: the text is the subagent's final answer. */
    parent_session: v.optional(v.nullable(v.string()), null),
    /** The subagent's agent (`general`, `explore`, …), as its chat.message named it. */
    agent: v.optional(v.nullable(v.string()), null),
  }),
  'experimental.session.compacting': v.looseObject({ ...common }),
} as const;

export type OpenCodeEvent = keyof typeof OPENCODE_EVENTS;
const Generic = v.looseObject(common);
export type OpenCodePayload = v.InferOutput<typeof Generic>;
export type OpenCodePayloadOf<E extends OpenCodeEvent> = v.InferOutput<(typeof OPENCODE_EVENTS)[E]>;

/** Raw stdin → a validated payload of the plugin's. Throws PayloadError. */
export function parseOpenCodePayload(raw: string): OpenCodePayload {
  return validateEventPayload(decodePayload(raw), Generic, OPENCODE_EVENTS, 'OpenCode');
}
