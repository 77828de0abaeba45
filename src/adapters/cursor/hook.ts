/** `continuity hook cursor`: loaded on demand by the hook command. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToCursor } from './from-claude.js';
import { parseCursorPayload, type CursorPayload } from './protocol.js';
import { cursorToClaude } from './to-claude.js';

export const adapter: AgentAdapter<CursorPayload> = {
  name: 'cursor',
  parse: parseCursorPayload,
  toClaude: cursorToClaude,
  fromClaude: claudeToCursor,
};
