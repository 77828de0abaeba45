/** `continuity hook copilot`: loaded on demand by the hook command. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToCopilot } from './from-claude.js';
import { parseCopilotPayload, type CopilotPayload } from './protocol.js';
import { withLastMessage } from './session-record.js';
import { copilotToClaude } from './to-claude.js';

export const adapter: AgentAdapter<CopilotPayload> = {
  name: 'copilot',
  parse: (raw) => withLastMessage(parseCopilotPayload(raw)),
  toClaude: copilotToClaude,
  fromClaude: claudeToCopilot,
};
