/**
 * Claude Code's answer as what continuity's OpenCode plugin does with it:
 * - `deny`: the plugin throws with this text (a refused tool call: OpenCode
 *   hands the message to the model as the tool's error; a refused prompt);
 * - `args`: the tool call's arguments replaced (continuity's own wall
 *   around a shell command), every other field kept;
 * - `append`: added to the tool's output the model reads (after-the-call feedback);
 * - `context`: a text part added to the person's message (`synthetic`: the
 *   model reads it, OpenCode's screen does not show it as typed), the
 *   compaction's context, or (after a compaction) a part of the next model
 *   request's system prompt;
 * - `hold`: the turn is not over: the plugin adds a user message with this
 *   text, which OpenCode's loop takes as the next prompt before it ends the turn;
 * - `message`: words for the person, written where OpenCode shows its own.
 * Exit code 0 always: the decision travels in the JSON. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';
import type { AgentAnswer } from '../bridge/types.js';
import type { OpenCodePayload } from './protocol.js';

export function claudeToOpenCode(p: OpenCodePayload, answer: Record<string, unknown> | null): AgentAnswer {
  const { block, deny, context, userMessage, updatedInput } = partsOf(answer);
  const out: Record<string, unknown> = {};
  switch (p.hook_event_name) {
    case 'tool.execute.before':
      if (deny) out.deny = deny;
      else if (updatedInput) out.args = updatedInput;
      break;
    case 'tool.execute.after': {
      // Claude Code's PostToolUse "block" is feedback on a call that already ran: added to the result, which stays.
      const append = joinText(block, context);
      if (append) out.append = append;
      break;
    }
    case 'chat.message':
      if (block) out.deny = block;
      else if (context) out.context = context;
      break;
    case 'session.created':
    case 'session.compacted':
    case 'experimental.session.compacting':
      if (context) out.context = context;
      break;
    case 'experimental.text.complete': {
      const hold = block ? joinText(block, context) : null;
      if (hold) out.hold = hold;
      break;
    }
  }
  if (userMessage) out.message = userMessage;
  return { stdout: Object.keys(out).length ? out : null, exitCode: 0 };
}
