import type { HotState } from '../ledger/hot-state.js';
import type { PayloadOf } from './payload.js';
import type { HandlerResult, HookContext } from './types.js';
import { WATCHDOG_DISPATCH_RULE, WATCHDOG_DELIVERY_RULE, WATCHDOG_RESULT_RULE } from './watchdog/tool-rules.js';
import { FILE_WRITING_TOOLS, isPlanCandidate, writtenPath } from './rules/plan-paths.js';
import { guardWantsAfter, guardWantsBefore } from './rules/guard-wants.js';
import { clientControlWants } from './rules/client-control.js';
import { mightDetach } from '../shell/detaching-commands.js';

export type ToolPayload = PayloadOf<'PreToolUse'> | PayloadOf<'PostToolUse'>;

/**
 * One concern of a tool hook (guarding writes, binding a subagent dispatch…).
 * `wants` is cheap and synchronous, with no ledger: it decides whether the
 * call matters to the rule at all, so a tool call that matters to none is
 * recorded through the spool without opening SQLite. `load` brings in the
 * rule's code only when it runs.
 */
export interface ToolRule {
  name: string;
  wants(payload: ToolPayload, hot: HotState | null, root: string): boolean;
  load(): Promise<(ctx: HookContext<ToolPayload>) => Promise<HandlerResult> | HandlerResult>;
}

/** Rules for PreToolUse, in the order their answers are merged. */
export const PRE_TOOL_RULES: ToolRule[] = [
  { name: 'guard-before', wants: guardWantsBefore, load: async () => (await import('./deciders.js')).guardBeforeWrite },
  // The client's own tools that would switch continuity off or run code no hook sees (OpenClaw's plugins, gateway, automations…).
  { name: 'client-control', wants: clientControlWants, load: async () => (await import('./deciders.js')).clientControlBefore },
  // A process that outlives the call, where no wall stands (rules/detach-guard.ts).
  { name: 'detach-guard', wants: (p) => p.tool_name === 'Bash' && typeof p.tool_input.command === 'string' && mightDetach(p.tool_input.command), load: async () => (await import('./deciders.js')).guardDetached },
];

/** Rules for PostToolUse, in the order their answers are merged. */
export const POST_TOOL_RULES: ToolRule[] = [
  // First: put guarded files back before anything reads them.
  { name: 'guard-after', wants: guardWantsAfter, load: async () => (await import('./deciders.js')).guardAfterWrite },
  {
    name: 'register-plan',
    wants: (p, _hot, root) => FILE_WRITING_TOOLS.has(p.tool_name) && isPlanCandidate(writtenPath(p.tool_input, p.cwd ?? root) ?? '', root),
    load: async () => (await import('./deciders.js')).registerWrittenPlan,
  },
  {
    name: 'approval-answer',
    wants: (p) => p.tool_name === 'AskUserQuestion' || p.tool_name === 'ExitPlanMode',
    load: async () => (await import('./deciders.js')).approveFromAnswer,
  },
];

export function rulesWanting(rules: readonly ToolRule[], payload: ToolPayload, hot: HotState | null, root: string): ToolRule[] {
  return rules.filter((r) => r.wants(payload, hot, root));
}

// The delivery watchdog (docs/watchdog.md): dispatch and completion receipts, and lost results delivered.
PRE_TOOL_RULES.push(WATCHDOG_DISPATCH_RULE);
POST_TOOL_RULES.push(WATCHDOG_RESULT_RULE, WATCHDOG_DELIVERY_RULE);
