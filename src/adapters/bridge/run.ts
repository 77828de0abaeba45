import { findProjectRoot } from '../../ledger/project-root.js';
import { handlePayload, refuseFromToolCall, validatePayload } from '../../hooks/handle.js';
import { startedInsideToolCall } from '../../hooks/trust/hook-client.js';
import { mergeAnswers } from './merge.js';
import { sourceOf, type AgentAdapter, type AgentAnswer } from './types.js';

/**
 * One hook call from another agent: validate its payload, translate it into
 * the hook events the rules read (src/hooks/, in Claude Code's field names),
 * let the rules decide and record each (as this agent's event), and restate
 * the merged answer in the agent's protocol. Throws PayloadError for a
 * payload the agent's schema rejects.
 */
export async function runAgentHook<P>(adapter: AgentAdapter<P>, raw: string, opts: { env: NodeJS.ProcessEnv; now: string; cwd: string }): Promise<AgentAnswer> {
  const payload = adapter.parse(raw);
  const call = adapter.toClaude(payload, opts.env);
  const env = projectEnv(opts.env, call.searchFrom);
  // Where the client runs its hooks and its tool calls in different sessions, a hook started inside a tool call is made up.
  if (adapter.toolCallsInOwnSession && startedInsideToolCall()) {
    refuseFromToolCall(env.CLAUDE_PROJECT_DIR ?? null, call.payloads[0] ?? {}, opts.now, sourceOf(adapter.name));
  }
  const outputs: (Record<string, unknown> | null)[] = [];
  for (const p of call.payloads) {
    const outcome = await handlePayload(validatePayload(p), { env, now: opts.now, fallbackCwd: opts.cwd, source: sourceOf(adapter.name) });
    outputs.push(outcome.output);
  }
  return adapter.fromClaude(payload, mergeAnswers(outputs));
}

/**
 * The environment the rules see. CLAUDE_PROJECT_DIR is Claude Code's to
 * set: here it is the root found from the agent's own project
 * directory, or absent (a value inherited from elsewhere must not pick the
 * project).
 */
export function projectEnv(env: NodeJS.ProcessEnv, searchFrom: string | null): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  delete out.CLAUDE_PROJECT_DIR;
  if (searchFrom) out.CLAUDE_PROJECT_DIR = findProjectRoot(searchFrom, {});
  return out;
}
