/**
 * The delivery watchdog's tool rules (docs/watchdog.md). Loaded with every
 * tool hook, so only cheap checks live here: tool names, whether the call
 * comes from inside a subagent, and the hot state's count of open runs.
 */
import type { HotState } from '../../ledger/hot-state.js';
import type { ToolPayload, ToolRule } from '../tool-rules.js';

/** The tool that dispatches a subagent (`Task` before Claude Code 2.1). */
export const AGENT_TOOLS: ReadonlySet<string> = new Set(['Agent', 'Task']);
/** Tools that read a background subagent's output. */
export const OUTPUT_TOOLS: ReadonlySet<string> = new Set(['TaskOutput', 'AgentOutputTool']);

/** A hook call made inside a subagent carries its agent_id; the watchdog acts for the main conversation only. */
export function fromSubagent(p: object): boolean {
  const id = (p as { agent_id?: unknown }).agent_id;
  return typeof id === 'string' && id !== '';
}

/** PreToolUse of Agent|Task: the dispatch intent. */
export const WATCHDOG_DISPATCH_RULE: ToolRule = {
  name: 'watchdog-dispatch',
  wants: (p) => AGENT_TOOLS.has(p.tool_name) && !fromSubagent(p),
  load: async () => (await import('../deciders.js')).handleAgentDispatch,
};

/** PostToolUse of Agent|Task (launch or completion) and of TaskOutput (a result read by the agent). */
export const WATCHDOG_RESULT_RULE: ToolRule = {
  name: 'watchdog-result',
  wants: (p) => (AGENT_TOOLS.has(p.tool_name) || OUTPUT_TOOLS.has(p.tool_name)) && !fromSubagent(p),
  load: async () => (await import('../deciders.js')).handleAgentResult,
};

/**
 * PostToolUse of any other tool while a run is open: a lost result is
 * delivered as additionalContext. Not for the Agent tools themselves: their
 * own receipts are recorded with the call, after this rule would have run.
 */
export const WATCHDOG_DELIVERY_RULE: ToolRule = {
  name: 'watchdog-delivery',
  wants: (p: ToolPayload, hot: HotState | null) => !AGENT_TOOLS.has(p.tool_name) && !OUTPUT_TOOLS.has(p.tool_name) && !fromSubagent(p) && (hot === null || hot.openRuns > 0),
  load: async () => (await import('../deciders.js')).handleDeliveryPoint,
};
