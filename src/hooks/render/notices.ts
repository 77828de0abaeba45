import { markAnnounced } from '../../ledger/notices.js';
import type { HandlerResult } from '../types.js';

/**
 * What the person is owed (an approval made at a terminal, outside this
 * session) said once, in the call's message to the person; marked said in
 * the call's own transaction.
 */
export function withNotices(result: HandlerResult, notices: readonly { id: number; text: string }[], now: string): HandlerResult {
  if (!notices.length) return result;
  const said = notices.map((n) => `continuity: ${n.text}`).join(' ');
  const output: Record<string, unknown> = { ...(result.output ?? {}) };
  output.systemMessage = [output.systemMessage, said].filter((x) => typeof x === 'string' && x.length > 0).join(' ');
  const persist = result.persist;
  return {
    ...result,
    output,
    decision: { ...result.decision, notices: notices.map((n) => n.text) },
    persist: (db, eventId) => {
      persist?.(db, eventId);
      markAnnounced(db, notices.map((n) => n.id), now, eventId);
    },
  };
}
