/** `continuity hook copilot`: loaded on demand by the hook command. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToCopilot } from './from-claude.js';
import { parseCopilotPayload, type CopilotPayload } from './protocol.js';
import { withLastMessage } from './session-record.js';
import { copilotToClaude } from './to-claude.js';

export const adapter: AgentAdapter<CopilotPayload> = {
  name: 'copilot',
  // 1.0.102 (seen with ps from its bash tool): hooks run in the client's own session, each bash tool shell in a session of its own.
  toolCallsInOwnSession: true,
  parse: (raw) => withLastMessage(parseCopilotPayload(raw)),
  toClaude: copilotToClaude,
  fromClaude: claudeToCopilot,
};
