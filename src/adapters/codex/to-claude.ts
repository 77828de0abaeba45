/**
 * Codex payloads as Claude Code payloads. Codex's hook vocabulary follows
 * Claude Code's (event names, `Bash` with tool_input.command, Stop's
 * stop_hook_active and last_assistant_message), so most events pass through;
 * what differs is translated here. Pure.
 */
import type { ClaudeCall } from '../bridge/types.js';
import { patchOps, type PatchOp } from './apply-patch.js';
import type { CodexPayload, CodexPayloadOf } from './protocol.js';

/**
 * Events with the same meaning in both protocols. Any other is recorded under
 * `codex:<event>` and answered with nothing. SubagentStart and SubagentStop
 * are among the others: the delivery watchdog pairs a child's receipts with
 * the dispatch and the hand-over to the main conversation that Claude Code's
 * Agent tool reports, and Codex's subagent tools report neither, so a
 * finished Codex child would always look undelivered.
 */
const SAME_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreCompact', 'Stop']);

export function codexToClaude(p: CodexPayload): ClaudeCall {
  // Codex sends transcript_path null when there is none; Claude Code's field is a string or absent.
  const { transcript_path, ...rest } = p;
  const base: Record<string, unknown> = { ...rest, ...(typeof transcript_path === 'string' ? { transcript_path } : {}) };
  const call = (payloads: Record<string, unknown>[]): ClaudeCall => ({ payloads, searchFrom: p.cwd });
  if (!SAME_EVENTS.has(p.hook_event_name)) return call([{ ...base, hook_event_name: `codex:${p.hook_event_name}` }]);
  if (p.hook_event_name === 'PreToolUse' || p.hook_event_name === 'PostToolUse') {
    const tool = p as CodexPayloadOf<'PreToolUse'> & { tool_response?: unknown };
    if (tool.tool_name === 'apply_patch') {
      const ops = patchOps(String(tool.tool_input.command));
      // A patch that names no file changes none; it is recorded as Codex sent it.
      if (ops.length) return call(ops.flatMap((op) => patchPayloads(op).map((t) => ({ ...base, ...t, agent_tool_name: 'apply_patch' }))));
    }
  }
  return call([base]);
}

/** One patch operation as the Claude Code file tools that do the same. */
export function patchPayloads(op: PatchOp): { tool_name: string; tool_input: Record<string, unknown> }[] {
  switch (op.kind) {
    case 'add':
      return [{ tool_name: 'Write', tool_input: { file_path: op.path, content: op.content } }];
    case 'delete':
      // Claude Code has no delete tool; emptying the file is what a guard has to judge.
      return [{ tool_name: 'Write', tool_input: { file_path: op.path, content: '', patch_op: 'delete' } }];
    case 'update': {
      const edit = { tool_name: 'Edit', tool_input: { file_path: op.path, old_string: op.removed, new_string: op.added } };
      if (!op.moveTo) return [edit];
      return [
        { tool_name: 'Edit', tool_input: { ...edit.tool_input, patch_op: 'move-from' } },
        { tool_name: 'Write', tool_input: { file_path: op.moveTo, content: op.added, patch_op: 'move-to' } },
      ];
    }
  }
}
