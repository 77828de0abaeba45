import type { InboxOutcome } from '../../app/take-inbox.js';
import type { HandlerResult } from '../types.js';

/** Events whose answer can add to the agent's context (hookSpecificOutput.additionalContext). */
const CONTEXT_EVENTS = new Set(['PostToolUse', 'UserPromptSubmit', 'SessionStart']);

/**
 * The call's answer with what the inbox held: what was recorded for the
 * agent's own commands goes to the agent's context where the event can carry
 * it, refused attempts to the person (systemMessage). The record keeps both.
 */
export function withInboxWords(result: HandlerResult, event: string, inbox: InboxOutcome): HandlerResult {
  const context = CONTEXT_EVENTS.has(event) ? inbox.agentLines.join('\n') : '';
  const system = inbox.userLines.join(' ');
  const decision = { ...result.decision, inbox: { agent: inbox.agentLines, user: inbox.userLines } };
  if (!context && !system) return { ...result, decision };
  const output: Record<string, unknown> = { ...(result.output ?? {}) };
  if (context) {
    const specific: Record<string, unknown> = { hookEventName: event, ...((output.hookSpecificOutput as Record<string, unknown> | undefined) ?? {}) };
    specific.additionalContext = [specific.additionalContext, context].filter((x) => typeof x === 'string' && x.length > 0).join('\n\n');
    output.hookSpecificOutput = specific;
  }
  if (system) output.systemMessage = [output.systemMessage, system].filter((x) => typeof x === 'string' && x.length > 0).join(' ');
  return { ...result, output, decision };
}
