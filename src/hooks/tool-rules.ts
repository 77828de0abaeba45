import type { HotState } from '../ledger/hot-state.js';
import type { PayloadOf } from './payload.js';
import type { HandlerResult, HookContext } from './types.js';
import { WATCHDOG_DISPATCH_RULE, WATCHDOG_DELIVERY_RULE, WATCHDOG_RESULT_RULE } from './watchdog/tool-rules.js';
import { FILE_WRITING_TOOLS, isPlanCandidate, writtenPath } from './rules/plan-paths.js';
import { guardWantsAfter, guardWantsBefore } from './rules/guard-wants.js';
import { clientControlWants } from './rules/client-control-wants.js';
import { mightDetach } from '../shell/detaching-commands.js';

export type ToolPayload = PayloadOf<'PreToolUse'> | PayloadOf<'PostToolUse'>;

/** The tool rules, by name; each name's code is in tool-rule-code.ts. */
export type ToolRuleName = 'guard-before' | 'client-control' | 'detach-guard' | 'guard-after' | 'register-plan' | 'approval-answer' | 'watchdog-dispatch' | 'watchdog-result' | 'watchdog-delivery';

/**
 * One concern of a tool hook (guarding writes, binding a subagent dispatch…).
 * `wants` is cheap and synchronous, with no ledger: it decides whether the
 * call matters to the rule at all, so a tool call that matters to none is
 * recorded through the spool without opening SQLite. The rule's code
 * (tool-rule-code.ts) comes with the handler that runs it, loaded lazily
 * with every other decider (deciders.ts); this table, on every tool hook's
 * start-up path, imports none of it.
 */
export interface ToolRule {
  name: ToolRuleName;
  wants(payload: ToolPayload, hot: HotState | null, root: string): boolean;
}

/** What a rule's code is: the call in, its answer out. */
export type ToolRuleCode = (ctx: HookContext<ToolPayload>) => Promise<HandlerResult> | HandlerResult;

/** Rules for PreToolUse, in the order their answers are merged. */
export const PRE_TOOL_RULES: ToolRule[] = [
  { name: 'guard-before', wants: guardWantsBefore },
  // The client's own tools that would switch continuity off or run code no hook sees (OpenClaw's plugins, gateway, automations…).
  { name: 'client-control', wants: clientControlWants },
  // A process that outlives the call, where no wall stands (rules/detach-guard.ts).
  { name: 'detach-guard', wants: (p) => p.tool_name === 'Bash' && typeof p.tool_input.command === 'string' && mightDetach(p.tool_input.command) },
];

/** Rules for PostToolUse, in the order their answers are merged. */
export const POST_TOOL_RULES: ToolRule[] = [
  // First: put guarded files back before anything reads them.
  { name: 'guard-after', wants: guardWantsAfter },
  { name: 'register-plan', wants: (p, _hot, root) => FILE_WRITING_TOOLS.has(p.tool_name) && isPlanCandidate(writtenPath(p.tool_input, p.cwd ?? root) ?? '', root) },
  { name: 'approval-answer', wants: (p) => p.tool_name === 'AskUserQuestion' || p.tool_name === 'ExitPlanMode' },
];

export function rulesWanting(rules: readonly ToolRule[], payload: ToolPayload, hot: HotState | null, root: string): ToolRule[] {
  return rules.filter((r) => r.wants(payload, hot, root));
}

// The delivery watchdog (docs/watchdog.md): dispatch and completion receipts, and lost results delivered.
PRE_TOOL_RULES.push(WATCHDOG_DISPATCH_RULE);
POST_TOOL_RULES.push(WATCHDOG_RESULT_RULE, WATCHDOG_DELIVERY_RULE);
