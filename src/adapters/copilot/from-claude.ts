/**
 * Claude Code's answer in Copilot CLI's protocol: a denied tool call is
 * `permissionDecision: "deny"` with `permissionDecisionReason` (what the
 * agent reads); a shell command wrapped in continuity's wall is
 * `modifiedArgs`, the call's whole input; a blocked stop is `decision:
 * "block"` with the reason, the prompt of the turn Copilot CLI starts;
 * context is `additionalContext` at the top level (SessionStart and
 * UserPromptSubmit: a message the model reads; PostToolUse: appended to the
 * result). Copilot CLI has no message for the user alone: what Claude Code
 * would show the person joins the context, or the block's reason. Exit
 * code 0 always: the decision travels in the JSON. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';
import type { AgentAnswer } from '../bridge/types.js';
import type { CopilotPayload } from './protocol.js';

export function claudeToCopilot(p: CopilotPayload, answer: Record<string, unknown> | null): AgentAnswer {
  const { block, deny, context, userMessage, updatedInput } = partsOf(answer);
  let out: Record<string, unknown> = {};
  switch (p.hook_event_name) {
    case 'PreToolUse':
      out = deny ? { permissionDecision: 'deny', permissionDecisionReason: deny } : updatedInput ? { permissionDecision: 'allow', modifiedArgs: updatedInput } : {};
      break;
    case 'PostToolUse':
    case 'PostToolUseFailure': {
      // Claude Code's PostToolUse "block" is feedback on a call that already ran: appended to its result.
      const text = joinText(block, context);
      out = text ? { additionalContext: text } : {};
      break;
    }
    case 'SessionStart':
    case 'UserPromptSubmit': {
      // A prompt cannot be refused here: what Claude Code would block with is said as context instead.
      const text = joinText(block, context, userMessage);
      out = text ? { additionalContext: text } : {};
      break;
    }
    case 'Stop':
    case 'SubagentStop':
      out = block ? { decision: 'block', reason: joinText(block, context)! } : {};
      break;
    default:
      out = {};
  }
  return { stdout: Object.keys(out).length ? out : null, exitCode: 0 };
}
