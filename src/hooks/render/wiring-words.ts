import type { WiringRepair } from '../wiring-repair.js';
import { wiringAdoptedWords, wiringRepairWords } from '../wiring-repair.js';
import { insertViolation } from '../../ledger/sessions.js';
import type { HandlerResult } from '../types.js';

/** The violation a wiring file changed outside any hook leaves in the ledger. */
export const WIRING_RESTORED = 'hook_wiring_restored';

/**
 * A hook call that found a client's hook wiring changed since the last call
 * (src/hooks/wiring-repair.ts): what was put back and what was kept said to
 * the person in the call's message; a put-back recorded as one violation,
 * with the versions it replaced; the renewed snapshots written with the event.
 */
export function withWiringRepair(result: HandlerResult, repair: WiringRepair, ctx: { now: string; sessionId: string }): HandlerResult {
  const changed = repair.restored.length + repair.unrestorable.length > 0;
  const persist = result.persist;
  if (!changed && !repair.adopted.length) return repair.renewed.length ? { ...result, persist: (db, id) => (persist?.(db, id), repair.persist(db, ctx.now)) } : result;
  const said = [changed ? wiringRepairWords(repair) : null, repair.adopted.length ? wiringAdoptedWords(repair.adopted) : null].filter((x): x is string => x !== null).join(' ');
  const output: Record<string, unknown> = { ...(result.output ?? {}) };
  output.systemMessage = [output.systemMessage, said].filter((x) => typeof x === 'string' && x.length > 0).join(' ');
  return {
    ...result,
    output,
    decision: {
      ...result.decision,
      ...(changed ? { wiringRestored: repair.restored, wiringUnrestorable: repair.unrestorable } : {}),
      ...(repair.adopted.length ? { wiringAdopted: repair.adopted } : {}),
      ...(repair.kept.length ? { replacedVersions: repair.kept } : {}),
    },
    persist: (db, eventId) => {
      persist?.(db, eventId);
      repair.persist(db, ctx.now);
      if (changed) insertViolation(db, { at: ctx.now, sessionId: ctx.sessionId, kind: WIRING_RESTORED, summary: `hook wiring changed outside a hook: ${[...repair.restored, ...repair.unrestorable].join('; ')}`, eventId });
    },
  };
}
