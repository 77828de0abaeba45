/**
 * The watchdog's runs in the ledger: loading them as the pure rules read them
 * (WatchdogRun), recording receipts on them, and keeping each run's
 * `closed_as` / `attention` projection in step with its receipts. Every
 * function here runs inside the caller's transaction.
 */
import type { Config } from '../config/schema.js';
import { closedAs, settleRespawn } from '../domain/watchdog-recovery.js';
import { describeDuration } from '../domain/watchdog-report.js';
import { assessRun, mergeCompletion, type CompletionMerge, type CompletionReceipt, type RecoveryAttempt, type RunAssessment, type WatchdogPolicy, type WatchdogRun } from '../domain/watchdog.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { attemptsFor, insertRun, respawnDeadlines, listRuns, patchRun, resolveAttempt, runById, type AttemptRow, type NewRun, type RunRow } from '../ledger/runs.js';

/** How a run with no child key yet is named in reports. */
export const UNKNOWN_CHILD = 'not yet known';

export interface LoadedRun {
  row: RunRow;
  attempts: AttemptRow[];
  /** The run as the pure rules read it; its recoveryAttempts are the fetch_history/respawn attempts, oldest first. */
  run: WatchdogRun;
  /** The attempt row id of each entry of run.recoveryAttempts. */
  ladderIds: number[];
  escalated: boolean;
}

export function policyOf(config: Config): WatchdogPolicy {
  return { forwardGraceSeconds: config.watchdog.forwardGraceSeconds, attemptTimeoutSeconds: config.watchdog.attemptTimeoutSeconds };
}

/** The SLA of a run of this agent type: `watchdog.slaSecondsByAgentType[type]`, else `watchdog.slaSeconds`. */
export function slaSecondsFor(config: Config, agentType: string | null | undefined): number {
  const byType = config.watchdog.slaSecondsByAgentType;
  return agentType != null && Object.prototype.hasOwnProperty.call(byType, agentType) ? byType[agentType]! : config.watchdog.slaSeconds;
}

export function expectedByFor(config: Config, agentType: string | null | undefined, dispatchAt: string): string {
  return new Date(Date.parse(dispatchAt) + slaSecondsFor(config, agentType) * 1000).toISOString();
}

export function loadRuns(db: SqlDatabase, rows: readonly RunRow[]): LoadedRun[] {
  const ids = rows.map((r) => r.runId);
  const attempts = attemptsFor(db, ids);
  const redispatched = respawnDeadlines(db, ids);
  return rows.map((row) => {
    const all = attempts.get(row.runId) ?? [];
    const ladder = all.filter((a) => a.action !== 'escalate');
    return {
      row,
      attempts: all,
      run: toWatchdogRun(row, ladder, redispatched.get(row.runId) ?? null),
      ladderIds: ladder.map((a) => a.id),
      escalated: all.some((a) => a.action === 'escalate'),
    };
  });
}

export function loadRun(db: SqlDatabase, runId: string): LoadedRun | null {
  const row = runById(db, runId);
  return row ? loadRuns(db, [row])[0]! : null;
}

/**
 * A respawn that was dispatched again is waited for as long as the
 * re-dispatched run's own SLA, not the attempt timeout: that run is doing the
 * work again. The deadline goes on the newest pending respawn (only one
 * respawn per run is ever linked).
 */
function toWatchdogRun(row: RunRow, ladder: readonly AttemptRow[], redispatchedBy: string | null): WatchdogRun {
  let linked = -1;
  if (redispatchedBy !== null) {
    for (let i = ladder.length - 1; i >= 0 && linked < 0; i--) if (ladder[i]!.action === 'respawn' && ladder[i]!.outcome === 'pending') linked = i;
  }
  return {
    runId: row.runId,
    childSessionKey: row.childSessionKey ?? UNKNOWN_CHILD,
    dispatchAt: row.dispatchAt,
    expectedBy: row.expectedBy,
    completionReceivedAt: row.completionReceivedAt,
    forwardedToMain: row.forwardedToMain,
    resultSource: row.resultSource,
    childDone: row.childDone,
    childDoneAt: row.childDoneAt,
    capturedResult: row.capturedResult,
    recoveryAttempts: ladder.map(
      (a, i): RecoveryAttempt => ({ action: a.action as RecoveryAttempt['action'], at: a.at, outcome: a.outcome, ...(i === linked ? { timeoutAt: redispatchedBy } : {}) }),
    ),
  };
}

/** Inserts a run and sets its projection. */
export function createRun(db: SqlDatabase, r: NewRun): RunRow {
  const row = insertRun(db, r);
  settleRun(db, row.runId, r.updatedAt);
  return runById(db, row.runId)!;
}

/**
 * Recomputes a run's projection from its receipts: `closed_as` (completed,
 * recovered, blocked, or open) and `attention` (open, or closed with a notice
 * still owed to the user). A run that has just delivered its result and is the
 * respawn of another run settles that run too: its respawn delivered.
 */
