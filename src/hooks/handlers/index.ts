import type { HotState } from '../../ledger/hot-state.js';
import type { GenericPayload, KnownEvent } from '../payload.js';
import { POST_TOOL_RULES, PRE_TOOL_RULES, rulesWanting, type ToolPayload } from '../tool-rules.js';
import type { Handler, HandlerResult } from '../types.js';
import { allDeciders, loadDeciders } from '../load-deciders.js';
import { importedOnce } from '../../util/imported-once.js';
import type { SpooledViolation } from '../../ledger/spool-write.js';
import type { StopEffects } from '../../ledger/stop-effects.js';

export interface HandlerEntry {
  /** Cheap, with no ledger: does this call need deciding? Absent: always. */
  wants?: (payload: GenericPayload, hot: HotState | null, root: string) => boolean;
  load: () => Promise<Handler<never>>;
  /** The audit record of a call `wants` declined (default: nothing to decide). */
  declined?: (payload: GenericPayload, hot: HotState | null) => Record<string, unknown>;
  /** The call decided from a current hot state, without the ledger; null: decided from the ledger. */
  fromHotState?: (payload: GenericPayload, hot: HotState | null, root: string, now: string) => Promise<FromHotState | null>;
}

/** A call decided from the hot state: its answer and record, a Stop's effects for its spool file, and what to do once that file is written. */
export interface FromHotState {
  result: HandlerResult;
  violations: SpooledViolation[];
  stop?: StopEffects;
  spooled?: (name: string) => void;
}

/** The rules that decide from the hot state, imported at their first call (src/util/imported-once.ts). */
const stopHotCode = importedOnce(() => import('../rules/stop-hot.js'));
const guardHotCode = importedOnce(() => import('../rules/guard-hot.js'));

/**
 * One handler per hook event, loaded on demand. Events without a handler, or
 * whose handler does not want the call, are recorded through the spool and
 * answered with nothing. Each capability registers its handler here.
 */
export const HANDLERS: Partial<Record<KnownEvent, HandlerEntry>> = {
  Stop: {
    wants: stopWanted,
    declined: stopDeclined,
    // The common stop at an approved plan's boundary, from the hot state's Stop facts (src/hooks/rules/stop-hot.ts).
    fromHotState: async (p, hot, root, now) => (hot?.stop ? (await stopHotCode()).stopFromHotState(p as never, hot, root, now) : null),
    load: async () => (await loadDeciders('Stop')).handleStop as Handler<never>,
  },
  UserPromptSubmit: { wants: planOrRunsKnown, load: async () => (await allDeciders()).handleUserPrompt as Handler<never> },
  SessionStart: { wants: planOrRunsKnown, load: async () => (await allDeciders()).handleSessionStart as Handler<never> },
  PreCompact: { wants: planOrRunsKnown, load: async () => (await allDeciders()).handlePreCompact as Handler<never> },
  PreToolUse: {
    wants: (p, hot, root) => rulesWanting(PRE_TOOL_RULES, p as ToolPayload, hot, root).length > 0,
    fromHotState: async (p, hot, root, now) => (await guardHotCode()).guardFromHotState(p as ToolPayload, hot, root, now),
    load: async () => (await allDeciders()).handleToolUse as Handler<never>,
  },
  PostToolUse: {
    wants: (p, hot, root) => rulesWanting(POST_TOOL_RULES, p as ToolPayload, hot, root).length > 0,
    load: async () => (await allDeciders()).handleToolUse as Handler<never>,
  },
  // The delivery watchdog's child receipts (docs/watchdog.md).
  SubagentStart: { load: async () => (await allDeciders()).handleSubagentStart as Handler<never> },
  SubagentStop: { load: async () => (await allDeciders()).handleSubagentStop as Handler<never> },
  PostToolUseFailure: {
    wants: (p) => ['Agent', 'Task'].includes(String((p as { tool_name?: unknown }).tool_name)),
    load: async () => (await allDeciders()).handleToolFailure as Handler<never>,
  },
};

/**
 * Prompts, session starts and compactions have something to state only when
 * there is a plan or a recent subagent run (which may still owe the user a
 * report). Without the hot state (missing, unreadable, older) the call is
 * decided in full.
 */
function planOrRunsKnown(_payload: GenericPayload, hot: HotState | null): boolean {
  return !hot || hot.plan !== null || hasRecentRuns(hot);
}

function hasRecentRuns(hot: HotState): boolean {
  return hot.openRuns > 0 || (hot.recentRuns ?? 1) > 0;
}

/**
 * A stop can be held only at a boundary of an approved plan or for a
 * subagent's undelivered result; a closure line is recorded whatever the plan.
 * Anything else (no plan, a draft, a stale or complete plan, no open run) is
 * recorded without opening the ledger.
 */
function stopWanted(payload: GenericPayload, hot: HotState | null): boolean {
  if (!hot || hot.approval === undefined || hasRecentRuns(hot) || hot.approval?.state === 'approved') return true;
  const message = (payload as { last_assistant_message?: unknown }).last_assistant_message;
  return typeof message === 'string' && message.toLowerCase().includes('continuity-closure:');
}

// What the Stop rule would have recorded for the stops stopWanted declines.
function stopDeclined(_payload: GenericPayload, hot: HotState | null): Record<string, unknown> {
  const state = hot?.approval?.state;
  return { action: 'allow', why: !hot?.plan ? 'no_active_plan' : state === 'complete' ? 'plan_complete' : 'plan_not_approved', fastPath: true };
}
