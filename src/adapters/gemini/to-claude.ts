/**
 * Gemini CLI payloads as Claude Code payloads: event and tool names mapped
 * as Gemini CLI's own migration table maps them, a shell command's
 * directory folded into `cwd`, AfterAgent's response as the Stop's last
 * assistant message. Pure.
 */
import { isAbsolute, resolve } from 'node:path';
import { unwrapCommand } from '../../wall/bwrap.js';
import type { ClaudeCall } from '../bridge/types.js';
import type { GeminiPayload, GeminiPayloadOf } from './protocol.js';

const EVENTS: Record<string, string> = {
  SessionStart: 'SessionStart',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  PreCompress: 'PreCompact',
};

/** Gemini CLI tool names → Claude Code's, where they do the same thing (unlisted names pass unchanged). */
export const TOOL_NAMES: Readonly<Record<string, string>> = {
  run_shell_command: 'Bash',
  write_file: 'Write',
  replace: 'Edit',
  read_file: 'Read',
  read_many_files: 'Read',
  glob: 'Glob',
  search_file_content: 'Grep',
  grep_search: 'Grep',
  list_directory: 'LS',
  google_web_search: 'WebSearch',
  web_fetch: 'WebFetch',
  write_todos: 'TodoWrite',
};

export function geminiToClaude(p: GeminiPayload, env: NodeJS.ProcessEnv): ClaudeCall {
  // GEMINI_PROJECT_DIR is what Gemini CLI sets for hooks; the payload's cwd is the same directory.
  const searchFrom = env.GEMINI_PROJECT_DIR || p.cwd;
  const { transcript_path, timestamp: _timestamp, ...rest } = p;
  const base: Record<string, unknown> = { ...rest, ...(typeof transcript_path === 'string' ? { transcript_path } : {}) };
  const claudeEvent = EVENTS[p.hook_event_name];
  if (!claudeEvent) return { payloads: [{ ...base, hook_event_name: `gemini:${p.hook_event_name}` }], searchFrom };
  const payload: Record<string, unknown> = { ...base, hook_event_name: claudeEvent, agent_event_name: p.hook_event_name };
  if (typeof payload.prompt === 'string') payload.prompt = withoutHookContext(payload.prompt);
  if (p.hook_event_name === 'AfterAgent') {
    const stop = p as GeminiPayloadOf<'AfterAgent'>;
    payload.stop_hook_active = stop.stop_hook_active;
    payload.last_assistant_message = stop.prompt_response ?? null;
    delete payload.prompt_response;
  }
  if (p.hook_event_name === 'BeforeTool' || p.hook_event_name === 'AfterTool') {
    const tool = p as GeminiPayloadOf<'BeforeTool'>;
    Object.assign(payload, claudeTool(tool.tool_name, p.hook_event_name === 'AfterTool' ? asAsked(tool.tool_name, tool.tool_input) : tool.tool_input, p.cwd));
  }
  return { payloads: [payload], searchFrom };
}

/** A Gemini CLI tool call as the Claude Code tool call that does the same. */
export function claudeTool(name: string, input: Record<string, unknown>, cwd: string): { tool_name: string; tool_input: Record<string, unknown>; cwd: string; agent_tool_name?: string } {
  const mapped = TOOL_NAMES[name];
  if (!mapped) return { tool_name: name, tool_input: input, cwd };
  if (name === 'run_shell_command') {
    // The command runs in `directory` (older) or `dir_path` (newer), relative to the project root.
    const dir = [input.dir_path, input.directory].find((d): d is string => typeof d === 'string' && d !== '');
    return { tool_name: 'Bash', tool_input: input, cwd: dir ? (isAbsolute(dir) ? dir : resolve(cwd, dir)) : cwd, agent_tool_name: name };
  }
  return { tool_name: mapped, tool_input: input, cwd, agent_tool_name: name };
}

/**
 * Gemini CLI (0.61.0, observed) puts SessionStart's additionalContext in
 * front of the first prompt as `<hook_context>…</hook_context>` and hands
 * BeforeAgent and AfterAgent that prompt: the person's own words are what
 * follows the leading hook context blocks.
 */
export function withoutHookContext(prompt: string): string {
  let rest = prompt;
  for (let m = /^\s*<hook_context>[\s\S]*?<\/hook_context>\s*/.exec(rest); m; m = /^\s*<hook_context>[\s\S]*?<\/hook_context>\s*/.exec(rest)) rest = rest.slice(m[0].length);
  return rest;
}

/**
 * After the call Gemini CLI hands over the input as it ran: a shell command
 * wrapped in continuity's wall. The records keep the command the agent asked
 * for, as the BeforeTool event had it (one layer off: a command the agent
 * wrapped itself stays as it wrote it).
 */
function asAsked(name: string, input: Record<string, unknown>): Record<string, unknown> {
  const original = name === 'run_shell_command' && typeof input.command === 'string' ? unwrapCommand(input.command) : null;
  return original === null ? input : { ...input, command: original };
}
