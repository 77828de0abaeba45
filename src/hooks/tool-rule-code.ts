/**
 * The code of each tool rule (tool-rules.ts holds when each wants a call).
 * Imported by the tool handler only, so it comes in with the rest of the
 * deciding code through deciders.ts, in the same one lazy chunk, and the
 * rule table on the start-up path never imports back into it.
 */
import { guardBeforeWrite } from './rules/guard-before.js';
import { clientControlBefore } from './rules/client-control-before.js';
import { guardDetached } from './rules/detach-guard.js';
import { guardAfterWrite } from './rules/guard-after.js';
import { registerWrittenPlan } from './rules/register-plan.js';
import { approveFromAnswer } from './rules/approval-answers.js';
import { handleAgentDispatch, handleAgentResult, handleDeliveryPoint } from './watchdog/tool-handlers.js';
import type { ToolRuleCode, ToolRuleName } from './tool-rules.js';

export const TOOL_RULE_CODE: Record<ToolRuleName, ToolRuleCode> = {
  'guard-before': guardBeforeWrite,
  'client-control': clientControlBefore,
  'detach-guard': guardDetached,
  'guard-after': guardAfterWrite,
  'register-plan': registerWrittenPlan,
  'approval-answer': approveFromAnswer,
  'watchdog-dispatch': handleAgentDispatch,
  'watchdog-result': handleAgentResult,
  'watchdog-delivery': handleDeliveryPoint,
};
