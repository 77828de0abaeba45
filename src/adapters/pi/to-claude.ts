/**
 * pi's extension events as Claude Code payloads: `input` is the person's
 * prompt (UserPromptSubmit) only when pi says it came from its prompt or its
 * RPC client, never when an extension made it up; a tool's input under
 * Claude Code's field names; the assistant message that ends a run is the
 * Stop; a compaction's end starts the session again (`compact`), as Claude
 * Code's SessionStart after compaction does. Pure.
 */
import { unwrapCommand } from '../../wall/bwrap.js';
import type { ClaudeCall } from '../bridge/types.js';
import type { PiPayload, PiPayloadOf } from './protocol.js';

/** pi's built-in tools → Claude Code's that do the same (other names pass unchanged). */
export const TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: 'Bash',
  write: 'Write',
  edit: 'MultiEdit',
  read: 'Read',
  grep: 'Grep',
  find: 'Glob',
  ls: 'LS',
};

/** session_start's reasons as Claude Code's SessionStart sources. */
const SOURCES: Readonly<Record<string, string>> = { startup: 'startup', reload: 'resume', new: 'clear', resume: 'resume', fork: 'resume' };

export function piToClaude(p: PiPayload): ClaudeCall {
  const { hook_event_name: event, transcript_path, ...rest } = p;
  const base: Record<string, unknown> = { session_id: p.session_id, cwd: p.cwd, ...(typeof transcript_path === 'string' ? { transcript_path } : {}), agent_event_name: event };
  const one = (payload: Record<string, unknown>): ClaudeCall => ({ payloads: [{ ...base, ...payload }], searchFrom: p.cwd });
  switch (event) {
    case 'session_start':
      return one({ hook_event_name: 'SessionStart', source: SOURCES[(p as PiPayloadOf<'session_start'>).reason] ?? 'startup' });
    case 'session_compact':
      return one({ hook_event_name: 'SessionStart', source: 'compact' });
    case 'session_before_compact':
      return one({ hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' });
    case 'input': {
      const input = p as PiPayloadOf<'input'>;
      // A message an extension sends as the user's is not the person speaking.
      if (input.source === 'extension') return one({ hook_event_name: 'pi:input', prompt: input.text, input_source: input.source });
      return one({ hook_event_name: 'UserPromptSubmit', prompt: input.text, input_source: input.source });
    }
    case 'tool_call':
    case 'tool_result': {
      const t = p as PiPayloadOf<'tool_result'>;
      const tool = claudeTool(t.tool_name, event === 'tool_result' ? asAsked(t.tool_name, t.input) : t.input);
      const response = event === 'tool_result' ? { tool_response: toolResponse(t.tool_name, t.content, t.is_error) } : {};
      return one({ hook_event_name: event === 'tool_call' ? 'PreToolUse' : 'PostToolUse', tool_use_id: t.tool_call_id, ...tool, ...response });
    }
    case 'message_end': {
      const stop = p as PiPayloadOf<'message_end'>;
      return one({ hook_event_name: 'Stop', stop_hook_active: stop.stop_hook_active, last_assistant_message: stop.last_assistant_message });
    }
    default:
      return { payloads: [{ ...rest, ...base, hook_event_name: `pi:${event}` }], searchFrom: p.cwd };
  }
}

/** A pi tool call as the Claude Code tool call that does the same: its paths as `file_path`, an edit's pairs as MultiEdit's. */
export function claudeTool(name: string, input: Record<string, unknown>): { tool_name: string; tool_input: Record<string, unknown>; agent_tool_name: string } {
  const mapped = TOOL_NAMES[name];
  if (!mapped) return { tool_name: name, tool_input: input, agent_tool_name: name };
  const { path, edits, ...rest } = input;
  if (name === 'write' || name === 'read') return { tool_name: mapped, tool_input: { ...rest, file_path: path }, agent_tool_name: name };
  if (name === 'edit') {
    const pairs = Array.isArray(edits) ? edits.map((e) => ({ old_string: (e as { oldText?: unknown })?.oldText, new_string: (e as { newText?: unknown })?.newText })) : [];
    return { tool_name: mapped, tool_input: { ...rest, file_path: path, edits: pairs }, agent_tool_name: name };
  }
  return { tool_name: mapped, tool_input: input, agent_tool_name: name };
}

/** A tool's result (pi's content parts) as Claude Code's tool_response: a shell call's output as its stdout. */
function toolResponse(name: string, content: unknown, isError: boolean): Record<string, unknown> {
  const text = Array.isArray(content) ? content.map((c) => (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text : '')).join('') : '';
  return name === 'bash' ? { stdout: text, stderr: '', interrupted: false, is_error: isError } : { content: text, is_error: isError };
}

/**
 * pi hands tool_result the input as it ran: a shell command wrapped in
 * continuity's wall. The records keep the command the agent asked for.
 */
function asAsked(name: string, input: Record<string, unknown>): Record<string, unknown> {
  const original = name === 'bash' && typeof input.command === 'string' ? unwrapCommand(input.command) : null;
  return original === null ? input : { ...input, command: original };
}