export function settleRun(db: SqlDatabase, runId: string, at: string): void {
  const loaded = loadRun(db, runId);
  if (!loaded) return;
  const { row, run } = loaded;
  const closed = closedAs(run);
  patchRun(db, row.id, { closedAs: closed, attention: owesAttention(closed, row.notified), updatedAt: at });
  const delivered = closed === 'completed' || closed === 'recovered';
  const wasDelivered = row.closedAs === 'completed' || row.closedAs === 'recovered';
  if (delivered && !wasDelivered && row.respawnOf) {
    const origin = loadRun(db, row.respawnOf);
    const settled = origin ? settleRespawn(origin.run, at) : null;
    if (origin && settled) {
      patchRun(db, origin.row.id, {
        completionReceivedAt: settled.run.completionReceivedAt ?? null,
        forwardedToMain: settled.run.forwardedToMain ?? null,
        resultSource: settled.run.resultSource ?? null,
        updatedAt: at,
      });
      if (settled.resolveIndex !== null) resolveAttempt(db, origin.ladderIds[settled.resolveIndex]!, 'delivered', at, `the re-dispatched run ${row.runId} delivered its result`);
      settleRun(db, origin.row.runId, at);
    }
  }
}

export function owesAttention(closed: ReturnType<typeof closedAs>, notified: string | null): boolean {
  return closed === null || (closed !== 'completed' && notified !== closed);
}

/**
 * Records a completion receipt, at most once per run (mergeCompletion). A
 * duplicate changes nothing; the caller forwards a result only when it is not one.
 */
export function recordCompletion(db: SqlDatabase, loaded: LoadedRun, receipt: CompletionReceipt, at: string, extra: Partial<RunRow> = {}): CompletionMerge {
  const merged = mergeCompletion(loaded.run, receipt);
  if (!merged.duplicate) {
    patchRun(db, loaded.row.id, {
      ...extra,
      completionReceivedAt: merged.run.completionReceivedAt ?? null,
      forwardedToMain: merged.run.forwardedToMain ?? null,
      resultSource: merged.run.resultSource ?? null,
      updatedAt: at,
    });
  } else if (Object.keys(extra).length) {
    patchRun(db, loaded.row.id, { ...extra, updatedAt: at });
  }
  settleRun(db, loaded.row.runId, at);
  return merged;
}

/**
 * The child reported done. The first report keeps its time (the grace is
 * counted from it); a result text is kept when none was captured before.
 * `later` marks a report that supersedes an earlier one (Claude Code: a
 * SubagentStop after a hook kept the child going): its time and text win.
 */
export function recordChildDone(db: SqlDatabase, row: RunRow, done: { at: string; result: string | null; transcriptPath?: string | null; later?: boolean }): void {
  const result = done.result !== null && done.result.trim() !== '' ? done.result : null;
  const supersede = !!done.later && row.childDone;
  patchRun(db, row.id, {
    childDone: true,
    childDoneAt: row.childDone && !supersede ? row.childDoneAt : done.at,
    capturedResult: supersede ? (result ?? row.capturedResult) : (row.capturedResult ?? result),
    childTranscriptPath: done.transcriptPath ?? row.childTranscriptPath,
    launched: true,
    updatedAt: done.at,
  });
  settleRun(db, row.runId, done.at);
}

/** A run as `status` shows it: the receipts, the status and age at `now`, and every recovery attempt. */
export interface RunView {
  runId: string;
  sessionId: string | null;
  source: string;
  agentType: string | null;
  description: string | null;
  childSessionKey: string | null;
  status: RunAssessment['status'];
  reason: RunAssessment['reason'];
  recoveryAction: RunAssessment['recoveryAction'];
  ageSeconds: number;
  age: string;
  overdueSeconds?: number;
  dispatchAt: string;
  expectedBy: string;
  childDone: boolean;
  childDoneAt: string | null;
  capturedResultChars: number | null;
  completionReceivedAt: string | null;
  forwardedToMain: boolean | null;
  resultSource: string | null;
  respawnOf: string | null;
  recoveryAttempts: { action: string; at: string; outcome: string; channel: string; detail: string | null }[];
  ownerReport: string | null;
}

export function viewRun(l: LoadedRun, nowMs: number, policy: WatchdogPolicy): RunView {
  const a = assessRun(l.run, nowMs, policy);
  const view: RunView = {
    runId: l.row.runId,
    sessionId: l.row.sessionId,
    source: l.row.source,
    agentType: l.row.agentType,
    description: l.row.description,
    childSessionKey: l.row.childSessionKey,
    status: a.status,
    reason: a.reason,
    recoveryAction: a.recoveryAction,
    ageSeconds: Math.floor(a.ageSeconds),
    age: describeDuration(a.ageSeconds),
    dispatchAt: l.row.dispatchAt,
    expectedBy: l.row.expectedBy,
    childDone: l.row.childDone,
    childDoneAt: l.row.childDoneAt,
    capturedResultChars: l.row.capturedResult === null ? null : l.row.capturedResult.length,
    completionReceivedAt: l.row.completionReceivedAt,
    forwardedToMain: l.row.forwardedToMain,
    resultSource: l.row.resultSource,
    respawnOf: l.row.respawnOf,
    recoveryAttempts: l.attempts.map((x) => ({ action: x.action, at: x.at, outcome: x.outcome, channel: x.channel, detail: x.detail })),
    ownerReport: a.ownerReport,
  };
  if (a.overdueSeconds !== undefined) view.overdueSeconds = Math.floor(a.overdueSeconds);
  return view;
}

/** The newest launched runs (all sessions, or one), as views at `now`. */
export function runViews(db: SqlDatabase, opts: { nowMs: number; policy: WatchdogPolicy; limit?: number; sessionId?: string }): RunView[] {
  const rows = listRuns(db, { limit: opts.limit ?? 50, ...(opts.sessionId === undefined ? {} : { sessionId: opts.sessionId }) });
  return loadRuns(db, rows).map((l) => viewRun(l, opts.nowMs, opts.policy));
}
