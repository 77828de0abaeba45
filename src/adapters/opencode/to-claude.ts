/**
 * The OpenCode plugin's hook calls as Claude Code payloads: the hook mapped
 * to the event with the same meaning, OpenCode's tools to Claude Code's
 * tools that do the same (their argument names with them), a shell call's
 * `workdir` folded into `cwd`. Pure.
 *
 * Subagents: OpenCode's `task` tool runs a child session in the foreground
 * and returns its answer as the tool's output, as Claude Code's Agent tool
 * does. So `task` is `Agent` (PreToolUse: the dispatch; PostToolUse: the
 * result reaching the caller, `completed` when OpenCode says so), the
 * child's first prompt is SubagentStart and its last step's text is
 * SubagentStop, both in the caller's session and naming the child's session
 * as `agent_id`: the delivery watchdog then follows them as Claude Code's.
 */
import { isAbsolute, resolve } from 'node:path';
import { unwrapCommand } from '../../wall/bwrap.js';
import { patchOps, patchPayloads } from '../bridge/apply-patch.js';
import type { ClaudeCall } from '../bridge/types.js';
import type { OpenCodePayload, OpenCodePayloadOf } from './protocol.js';

const EVENTS: Record<string, string> = {
  'session.created': 'SessionStart',
  'chat.message': 'UserPromptSubmit',
  'tool.execute.before': 'PreToolUse',
  'tool.execute.after': 'PostToolUse',
  // The plugin sends it only for a step of the assistant's that started no tool call: the turn ends after it.
  'experimental.text.complete': 'Stop',
  'experimental.session.compacting': 'PreCompact',
  // The plugin sends it with the first model request after a compaction: the ledger's truth, as after Claude Code's.
  'session.compacted': 'SessionStart',
};

/** OpenCode's tool names → Claude Code's, where they do the same thing (unlisted names pass unchanged). */
export const TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: 'Bash',
  write: 'Write',
  edit: 'Edit',
  read: 'Read',
  glob: 'Glob',
  grep: 'Grep',
  webfetch: 'WebFetch',
  todowrite: 'TodoWrite',
};

export function openCodeToClaude(p: OpenCodePayload): ClaudeCall {
  const searchFrom = p.directory;
  const base = { session_id: p.input.sessionID, cwd: p.directory, agent_event_name: p.hook_event_name };
  const event = EVENTS[p.hook_event_name];
  if (!event) return { payloads: [{ ...base, hook_event_name: `opencode:${p.hook_event_name}` }], searchFrom };
  switch (p.hook_event_name) {
    case 'session.created':
      return { payloads: [{ ...base, hook_event_name: event, source: 'startup' }], searchFrom };
    case 'session.compacted':
      return { payloads: [{ ...base, hook_event_name: event, source: 'compact' }], searchFrom };
    case 'chat.message': {
      const m = p as OpenCodePayloadOf<'chat.message'>;
      // A subagent's prompt is written by the model that called the task tool: recorded, never read as the person's;
      // and the child is active, in its caller's session.
      if (m.parent_session) {
        const agentType = typeof m.input.agent === 'string' ? { agent_type: m.input.agent } : {};
        return {
          payloads: [
            { ...base, hook_event_name: 'opencode:subagent-prompt', parent_session: m.parent_session, prompt: promptOf(m) },
            { ...base, session_id: m.parent_session, hook_event_name: 'SubagentStart', agent_id: p.input.sessionID, ...agentType },
          ],
          searchFrom,
        };
      }
      return { payloads: [{ ...base, hook_event_name: event, prompt: promptOf(m) }], searchFrom };
    }
    case 'experimental.text.complete': {
      const s = p as OpenCodePayloadOf<'experimental.text.complete'>;
      // A subagent's last step: the child is done, its final answer captured (its stop is not the caller's turn ending).
      if (s.parent_session) {
        const agentType = s.agent ? { agent_type: s.agent } : {};
        return { payloads: [{ ...base, session_id: s.parent_session, hook_event_name: 'SubagentStop', agent_id: p.input.sessionID, ...agentType, stop_hook_active: false, last_assistant_message: s.output.text }], searchFrom };
      }
      return { payloads: [{ ...base, hook_event_name: event, stop_hook_active: s.stop_hook_active, last_assistant_message: s.output.text }], searchFrom };
    }
    case 'experimental.session.compacting':
      return { payloads: [{ ...base, hook_event_name: event, trigger: 'auto' }], searchFrom };
    case 'tool.execute.before': {
      const t = p as OpenCodePayloadOf<'tool.execute.before'>;
      return { payloads: toolPayloads(t.input.tool, t.output.args ?? {}, p.directory).map((c) => ({ ...base, ...c, hook_event_name: event, ...(t.input.callID ? { tool_use_id: t.input.callID } : {}) })), searchFrom };
    }
    case 'tool.execute.after': {
      const t = p as OpenCodePayloadOf<'tool.execute.after'>;
      const response = t.input.tool === 'task' ? taskResponse(t.output) : t.output?.output;
      return {
        payloads: toolPayloads(t.input.tool, asAsked(t.input.tool, t.input.args ?? {}), p.directory).map((c) => ({
          ...base,
          ...c,
          hook_event_name: event,
          ...(t.input.callID ? { tool_use_id: t.input.callID } : {}),
          tool_response: typeof response === 'string' ? response : (response ?? null),
        })),
        searchFrom,
      };
    }
    default:
      return { payloads: [{ ...base, hook_event_name: event }], searchFrom };
  }
}

