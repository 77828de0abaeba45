/** `continuity hook opencode`: loaded on demand by the hook command; the plugin in OpenCode's process runs it. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToOpenCode } from './from-claude.js';
import { parseOpenCodePayload, type OpenCodePayload } from './protocol.js';
import { openCodeToClaude } from './to-claude.js';

export const adapter: AgentAdapter<OpenCodePayload> = {
  name: 'opencode',
  // 1.18.33 (observed): the plugin's hook processes are children of OpenCode in its session; the bash tool's
  // commands each run in a session of their own (spawned detached).
  toolCallsInOwnSession: true,
  parse: parseOpenCodePayload,
  toClaude: (p) => openCodeToClaude(p),
  fromClaude: claudeToOpenCode,
};
