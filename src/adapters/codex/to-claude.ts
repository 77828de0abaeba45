/**
 * Codex payloads as Claude Code payloads. Codex's hook vocabulary follows
 * Claude Code's (event names, `Bash` with tool_input.command, Stop's
 * stop_hook_active and last_assistant_message), so most events pass through;
 * what differs is translated here. Pure.
 */
import type { ClaudeCall } from '../bridge/types.js';
import { patchOps, patchPayloads } from '../bridge/apply-patch.js';
import type { CodexPayload, CodexPayloadOf } from './protocol.js';

/**
 * Events with the same meaning in both protocols. Any other is recorded under
 * `codex:<event>` and answered with nothing.
 *
 * Subagents (Codex 0.169.0, observed): `spawn_agent` (namespace
 * multi_agent_v1) is the dispatch; its output `{"agent_id","nickname"}` names
 * the child, whose SubagentStart and SubagentStop (with its final message)
 * carry that id as `agent_id`. The child's result reaches the parent as the
 * output of `wait_agent` (`{"status":{"<id>":{"completed":"…"}}}`) or as a
 * `<subagent_notification>` message in the parent's conversation (read from
 * its transcript by the watchdog). These become the Claude Code receipts the
 * watchdog reads: Agent (background) for the spawn, TaskOutput for a result
 * the parent waited for.
 */
const SAME_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreCompact', 'Stop', 'SubagentStart', 'SubagentStop']);

/** Codex's subagent tools; a namespaced call may arrive as `multi_agent_v1wait_agent` (0.169.0 names spawn_agent bare, wait_agent prefixed). */
export function subagentTool(name: string): 'spawn_agent' | 'wait_agent' | null {
  const m = /^(?:multi_agent_v\d+(?:__|\.|:)?)?(spawn_agent|wait_agent)$/.exec(name);
  return m ? (m[1] as 'spawn_agent' | 'wait_agent') : null;
}

/** The agent type Codex reports for a subagent spawned without one (SubagentStart's `agent_type`). */
export const CODEX_DEFAULT_AGENT_TYPE = 'default';

export function codexToClaude(p: CodexPayload): ClaudeCall {
  // Codex sends transcript_path null when there is none; Claude Code's field is a string or absent.
  const { transcript_path, ...rest } = p;
  const base: Record<string, unknown> = { ...rest, ...(typeof transcript_path === 'string' ? { transcript_path } : {}) };
  // Likewise a subagent's transcript path (SubagentStop), which Codex may send as null.
  if (base.agent_transcript_path === null) delete base.agent_transcript_path;
  const call = (payloads: Record<string, unknown>[]): ClaudeCall => ({ payloads, searchFrom: p.cwd });
  if (!SAME_EVENTS.has(p.hook_event_name)) return call([{ ...base, hook_event_name: `codex:${p.hook_event_name}` }]);
  // A subagent's first message fires UserPromptSubmit in its thread: the parent's brief, not a person's prompt.
  if (p.hook_event_name === 'UserPromptSubmit' && typeof p.agent_id === 'string' && p.agent_id !== '') return call([{ ...base, hook_event_name: 'codex:SubagentPrompt' }]);
  if (p.hook_event_name === 'PreToolUse' || p.hook_event_name === 'PostToolUse') {
    const tool = p as CodexPayloadOf<'PreToolUse'> & { tool_response?: unknown };
    const sub = subagentTool(tool.tool_name);
    if (sub === 'spawn_agent') return call([{ ...base, ...spawnAsAgent(tool.tool_input, p.hook_event_name === 'PostToolUse' ? tool.tool_response : undefined) }]);
    if (sub === 'wait_agent' && p.hook_event_name === 'PostToolUse') {
      const finished = waitResults(tool.tool_response);
      if (finished.length) return call(finished.map((f) => ({ ...base, tool_name: 'TaskOutput', tool_input: { task_id: f.agentId }, tool_response: { status: f.status }, agent_tool_name: tool.tool_name })));
    }
    if (tool.tool_name === 'apply_patch') {
      const ops = patchOps(String(tool.tool_input.command));
      // A patch that names no file changes none; it is recorded as Codex sent it.
      if (ops.length) return call(ops.flatMap((op) => patchPayloads(op).map((t) => ({ ...base, ...t, agent_tool_name: 'apply_patch' }))));
    }
  }
  return call([base]);
}

/** A `spawn_agent` call as Claude Code's background Agent call; after the call, its output as an async launch. */
export function spawnAsAgent(input: Record<string, unknown>, response: unknown): Record<string, unknown> {
  const message = typeof input.message === 'string' ? input.message : itemsText(input.items);
  const out: Record<string, unknown> = {
    tool_name: 'Agent',
    tool_input: { prompt: message, subagent_type: CODEX_DEFAULT_AGENT_TYPE, run_in_background: true },
    agent_tool_name: 'spawn_agent',
  };
  if (response !== undefined) {
    const parsed = jsonOf(response) as { agent_id?: unknown } | null;
    const agentId = typeof parsed?.agent_id === 'string' && parsed.agent_id !== '' ? parsed.agent_id : null;
    out.tool_response = agentId ? { status: 'async_launched', agentId } : { status: 'not_launched', output: response };
  }
  return out;
}

/** The agents a `wait_agent` output reports in a final status: completed, or failed (errored, shut down, not found). */
export function waitResults(response: unknown): { agentId: string; status: 'completed' | 'failed' }[] {
  const parsed = jsonOf(response) as { status?: unknown } | null;
  if (!parsed?.status || typeof parsed.status !== 'object') return [];
  const out: { agentId: string; status: 'completed' | 'failed' }[] = [];
  for (const [agentId, state] of Object.entries(parsed.status as Record<string, unknown>)) {
    const key = typeof state === 'string' ? state : state && typeof state === 'object' ? Object.keys(state)[0] : undefined;
    if (!key || /^(pending_?init|running|interrupted)$/i.test(key)) continue;
    out.push({ agentId, status: key === 'completed' ? 'completed' : 'failed' });
  }
  return out;
}

function itemsText(items: unknown): string | null {
  if (!Array.isArray(items)) return null;
  const text = items.map((i) => (i && typeof i === 'object' && typeof (i as { text?: unknown }).text === 'string' ? (i as { text: string }).text : '')).join('\n').trim();
  return text || null;
}

/** Codex hands tool outputs to hooks as the text the model sees: JSON for its own tools. */
function jsonOf(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}
