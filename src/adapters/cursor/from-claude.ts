/**
 * Claude Code's answer in Cursor's protocol: a denied shell command is
 * `permission: "deny"` with the reason for the user and for the agent; a
 * blocked stop is a `followup_message` (Cursor sends it as the next user
 * message); session context is `additional_context`. Events whose answer
 * Cursor does not read get nothing. Nothing here ever says "allow": that
 * would skip Cursor's own approval of the command. Exit code 0 always. Pure.
 */
import { joinText, partsOf } from '../bridge/answer.js';
import type { AgentAnswer } from '../bridge/types.js';
import type { CursorPayload, CursorPayloadOf } from './protocol.js';

export function claudeToCursor(p: CursorPayload, answer: Record<string, unknown> | null): AgentAnswer {
  const { block, deny, context } = partsOf(answer);
  let out: Record<string, unknown> = {};
  switch (p.hook_event_name) {
    case 'beforeShellExecution':
      if (deny) out = { permission: 'deny', user_message: deny, agent_message: deny };
      break;
    case 'stop':
      if ((p as CursorPayloadOf<'stop'>).status === 'completed' && block) out = { followup_message: joinText(block, context) };
      break;
    case 'sessionStart':
      if (context) out = { additional_context: context };
      break;
    default:
      out = {};
  }
  return { stdout: Object.keys(out).length ? out : null, exitCode: 0 };
}
