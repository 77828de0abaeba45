/** `continuity hook codex`: loaded on demand by the hook command. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToCodex } from './from-claude.js';
import { parseCodexPayload, type CodexPayload } from './protocol.js';
import { codexToClaude } from './to-claude.js';

export const adapter: AgentAdapter<CodexPayload> = {
  name: 'codex',
  parse: parseCodexPayload,
  toClaude: (p) => codexToClaude(p),
  fromClaude: claudeToCodex,
};
