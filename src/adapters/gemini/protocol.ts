/**
 * Gemini CLI hook protocol.
 *
 * Sources:
 * - "Hooks reference", https://geminicli.com/docs/hooks/reference
 *   (google-gemini/gemini-cli docs/hooks/reference.md) — stdin JSON, stdout
 *   JSON; exit 0: stdout parsed as JSON; exit 2: blocked, stderr is the
 *   reason; any other code: a warning, the CLI goes on. Base input:
 *   session_id, transcript_path, cwd, hook_event_name, timestamp.
 *   BeforeTool (tool_name, tool_input, mcp_context): `decision: "deny"`
 *   (alias "block") with `reason` stops the tool, the reason goes to the
 *   agent as the tool's error. AfterTool (+ tool_response):
 *   `hookSpecificOutput.additionalContext` is appended to the tool result
 *   (`decision: "deny"` would hide the result instead). BeforeAgent (prompt):
 *   `hookSpecificOutput.additionalContext` is added to the turn. AfterAgent
 *   (prompt, prompt_response, stop_hook_active): `decision: "deny"` rejects
 *   the response and starts a retry turn with `reason` as the new prompt;
 *   stop_hook_active says the call is already part of such a retry.
 *   SessionStart (source: startup|resume|clear):
 *   `hookSpecificOutput.additionalContext` is injected. PreCompress
 *   (trigger: auto|manual): advisory, `systemMessage` only. `systemMessage`
 *   is shown to the user on every event.
 * - "Gemini CLI hooks", https://geminicli.com/docs/hooks (docs/hooks/index.md)
 *   — configuration in `.gemini/settings.json` (project), `~/.gemini/settings.json`
 *   (user): `hooks.<Event>: [{ matcher?, hooks: [{ name, type: "command",
 *   command, timeout (ms) }] }]`; hooks run with GEMINI_PROJECT_DIR set;
 *   Claude Code → Gemini names: PreToolUse → BeforeTool, PostToolUse →
 *   AfterTool, UserPromptSubmit → BeforeAgent, Stop → AfterAgent,
 *   PreCompact → PreCompress; Bash → run_shell_command, Edit → replace,
 *   Write → write_file, Read → read_file, Glob → glob, Grep →
 *   search_file_content, LS → list_directory.
 * - google-gemini/gemini-cli packages/core/src/hooks/hookRunner.ts — the
 *   command runs through the shell with cwd = input.cwd and
 *   GEMINI_PROJECT_DIR = CLAUDE_PROJECT_DIR = input.cwd; a non-zero exit
 *   other than 2 becomes a warning. packages/core/src/hooks/types.ts —
 *   `decision` "block" and "deny" both block.
 * - docs/tools/shell.md, docs/tools/file-system.md — run_shell_command
 *   (command, description, directory relative to the project root; newer
 *   releases name it dir_path), write_file (file_path, content), replace
 *   (file_path, old_string, new_string).
 */
import * as v from 'valibot';
import { decodePayload, PayloadError, validateEventPayload } from '../../hooks/hook-payload.js';

const common = {
  session_id: v.pipe(v.string(), v.minLength(1)),
  hook_event_name: v.pipe(v.string(), v.minLength(1)),
  cwd: v.pipe(v.string(), v.minLength(1)),
  transcript_path: v.optional(v.nullable(v.string())),
  timestamp: v.optional(v.string()),
};

const toolFields = {
  tool_name: v.pipe(v.string(), v.minLength(1)),
  tool_input: v.optional(v.record(v.string(), v.unknown()), {}),
};

export const GEMINI_EVENTS = {
  SessionStart: v.looseObject({ ...common, source: v.optional(v.string(), 'startup') }),
  BeforeAgent: v.looseObject({ ...common, prompt: v.string() }),
  AfterAgent: v.looseObject({
    ...common,
    prompt: v.optional(v.string()),
    prompt_response: v.optional(v.nullable(v.string())),
    stop_hook_active: v.optional(v.boolean(), false),
  }),
  BeforeTool: v.looseObject({ ...common, ...toolFields }),
  AfterTool: v.looseObject({ ...common, ...toolFields, tool_response: v.optional(v.unknown()) }),
  PreCompress: v.looseObject({ ...common, trigger: v.optional(v.string()) }),
} as const;

export type GeminiEvent = keyof typeof GEMINI_EVENTS;
const Generic = v.looseObject(common);
/** Any validated Gemini CLI payload; narrow with GeminiPayloadOf<E> by hook_event_name. */
export type GeminiPayload = v.InferOutput<typeof Generic>;
export type GeminiPayloadOf<E extends GeminiEvent> = v.InferOutput<(typeof GEMINI_EVENTS)[E]>;

export function isGeminiEvent(name: string): name is GeminiEvent {
  return Object.prototype.hasOwnProperty.call(GEMINI_EVENTS, name);
}

/** Raw stdin → a validated Gemini CLI payload. Throws PayloadError. */
export function parseGeminiPayload(raw: string): GeminiPayload {
  const payload = validateEventPayload(decodePayload(raw), Generic, GEMINI_EVENTS, 'Gemini CLI');
  const event = payload.hook_event_name;
  const tool = payload as { tool_name?: string; tool_input?: Record<string, unknown> };
  // The translation reads a shell command's text; without it there is nothing to judge.
  if (isGeminiEvent(event) && tool.tool_name === 'run_shell_command' && typeof tool.tool_input?.command !== 'string') {
    throw new PayloadError(`invalid Gemini CLI ${event} payload: tool_input.command: expected string`);
  }
  return payload;
}
