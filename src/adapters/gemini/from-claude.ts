/**
 * Claude Code's answer in Gemini CLI's protocol: a denied tool call or a
 * blocked stop is `decision: "deny"` with the reason (for AfterAgent, the
 * prompt of the retry turn); context is `hookSpecificOutput.additionalContext`
 * where the event takes it; `systemMessage` goes to the user; a rewritten
 * shell command is BeforeTool's `hookSpecificOutput.tool_input`. Exit code 0
 * always: the decision travels in the JSON. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';
import type { AgentAnswer } from '../bridge/types.js';
import type { GeminiPayload } from './protocol.js';

export function claudeToGemini(p: GeminiPayload, answer: Record<string, unknown> | null): AgentAnswer {
  const { block, deny, context, userMessage, updatedInput } = partsOf(answer);
  const system = userMessage ? { systemMessage: userMessage } : {};
  const specific = (additionalContext: string | null) => (additionalContext ? { hookSpecificOutput: { hookEventName: p.hook_event_name, additionalContext } } : {});
  let out: Record<string, unknown> = {};
  switch (p.hook_event_name) {
    case 'BeforeTool':
      // BeforeTool takes no context; a denied call's reason is what the agent reads. An allowed shell command comes
      // back whole, wrapped in continuity's wall: Gemini CLI 0.61.0 builds the call from `tool_input` alone in its
      // scheduler (and merges it over the original elsewhere), so every field is kept.
      out = { ...(deny ? { decision: 'deny', reason: deny } : updatedInput ? { hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: updatedInput } } : {}), ...system };
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
