/**
 * Claude Code's answer in Gemini CLI's protocol: a denied tool call or a
 * blocked stop is `decision: "deny"` with the reason (for AfterAgent, the
 * prompt of the retry turn); context is `hookSpecificOutput.additionalContext`
 * where the event takes it; `systemMessage` goes to the user. Exit code 0
 * always: the decision travels in the JSON. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';
import type { AgentAnswer } from '../bridge/types.js';
import type { GeminiPayload } from './protocol.js';

export function claudeToGemini(p: GeminiPayload, answer: Record<string, unknown> | null): AgentAnswer {
  const { block, deny, context, userMessage } = partsOf(answer);
  const system = userMessage ? { systemMessage: userMessage } : {};
  const specific = (additionalContext: string | null) => (additionalContext ? { hookSpecificOutput: { hookEventName: p.hook_event_name, additionalContext } } : {});
  let out: Record<string, unknown> = {};
  switch (p.hook_event_name) {
    case 'BeforeTool':
      // BeforeTool takes no context; a denied call's reason is what the agent reads.
      out = { ...(deny ? { decision: 'deny', reason: deny } : {}), ...system };
      break;
    case 'AfterTool':
      // Claude Code's PostToolUse "block" is feedback on a call that already ran: appended to the
      // result, which stays visible (Gemini's "deny" here would hide the result).
      out = { ...specific(joinText(block, context)), ...system };
      break;
    case 'BeforeAgent':
      out = { ...(block ? { decision: 'deny', reason: block } : {}), ...specific(context), ...system };
      break;
    case 'SessionStart':
      out = { ...specific(context), ...system };
      break;
    case 'AfterAgent':
      out = { ...(block ? { decision: 'deny', reason: joinText(block, context) } : {}), ...system };
      break;
    case 'PreCompress':
      out = { ...system };
      break;
    default:
      out = {};
  }
  return { stdout: Object.keys(out).length ? out : null, exitCode: 0 };
}
