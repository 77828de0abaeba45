/** `continuity hook gemini`: loaded on demand by the hook command. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToGemini } from './from-claude.js';
import { parseGeminiPayload, type GeminiPayload } from './protocol.js';
import { geminiToClaude } from './to-claude.js';

export const adapter: AgentAdapter<GeminiPayload> = {
  name: 'gemini',
  // 0.61.0: hooks are spawned as plain children (hookRunner), run_shell_command detached or on a pseudo-terminal.
  toolCallsInOwnSession: true,
  parse: parseGeminiPayload,
  toClaude: geminiToClaude,
  fromClaude: claudeToGemini,
};
