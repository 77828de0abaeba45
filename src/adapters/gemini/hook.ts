/** `continuity hook gemini`: loaded on demand by the hook command. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToGemini } from './from-claude.js';
import { parseGeminiPayload, type GeminiPayload } from './protocol.js';
import { geminiToClaude } from './to-claude.js';

export const adapter: AgentAdapter<GeminiPayload> = {
  name: 'gemini',
  parse: parseGeminiPayload,
  toClaude: geminiToClaude,
  fromClaude: claudeToGemini,
};
