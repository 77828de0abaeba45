/**
 * Subagent runs through the shared ledger: the snapshots a pushed event
 * carries (the runs it changed), and another machine's snapshots applied here
 * by the merge rule (src/domain/shared-runs.ts), in the pull's transaction.
 */
import { mergeRun, runSnapshotsOf, type RunAttemptView, type RunHere, type RunSnapshot } from '../domain/shared-runs.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { appendEvent } from '../ledger/events.js';
import { attemptsFor, insertAttempt, insertRun, patchRun, resolveAttempt, runById, type AttemptAction, type RunRow } from '../ledger/runs.js';

/** A run dispatched on another machine is kept here under its id there and that machine's name, so ids from two machines never meet. */
export function localRunId(origin: RunSnapshot['origin'], machine: string): string {
  return origin.machine === machine ? origin.runId : `${origin.runId}@${origin.machine}`;
}

function originOf(row: RunRow, machine: string): RunSnapshot['origin'] {
  if (row.source.startsWith('shared:')) {
    const at = row.runId.lastIndexOf('@');
    if (at > 0) return { machine: row.runId.slice(at + 1), runId: row.runId.slice(0, at) };
  }
  return { machine, runId: row.runId };
}

/** The runs event `eventId` (at `at`) changed, as snapshots: those it updated, and those whose recovery attempts it recorded. */
export function runSnapshotsFor(db: SqlDatabase, machine: string, eventId: number, at: string): RunSnapshot[] {
  const ids = db.all<{ run_id: string }>(
    'SELECT run_id FROM runs WHERE launched = 1 AND updated_at = ? UNION SELECT run_id FROM run_attempts WHERE event_id = ?',
    at,
    eventId,
  );
  if (!ids.length) return [];
  const attempts = attemptsFor(db, ids.map((r) => r.run_id));
  const out: RunSnapshot[] = [];
  for (const { run_id } of ids) {
    const row = runById(db, run_id);
    if (!row || !row.launched) continue;
    out.push({
      origin: originOf(row, machine),
      sessionId: row.sessionId,
      childSessionKey: row.childSessionKey,
      agentType: row.agentType,
      description: row.description,
      brief: row.brief,
      background: row.background,
      dispatchAt: row.dispatchAt,
      expectedBy: row.expectedBy,
      startedAt: row.startedAt,
      childDone: row.childDone,
      childDoneAt: row.childDoneAt,
      capturedResult: row.capturedResult,
      completionReceivedAt: row.completionReceivedAt,
      forwardedToMain: row.forwardedToMain,
      resultSource: row.resultSource,
      closedAs: row.closedAs,
      attempts: (attempts.get(run_id) ?? []).map((a): RunAttemptView => ({ action: a.action, at: a.at, outcome: a.outcome, resolvedAt: a.resolvedAt, channel: a.channel, detail: a.detail })),
    });
  }
  return out;
}

/** Applies the run snapshots of one record from `from`; the number of runs it changed here. */
export function takeRuns(db: SqlDatabase, machine: string, from: string, record: { id: string; at: string; input: unknown }, now: string): number {
  let changed = 0;
  for (const there of runSnapshotsOf(record.input)) {
    const runId = localRunId(there.origin, machine);
    const row = runById(db, runId);
    const here: RunHere | null = row ? { ...row, attempts: attemptsFor(db, [runId]).get(runId) ?? [] } : null;
    const merge = mergeRun(here, there);
    if (merge.take === 'nothing') continue;
    changed++;
    const origin = { record: record.id, machine: from, recordedAt: record.at, runId };
    if (merge.take === 'insert') {
      const s = merge.snapshot;
      // The event is dated when the other machine recorded it: it is the last this machine saw of the run's session there (src/domain/run-hand-over.ts).
      const eventId = appendEvent(db, { at: record.at, source: `shared:${from}`, kind: 'run.shared', sessionId: s.sessionId, input: origin, decision: { taken: 'insert', closedAs: s.closedAs } });
      const inserted = insertRun(db, {
        runId,
        sessionId: s.sessionId,
        source: `shared:${s.origin.machine}`,
        toolUseId: null,
        childSessionKey: s.childSessionKey,
        agentType: s.agentType,
        description: s.description,
        brief: s.brief,
        background: s.background,
        launched: true,
        dispatchAt: s.dispatchAt,
        expectedBy: s.expectedBy,
        startedAt: s.startedAt,
        childDone: s.childDone,
        childDoneAt: s.childDoneAt,
        capturedResult: s.capturedResult,
        completionReceivedAt: s.completionReceivedAt,
        forwardedToMain: s.forwardedToMain,
        resultSource: s.resultSource,
        updatedAt: now,
      });
      patchRun(db, inserted.id, { closedAs: s.closedAs, attention: merge.attention, updatedAt: now });
      for (const a of s.attempts) addAttempt(db, runId, a, eventId);
      continue;
    }
    const eventId = appendEvent(db, { at: now, source: `shared:${from}`, kind: 'run.shared', sessionId: null, input: origin, decision: { taken: 'patch', ...merge.patch, attempts: merge.addAttempts.map((a) => a.action) } });
    patchRun(db, row!.id, { ...merge.patch, updatedAt: now });
    for (const a of merge.addAttempts) addAttempt(db, runId, a, eventId);
    for (const r of merge.resolveAttempts) {
      const mine = here!.attempts.find((a) => a.action === r.action && a.at === r.at && a.outcome === 'pending');
      if (mine && 'id' in mine && (r.outcome === 'delivered' || r.outcome === 'failed')) resolveAttempt(db, Number(mine.id), r.outcome, r.resolvedAt ?? now, `resolved on ${from}`);
    }
  }
  return changed;
}

function addAttempt(db: SqlDatabase, runId: string, a: RunAttemptView, eventId: number): void {
  const id = insertAttempt(db, { runId, action: a.action as AttemptAction, at: a.at, outcome: a.outcome === 'pending' ? 'pending' : a.outcome === 'delivered' ? 'delivered' : 'failed', channel: a.channel, detail: a.detail, eventId });
  // insertAttempt dates a settled attempt's resolution at its start; the other machine's own time is kept.
  if (a.outcome !== 'pending' && a.resolvedAt) db.run('UPDATE run_attempts SET resolved_at = ? WHERE id = ?', a.resolvedAt, id);
}
