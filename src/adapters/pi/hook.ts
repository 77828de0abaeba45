/** `continuity hook pi`: loaded on demand by the hook command. */
import type { AgentAdapter } from '../bridge/types.js';
import { claudeToPi } from './from-claude.js';
import { parsePiPayload, type PiPayload } from './protocol.js';
import { piToClaude } from './to-claude.js';

export const adapter: AgentAdapter<PiPayload> = {
  name: 'pi',
  // 0.73.1: the extension runs the hook as a plain child of pi; the bash tool runs each command detached, in a session of its own.
  toolCallsInOwnSession: true,
  parse: parsePiPayload,
  toClaude: (p) => piToClaude(p),
  fromClaude: claudeToPi,
};
