/**
 * The delivery watchdog's tool rules (docs/watchdog.md). Loaded with every
 * tool hook, so only cheap checks live here: tool names, whether the call
 * comes from inside a subagent, and the hot state's count of open runs.
 */
import type { HotState } from '../../ledger/hot-state.js';
import type { ToolPayload, ToolRule } from '../tool-rules.js';
import { AGENT_TOOLS, fromSubagent, OUTPUT_TOOLS } from './tool-names.js';

/** PreToolUse of Agent|Task: the dispatch intent. */
export const WATCHDOG_DISPATCH_RULE: ToolRule = {
  name: 'watchdog-dispatch',
  wants: (p) => AGENT_TOOLS.has(p.tool_name) && !fromSubagent(p),
};

/** PostToolUse of Agent|Task (launch or completion) and of TaskOutput (a result read by the agent). */
export const WATCHDOG_RESULT_RULE: ToolRule = {
  name: 'watchdog-result',
  wants: (p) => (AGENT_TOOLS.has(p.tool_name) || OUTPUT_TOOLS.has(p.tool_name)) && !fromSubagent(p),
};

/**
 * PostToolUse of any other tool while a run is open: a lost result is
 * delivered as additionalContext. Not for the Agent tools themselves: their
 * own receipts are recorded with the call, after this rule would have run.
 */
export const WATCHDOG_DELIVERY_RULE: ToolRule = {
  name: 'watchdog-delivery',
  wants: (p: ToolPayload, hot: HotState | null) => !AGENT_TOOLS.has(p.tool_name) && !OUTPUT_TOOLS.has(p.tool_name) && !fromSubagent(p) && (hot === null || hot.openRuns > 0),
};
