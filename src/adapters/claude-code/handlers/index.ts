import type { HotState } from '../../../ledger/hot-state.js';
import type { GenericPayload, KnownEvent } from '../payload.js';
import { POST_TOOL_RULES, PRE_TOOL_RULES, rulesWanting, type ToolPayload } from '../tool-rules.js';
import type { Handler } from '../types.js';

export interface HandlerEntry {
  /** Cheap, with no ledger: does this call need deciding? Absent: always. */
  wants?: (payload: GenericPayload, hot: HotState | null, root: string) => boolean;
  load: () => Promise<Handler<never>>;
}

/**
 * One handler per hook event, loaded on demand. Events without a handler, or
 * whose handler does not want the call, are recorded through the spool and
 * answered with nothing. Each capability registers its handler here.
 */
export const HANDLERS: Partial<Record<KnownEvent, HandlerEntry>> = {
  Stop: { load: async () => (await import('../deciders.js')).handleStop as Handler<never> },
  UserPromptSubmit: { load: async () => (await import('../deciders.js')).handleUserPrompt as Handler<never> },
  SessionStart: { load: async () => (await import('../deciders.js')).handleSessionStart as Handler<never> },
  PreCompact: { load: async () => (await import('../deciders.js')).handlePreCompact as Handler<never> },
  PreToolUse: {
    wants: (p, hot, root) => rulesWanting(PRE_TOOL_RULES, p as ToolPayload, hot, root).length > 0,
    load: async () => (await import('../deciders.js')).handleToolUse as Handler<never>,
  },
  PostToolUse: {
    wants: (p, hot, root) => rulesWanting(POST_TOOL_RULES, p as ToolPayload, hot, root).length > 0,
    load: async () => (await import('../deciders.js')).handleToolUse as Handler<never>,
  },
  // The delivery watchdog's child receipts (docs/watchdog.md).
  SubagentStart: { load: async () => (await import('../deciders.js')).handleSubagentStart as Handler<never> },
  SubagentStop: { load: async () => (await import('../deciders.js')).handleSubagentStop as Handler<never> },
  PostToolUseFailure: {
    wants: (p) => ['Agent', 'Task'].includes(String((p as { tool_name?: unknown }).tool_name)),
    load: async () => (await import('../deciders.js')).handleToolFailure as Handler<never>,
  },
};
