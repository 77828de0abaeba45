/**
 * The subagent runs a session answers for: its own, and those handed over to
 * it because their session is gone (src/domain/run-hand-over.ts). Runs inside
 * the caller's transaction when given one.
 */
import { claimRun, type Asker } from '../domain/run-hand-over.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { attentionRuns, othersAttentionRuns, type RunRow } from '../ledger/runs.js';
import { lastEventOfSession } from '../ledger/sessions.js';

export interface SessionRun {
  row: RunRow;
  /** The session the run was dispatched in, when it is not the asker's: the run was handed over. */
  handedOverFrom: { sessionId: string; source: string | null } | null;
}

/** The runs needing attention that the asking session answers for, its own first. */
export function runsAnsweredBy(db: SqlDatabase, asker: Asker, nowMs: number): SessionRun[] {
  const own = attentionRuns(db, asker.sessionId).map((row) => ({ row, handedOverFrom: null }));
  return [...own, ...othersFor(db, asker, nowMs, false)];
}

/**
 * Runs of other sessions a new session is told of at its start: those handed
 * over to it, and those another client's session left open (the person
 * switched agents; the run may still report, or be handed over at its deadline).
 */
export function runsOpenElsewhere(db: SqlDatabase, asker: Asker, nowMs: number): SessionRun[] {
  return othersFor(db, asker, nowMs, true);
}

function othersFor(db: SqlDatabase, asker: Asker, nowMs: number, otherClientsOpen: boolean): SessionRun[] {
  const owners = new Map<string, ReturnType<typeof lastEventOfSession>>();
  const taken: SessionRun[] = [];
  for (const row of othersAttentionRuns(db, asker.sessionId)) {
    const sid = row.sessionId!;
    if (!owners.has(sid)) owners.set(sid, lastEventOfSession(db, sid));
    const last = owners.get(sid) ?? null;
    const claim = claimRun(
      { runSessionId: sid, childSessionKey: row.childSessionKey, expectedBy: row.expectedBy, owner: last ? { source: last.source, lastKind: last.kind, lastAt: last.at } : null },
      asker,
      nowMs,
    );
    const otherClient = last !== null && last.source !== asker.source && row.childSessionKey !== asker.sessionId;
    if (claim === 'handed_over' || (otherClientsOpen && otherClient && row.closedAs === null)) taken.push({ row, handedOverFrom: { sessionId: sid, source: last?.source ?? null } });
  }
  return taken;
}
