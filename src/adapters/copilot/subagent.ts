/**
 * Copilot CLI's subagents (its `task` tool, named `Agent` in hook payloads)
 * as Claude Code's. Observed on 1.0.102 (test/fixtures/agents/copilot-1.0.102/,
 * `subagent-*`): a subagent's own hook calls carry `agent_id`,
 * `agent_type` and `parent_agent_id`, with the subagent's id as their
 * `session_id`; it opens with a UserPromptSubmit of its brief and ends with
 * a Stop of its own, and then the parent's session gets SubagentStop (the
 * child's `last_assistant_message`) and the `task` call's PostToolUse. The
 * call's input names the type `agent_type` and a background run `mode:
 * "background"` where Claude Code has `subagent_type` and
 * `run_in_background`; no tool call id is handed over. Its SubagentStart
 * is not wired: its payload names no event and is in other field names
 * (`sessionId`, `agentName`; subagent-start.json). Pure.
 */
import { createHash } from 'node:crypto';

export interface SubagentCall {
  agentId: string;
  parent: string;
  agentType: string | null;
}

/** A hook call made inside a subagent, or null. */
export function subagentCall(p: Record<string, unknown>): SubagentCall | null {
  const agentId = p.agent_id;
  const parent = p.parent_agent_id;
  if (typeof agentId !== 'string' || agentId === '' || typeof parent !== 'string' || parent === '' || p.session_id !== agentId) return null;
  return { agentId, parent, agentType: typeof p.agent_type === 'string' ? p.agent_type : null };
}

/**
 * The subagent's own call as the main session's, as Claude Code hands it
 * over: a tool call keeps its `agent_id` (the guards judge it, the delivery
 * watchdog leaves it to its parent); the brief it opens with is its start
 * (SubagentStart), never a prompt of the person's; its own Stop is said
 * again by the parent's SubagentStop, which carries its last answer, and is
 * left to that one (a subagent is not held at a task boundary of the plan).
 */
export function asParentCall(p: Record<string, unknown>, child: SubagentCall): Record<string, unknown> | null {
  switch (p.hook_event_name) {
    case 'UserPromptSubmit':
      return { hook_event_name: 'SubagentStart', session_id: child.parent, cwd: p.cwd, agent_id: child.agentId, ...(child.agentType ? { agent_type: child.agentType } : {}), agent_event_name: 'UserPromptSubmit' };
    case 'Stop':
      return null;
    default:
      return { ...p, session_id: child.parent };
  }
}

/** The `task` call's input with Claude Code's names for the subagent's type and a background run. */
export function agentInput(input: Record<string, unknown>): Record<string, unknown> {
  return {
    ...input,
    ...(typeof input.agent_type === 'string' ? { subagent_type: input.agent_type } : {}),
    ...(input.mode === 'background' ? { run_in_background: true } : {}),
  };
}

/**
 * The call's id, which Copilot CLI does not hand over: the same for its
 * PreToolUse and PostToolUse (the session and the input, as asked), so that
 * the dispatch and its result pair up. Two identical dispatches in one
 * session share it: the second is taken for the first.
 */
export function agentCallId(sessionId: string, input: Record<string, unknown>): string {
  return `copilot-task-${createHash('sha256').update(`${sessionId}\n${JSON.stringify(input)}`).digest('hex').slice(0, 24)}`;
}

/**
 * The `task` call's result as Claude Code's `tool_response`: a subagent run
 * in the foreground hands back its answer (`completed`, the result reached
 * the parent); a background one only its start (`async_launched`).
 */
export function agentResponse(input: Record<string, unknown>, result: unknown): Record<string, unknown> {
  const r = result && typeof result === 'object' ? (result as Record<string, unknown>) : {};
  const text = typeof r.text_result_for_llm === 'string' ? r.text_result_for_llm : '';
  // 1.0.102 says "Agent started in background with agent_id: <id>": the child named with its call.
  const agentId = /\bagent_id: ([\w-]+)/.exec(text)?.[1];
  if (input.mode === 'background') return { status: 'async_launched', ...(agentId ? { agentId } : {}), content: [{ type: 'text', text }] };
  return { status: r.result_type === 'success' ? 'completed' : String(r.result_type ?? 'failed'), content: [{ type: 'text', text }] };
}

/**
 * `read_agent` (its result: the agent's status, then its turns) as Claude
 * Code's TaskOutput: a background run's result fetched by the parent itself
 * once the agent is `idle` (its turn ended, waiting for messages) or
 * `completed`; `running` is not a result yet.
 */
export function readAgentInput(input: Record<string, unknown>): Record<string, unknown> {
  return typeof input.agent_id === 'string' ? { ...input, task_id: input.agent_id } : input;
}

export function readAgentResponse(result: unknown): Record<string, unknown> {
  const r = result && typeof result === 'object' ? (result as Record<string, unknown>) : {};
  const text = typeof r.text_result_for_llm === 'string' ? r.text_result_for_llm : '';
  const said = /\bstatus: (\w+)/.exec(text)?.[1] ?? 'unknown';
  const status = said === 'idle' || said === 'completed' ? 'completed' : said === 'cancelled' ? 'killed' : said;
  return { status, content: [{ type: 'text', text }] };
}
