/**
 * The watchdog's tool rules, loaded only when their cheap `wants` said yes
 * (tool-rules.ts). Receipts are recorded in the hook call's own transaction.
 */
import { loadRun } from '../../app/watchdog-runs.js';
import { isDelivered } from '../../domain/watchdog.js';
import { runByChild, runByToolUse } from '../../ledger/runs.js';
import { agentOfSource } from '../source.js';
import type { ToolPayload } from '../tool-rules.js';
import type { HandlerResult, HookContext } from '../types.js';
import { agentIdOf, readAgentInput, recordAgentToolResult, recordDispatchIntent, recordTaskOutput, statusOf } from './record.js';
import { watchdogAt, withWatchdog } from './step.js';
import { AGENT_TOOLS } from './tool-names.js';

/** PreToolUse of Agent|Task: the dispatch intent (brief, description, type). */
export function handleAgentDispatch(ctx: HookContext<ToolPayload>): HandlerResult {
  const { payload, now, config } = ctx;
  const agent = agentOfSource(ctx.source);
  const dispatch = readAgentInput(payload.tool_input);
  const toolUseId = payload.tool_use_id ?? null;
  return {
    output: null,
    decision: { action: 'dispatch_recorded', toolUseId, agentType: dispatch.agentType, description: dispatch.description, background: dispatch.background },
    persist: (db) => void recordDispatchIntent(db, { sessionId: payload.session_id, now, config, agent, toolUseId, dispatch }),
  };
}

/** PostToolUse of Agent|Task (launched or completed) and of TaskOutput. */
export function handleAgentResult(ctx: HookContext<ToolPayload>): HandlerResult {
  const { payload, now, config, ledger } = ctx;
  const agent = agentOfSource(ctx.source);
  const response = (payload as { tool_response?: unknown }).tool_response;
  if (!AGENT_TOOLS.has(payload.tool_name)) {
    const input = payload.tool_input ?? {};
    const taskId = typeof input.task_id === 'string' ? input.task_id : typeof input.agentId === 'string' ? input.agentId : null;
    if (!taskId || !finished(response)) return { output: null, decision: { action: 'none' } };
    const known = runByChild(ledger.db, taskId);
    return {
      output: null,
      decision: { action: known ? 'completion_recorded' : 'none', runId: known?.runId ?? null, resultSource: 'task_output' },
      persist: (db) => void recordTaskOutput(db, { sessionId: payload.session_id, now, config, agent, taskId }),
    };
  }
  const toolUseId = payload.tool_use_id ?? null;
  const agentId = agentIdOf(response);
  const status = statusOf(response);
  const existing = (toolUseId ? runByToolUse(ledger.db, toolUseId) : null) ?? (agentId ? runByChild(ledger.db, agentId) : null);
  const alreadyDelivered = existing ? isDelivered(loadRun(ledger.db, existing.runId)!.run) : false;
  return {
    output: null,
    decision: {
      action: status === 'completed' ? 'completion_recorded' : status === 'async_launched' ? 'launch_recorded' : 'recorded',
      runId: existing?.runId ?? null,
      agentId,
      status,
      ...(status === 'completed' && alreadyDelivered ? { duplicate: true } : {}),
    },
    persist: (db) => void recordAgentToolResult(db, { sessionId: payload.session_id, now, config, agent, toolUseId, dispatch: readAgentInput(payload.tool_input), response }),
  };
}

/** PostToolUse of any other tool while a run is open: a lost result reaches the agent as additionalContext. */
export async function handleDeliveryPoint(ctx: HookContext<ToolPayload>): Promise<HandlerResult> {
  const pass = await watchdogAt(ctx, 'PostToolUse', { canAct: true, userVisible: false });
  return withWatchdog({ output: null, decision: { action: 'none' } }, pass, 'PostToolUse');
}

/** A TaskOutput response for a subagent that has finished (not one still running). */
function finished(response: unknown): boolean {
  const text = typeof response === 'string' ? response : JSON.stringify(response ?? null);
  return /"status"\s*:\s*"(completed|failed|killed)"|<status>(completed|failed|killed)<\/status>/.test(text);
}
