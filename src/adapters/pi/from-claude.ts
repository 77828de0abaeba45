/**
 * Claude Code's answer as what continuity's pi extension does with it:
 * `block` refuses a tool call (pi's `{ block: true, reason }`) or a prompt
 * (the input is handled, no run starts); `input` is a tool call's input
 * rewritten (a shell command wrapped in continuity's wall); `context` goes to
 * the model (with the prompt's run, after a tool's result, or as a message
 * of its own after a session start); `followUp` holds the end of a run: pi
 * delivers it to the model as the next message before the run ends;
 * `message` is for the person. Exit code 0 always. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';
import type { AgentAnswer } from '../bridge/types.js';
import type { PiPayload } from './protocol.js';

export function claudeToPi(p: PiPayload, answer: Record<string, unknown> | null): AgentAnswer {
  const { block, deny, context, userMessage, updatedInput } = partsOf(answer);
  const message = userMessage ? { message: userMessage } : {};
  let out: Record<string, unknown> = {};
  switch (p.hook_event_name) {
    case 'tool_call':
      out = { ...(deny ? { block: deny } : updatedInput ? { input: fromClaudeInput(updatedInput) } : {}), ...message };
      break;
    case 'tool_result': {
      // A PostToolUse "block" is feedback on a call that already ran: added to its result.
      const said = joinText(block, context);
      out = { ...(said ? { context: said } : {}), ...message };
      break;
    }
    case 'input':
      out = { ...(block ? { block } : {}), ...(context ? { context } : {}), ...message };
      break;
    case 'session_start':
    case 'session_compact':
      out = { ...(context ? { context } : {}), ...message };
      break;
    case 'message_end': {
      const held = block ? joinText(block, context) : null;
      out = { ...(held ? { followUp: held } : {}), ...message };
      break;
    }
    default:
      out = { ...message };
  }
  return { stdout: Object.keys(out).length ? out : null, exitCode: 0 };
}

/** Only a shell command is ever rewritten: its input keeps pi's names (`command`, `timeout`). */
function fromClaudeInput(input: Record<string, unknown>): Record<string, unknown> {
  return typeof input.command === 'string' ? { command: input.command } : {};
}
