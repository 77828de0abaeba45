/**
 * Copilot CLI payloads as Claude Code payloads. Wired under their PascalCase
 * names, Copilot CLI's events already carry Claude Code's event names, field
 * names and tool names (protocol.ts); what differs is each tool's input
 * (`path`, `file_text`, `old_str`, … where Claude Code has `file_path`,
 * `content`, `old_string`, …), a shell command continuity's wall wrapped
 * (PostToolUse hands over the input as it ran), and the session's record,
 * which only Stop names (the path is Copilot CLI's own, from its home); a
 * subagent's calls and its `task` call (subagent.ts). Pure.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { unwrapCommand } from '../../wall/bwrap.js';
import type { ClaudeCall } from '../bridge/types.js';
import type { CopilotPayload } from './protocol.js';
import { agentCallId, agentInput, agentResponse, asParentCall, readAgentInput, readAgentResponse, subagentCall } from './subagent.js';

export function copilotToClaude(p: CopilotPayload, env: NodeJS.ProcessEnv): ClaudeCall {
  // Copilot CLI sets COPILOT_PROJECT_DIR for its hooks; the payload's cwd is the same directory.
  const searchFrom = env.COPILOT_PROJECT_DIR || p.cwd;
  const { timestamp: _timestamp, ...rest } = p;
  const payload: Record<string, unknown> = { ...rest, agent_event_name: p.hook_event_name };
  // A subagent's calls name its own id as their session; the record is its parent's.
  const record = sessionRecord(subagentCall(p)?.parent ?? p.session_id, env);
  if (typeof payload.transcript_path !== 'string' && record) payload.transcript_path = record;
  const tool = p as { tool_name?: string; tool_input?: Record<string, unknown>; tool_result?: unknown };
  if (typeof tool.tool_name === 'string') {
    const asked = p.hook_event_name === 'PreToolUse' ? tool.tool_input ?? {} : asAsked(tool.tool_name, tool.tool_input ?? {});
    Object.assign(payload, claudeTool(tool.tool_name, asked, p.cwd));
    if (tool.tool_name === 'Agent') {
      // The subagent's dispatch and its result pair up by an id of the call, as Claude Code's do by tool_use_id.
      payload.tool_use_id = agentCallId(p.session_id, asked);
      if (p.hook_event_name === 'PostToolUse') payload.tool_response = agentResponse(asked, tool.tool_result);
    }
    if (tool.tool_name === 'read_agent' && p.hook_event_name === 'PostToolUse') payload.tool_response = readAgentResponse(tool.tool_result);
  }
  const child = subagentCall(payload);
  if (child) {
    const asParent = asParentCall(payload, child);
    return { payloads: asParent ? [asParent] : [], searchFrom };
  }
  return { payloads: [payload], searchFrom };
}

/**
 * The session's record, `events.jsonl` under Copilot CLI's state folder
 * (`$COPILOT_HOME`, else `~/.copilot`): named in Stop's payload, found the
 * same way for the events that do not name it. Null without a home.
 */
export function sessionRecord(sessionId: string, env: NodeJS.ProcessEnv): string | null {
  if (!/^[\w-]+$/.test(sessionId)) return null;
  const home = env.COPILOT_HOME && isAbsolute(env.COPILOT_HOME) ? env.COPILOT_HOME : env.HOME && isAbsolute(env.HOME) ? join(env.HOME, '.copilot') : null;
  return home ? join(home, 'session-state', sessionId, 'events.jsonl') : null;
}

/** A Copilot CLI tool call (named by its Claude tool name) with Claude Code's input fields. */
export function claudeTool(name: string, input: Record<string, unknown>, cwd: string): { tool_name: string; tool_input: Record<string, unknown>; cwd: string } {
  const path = typeof input.path === 'string' && input.path !== '' ? (isAbsolute(input.path) ? input.path : resolve(cwd, input.path)) : null;
  const { path: _path, ...others } = input;
  switch (name) {
    case 'Write':
      return { tool_name: 'Write', tool_input: path ? { ...others, file_path: path, content: input.file_text ?? '' } : input, cwd };
    case 'Edit':
      return { tool_name: 'Edit', tool_input: path ? { ...others, file_path: path, old_string: input.old_str ?? '', new_string: input.new_str ?? '' } : input, cwd };
    case 'Read':
      return { tool_name: 'Read', tool_input: path ? { ...others, file_path: path } : input, cwd };
    case 'Agent':
      return { tool_name: 'Agent', tool_input: agentInput(input), cwd };
    case 'read_agent':
      return { tool_name: 'TaskOutput', tool_input: readAgentInput(input), cwd };
    case 'Bash':
      // `mode: "async"` is the bash tool's own background shell, kept and ended by the session, as Claude Code's run_in_background.
      return { tool_name: 'Bash', tool_input: input.mode === 'async' && input.detach !== true ? { ...input, run_in_background: true } : input, cwd };
    default:
      return { tool_name: name, tool_input: input, cwd };
  }
}

/**
 * After the call Copilot CLI hands over the input as it ran: a shell command
 * wrapped in continuity's wall. The records keep the command the agent asked
 * for, as PreToolUse had it, so that the two pair up.
 */
function asAsked(name: string, input: Record<string, unknown>): Record<string, unknown> {
  const original = name === 'Bash' && typeof input.command === 'string' ? unwrapCommand(input.command) : null;
  return original === null ? input : { ...input, command: original };
}
