/**
 * Claude Code's answer in Codex's protocol. Codex's outputs are closed per
 * event (a field the event does not list invalidates the answer), so each
 * answer is rebuilt from the fields that event accepts. Exit code 0 always:
 * the decision travels in the JSON. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';
import type { AgentAnswer } from '../bridge/types.js';
import type { CodexPayload } from './protocol.js';

export function claudeToCodex(p: CodexPayload, answer: Record<string, unknown> | null): AgentAnswer {
  const { block, deny, context, userMessage } = partsOf(answer);
  const system = userMessage ? { systemMessage: userMessage } : {};
  const specific = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: p.hook_event_name, ...fields } });
  let out: Record<string, unknown> = {};
  switch (p.hook_event_name) {
    case 'PreToolUse':
      // Codex accepts only "deny" here; context may ride along.
      if (deny) out = { ...specific({ permissionDecision: 'deny', permissionDecisionReason: deny, ...(context ? { additionalContext: context } : {}) }), ...system };
      else out = { ...(context ? specific({ additionalContext: context }) : {}), ...system };
      break;
    case 'PostToolUse':
    case 'UserPromptSubmit':
      out = { ...(block ? { decision: 'block', reason: block } : {}), ...(context ? specific({ additionalContext: context }) : {}), ...system };
      break;
    case 'SessionStart':
      out = { ...(context ? specific({ additionalContext: context }) : {}), ...system };
      break;
    case 'Stop':
      // No context field at a stop: context, if any, goes with the reason the turn continues with.
      out = { ...(block ? { decision: 'block', reason: joinText(block, context) } : {}), ...system };
      break;
    case 'PreCompact':
      out = { ...system };
      break;
    default:
      out = {};
  }
  return { stdout: Object.keys(out).length ? out : null, exitCode: 0 };
}
