import { LEGAL_CLOSURE_STATES, type LegalClosureState } from './gate.js';

/**
 * The machine-readable closure an agent may end its final message with, on a
 * line of its own:
 *
 *     continuity-closure: waiting_user — which option the user prefers
 *
 * Only this exact form counts (the label, a legal state, then an optional
 * reason after a dash or colon); closure is never inferred from prose.
 * The last such line wins.
 */
const CLOSURE_LINE = /^[ \t>*_`-]*continuity-closure:[ \t]*([a-z]+(?:_[a-z]+)*)(?![a-z0-9])[ \t]*(?:[—–:-][ \t]*(.*?))?[ \t*_`]*$/gim;

export interface ClosureLine {
  state: LegalClosureState;
  reason: string;
}

export function parseClosureLine(message: string | null | undefined): ClosureLine | null {
  if (!message) return null;
  let found: ClosureLine | null = null;
  for (const m of message.replace(/\r\n?/g, '\n').matchAll(CLOSURE_LINE)) {
    const state = m[1]!.toLowerCase();
    if ((LEGAL_CLOSURE_STATES as readonly string[]).includes(state)) found = { state: state as LegalClosureState, reason: (m[2] ?? '').trim() };
  }
  return found;
}
