/**
 * Claude Code's hook protocol: its payloads are the hook events the rules
 * read (src/hooks/), field for field, and its answers are theirs. This
 * adapter only reads the payload and names the source.
 */
import { handlePayload, validatePayload, type HookOutcome } from '../../hooks/handle.js';
import { decodePayload } from '../../hooks/hook-payload.js';
import type { GenericPayload } from '../../hooks/payload.js';
import { SOURCE } from './source.js';

export { PayloadError } from '../../hooks/hook-payload.js';
export { SOURCE } from './source.js';

/** Validates a raw payload: JSON, the common fields, then the event's own fields. */
export function parsePayload(raw: string): GenericPayload {
  return validatePayload(decodePayload(raw));
}

/** One Claude Code hook call, recorded with Claude Code as its source. */
export function handleClaudeCodePayload(payload: GenericPayload, opts: { env: NodeJS.ProcessEnv; now: string; fallbackCwd: string }): Promise<HookOutcome> {
  return handlePayload(payload, { ...opts, source: SOURCE });
}
