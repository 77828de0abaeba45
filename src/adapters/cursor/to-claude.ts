/**
 * Cursor payloads as Claude Code payloads. The conversation is the session;
 * a shell command is a Bash call; a finished file edit is a MultiEdit call
 * that already ran; a completed stop is Stop, its loop_count the stop-hook
 * flag. Pure.
 */
import type { ClaudeCall } from '../bridge/types.js';
import type { CursorPayload, CursorPayloadOf } from './protocol.js';

export function cursorToClaude(p: CursorPayload, env: NodeJS.ProcessEnv): ClaudeCall {
  const workspace = p.workspace_roots[0] ?? null;
  const searchFrom = env.CURSOR_PROJECT_DIR || workspace;
  const base: Record<string, unknown> = {
    session_id: p.conversation_id,
    ...(workspace ? { cwd: workspace } : {}),
    ...(typeof p.transcript_path === 'string' ? { transcript_path: p.transcript_path } : {}),
    agent_event_name: p.hook_event_name,
    ...(p.generation_id ? { generation_id: p.generation_id } : {}),
  };
  const one = (payload: Record<string, unknown>): ClaudeCall => ({ payloads: [payload], searchFrom });
  switch (p.hook_event_name) {
    case 'sessionStart':
      return one({ ...base, hook_event_name: 'SessionStart', source: 'startup' });
    case 'beforeSubmitPrompt':
      return one({ ...base, hook_event_name: 'UserPromptSubmit', prompt: (p as CursorPayloadOf<'beforeSubmitPrompt'>).prompt });
    case 'beforeShellExecution':
    case 'afterShellExecution': {
      const shell = p as CursorPayloadOf<'afterShellExecution'>;
      const before = p.hook_event_name === 'beforeShellExecution';
      return one({
        ...base,
        ...(shell.cwd ? { cwd: shell.cwd } : {}),
        hook_event_name: before ? 'PreToolUse' : 'PostToolUse',
        tool_name: 'Bash',
        tool_input: { command: shell.command },
        ...(before ? {} : { tool_response: { output: shell.output ?? null } }),
      });
    }
    case 'afterFileEdit': {
      const edit = p as CursorPayloadOf<'afterFileEdit'>;
      return one({
        ...base,
        hook_event_name: 'PostToolUse',
        tool_name: 'MultiEdit',
        tool_input: { file_path: edit.file_path, edits: edit.edits.map((e) => ({ old_string: e.old_string, new_string: e.new_string })) },
        tool_response: {},
      });
    }
    case 'preCompact': {
      const trigger = (p as CursorPayloadOf<'preCompact'>).trigger;
      return one({ ...base, hook_event_name: 'PreCompact', ...(trigger ? { trigger } : {}) });
    }
    case 'stop': {
      const stop = p as CursorPayloadOf<'stop'>;
      // An aborted or failed loop is not the agent choosing to stop: recorded, never gated.
      if (stop.status !== 'completed') return one({ ...base, hook_event_name: `cursor:stop-${stop.status}`, loop_count: stop.loop_count });
      // Cursor's stop carries no final message: a closure is declared with `continuity closure`.
      return one({ ...base, hook_event_name: 'Stop', stop_hook_active: stop.loop_count > 0, loop_count: stop.loop_count });
    }
    default:
      return one({ ...base, hook_event_name: `cursor:${p.hook_event_name}` });
  }
}