/** What the person typed: the message's own text parts (OpenCode marks the text it adds itself `synthetic`). */
export function promptOf(p: OpenCodePayloadOf<'chat.message'>): string {
  const texts: string[] = [];
  for (const part of p.output.parts) if (part.type === 'text' && typeof part.text === 'string' && part.synthetic !== true) texts.push(part.text);
  return texts.join('\n');
}

/** An OpenCode tool call as the Claude Code tool calls that do the same (a patch: one per file it touches). */
export function toolPayloads(name: string, args: Record<string, unknown>, directory: string): { tool_name: string; tool_input: Record<string, unknown>; cwd: string; agent_tool_name: string }[] {
  const one = (tool_name: string, tool_input: Record<string, unknown>, cwd = directory) => ({ tool_name, tool_input, cwd, agent_tool_name: name });
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  switch (name) {
    case 'bash': {
      // The command runs in `workdir` when the model names one (relative to the project folder).
      const dir = str(args.workdir);
      return [one('Bash', args, dir ? (isAbsolute(dir) ? dir : resolve(directory, dir)) : directory)];
    }
    case 'write':
      return [one('Write', defined({ file_path: str(args.filePath), content: args.content }))];
    case 'edit':
      return [one('Edit', defined({ file_path: str(args.filePath), old_string: args.oldString, new_string: args.newString, replace_all: args.replaceAll }))];
    case 'read':
      return [one('Read', defined({ file_path: str(args.filePath), offset: args.offset, limit: args.limit }))];
    case 'grep':
      return [one('Grep', defined({ pattern: args.pattern, path: args.path, glob: args.include }))];
    case 'apply_patch': {
      const text = str(args.patchText) ?? '';
      const ops = patchOps(text);
      // A patch naming no file is judged as the text it is (the guards see no write).
      return ops.length ? ops.flatMap((op) => patchPayloads(op).map((c) => one(c.tool_name, c.tool_input))) : [one('apply_patch', args)];
    }
    case 'task':
      // Claude Code's Agent tool: the same fields, and a foreground run (OpenCode's task tool waits for the child).
      return [one('Agent', defined({ description: args.description, prompt: args.prompt, subagent_type: args.subagent_type }))];
    default:
      return [one(TOOL_NAMES[name] ?? name, args)];
  }
}

/**
 * The `task` tool's output as Claude Code's Agent tool response: the child's
 * session as `agentId`, OpenCode's state of the run (`completed`, …) as
 * `status`, the text the caller's model reads as `content`.
 */
export function taskResponse(output: { output?: unknown; metadata?: unknown } | null | undefined): Record<string, unknown> | null {
  if (!output) return null;
  const text = typeof output.output === 'string' ? output.output : '';
  const meta = output.metadata && typeof output.metadata === 'object' ? (output.metadata as Record<string, unknown>) : {};
  const child = typeof meta.sessionId === 'string' && meta.sessionId !== '' ? meta.sessionId : null;
  const state = /^<task\b[^>]*\bstate="([a-z_]+)"/.exec(text)?.[1] ?? null;
  return { ...(child ? { agentId: child } : {}), ...(state ? { status: state } : {}), content: text };
}

/**
 * After the call OpenCode hands over the arguments as they ran: a shell
 * command wrapped in continuity's wall. The records keep the command the
 * agent asked for, as the call's PreToolUse had it.
 */
function asAsked(name: string, args: Record<string, unknown>): Record<string, unknown> {
  const original = name === 'bash' && typeof args.command === 'string' ? unwrapCommand(args.command) : null;
  return original === null ? args : { ...args, command: original };
}
