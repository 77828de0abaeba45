import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { LegalClosureState } from '../../domain/gate.js';
import type { NextStep } from '../../domain/next-step.js';
import { LEDGER_DIR } from '../../ledger/ledger-dir.js';
import { HOT_STATE_FILE, hotStateCurrent, ledgerStamp, STOP_FACTS_MAX_SESSIONS, writeHotState, type HotState, type SessionStopFacts, type StopFacts } from '../../ledger/hot-state.js';
import { spooledStopNames } from '../../ledger/spool.js';
import type { SpooledStopEffects } from '../../ledger/stop-effects.js';
import { stampedHash } from '../../util/stamped-hash.js';
import type { PayloadOf } from '../payload.js';
import type { HandlerResult } from '../types.js';
import { decideStopCall } from './stop-decide.js';

/** The session facts of a session the Stop facts do not list: nothing of its own at this boundary. */
const NEW_SESSION: Omit<SessionStopFacts, 'closure'> = { lastPromptAt: null, suspended: false, boundary: null, blocks: 0, receipts: [] };

/** How many receipts receiptsForBoundary returns at most (its LIMIT): the facts keep the same window. */
const RECEIPT_WINDOW = 20;

export interface StopFromHotState {
  result: HandlerResult;
  violations: [];
  /** The Stop's effects, carried by its spool file and applied when the spool is taken in (src/ledger/stop-effects.ts). */
  stop: SpooledStopEffects;
  /** Called with the spool file's name once it is written: the hot state then counts this Stop for the session's next one. */
  spooled: (name: string) => void;
}

/**
 * A Stop at the approved plan's task boundary decided from the hot state's
 * Stop facts (src/app/stop-facts.ts) instead of the ledger, by the same
 * decideStopCall the Stop handler calls, and recorded through the spool with
 * its effects. Only when the facts are certain to be what the handler would
 * read: the hot state current (no write to the ledger or the config since),
 * no subagent run, loadPlanState certain to change nothing (the plan file,
 * the SDD ledger and the task summaries as the ledger last took them in),
 * and no Stop in the spool that the facts do not count. Otherwise null: the
 * Stop is decided from the ledger.
 */
export function stopFromHotState(payload: PayloadOf<'Stop'>, hot: HotState | null, root: string, now: string): StopFromHotState | null {
  const facts = hot?.stop;
  if (!hot || !facts || hot.approval?.state !== 'approved' || hot.approval.planId !== facts.plan.id) return null;
  if (hot.openRuns > 0 || (hot.recentRuns ?? 1) > 0 || hot.notices) return null;
  const ledgerDir = join(root, LEDGER_DIR);
  if (!hotStateCurrent(hot, ledgerDir)) return null;
  // A Stop recorded in the spool that these facts do not count (its hot state lost to a concurrent call, or never written): from the ledger.
  const counted = new Set(facts.spooled);
  if (spooledStopNames(ledgerDir).some((n) => !counted.has(n))) return null;
  if (!filesUnchanged(facts, root)) return null;

  const step = facts.step as NextStep;
  const known = facts.sessions[payload.session_id];
  const session: SessionStopFacts = known ?? { ...NEW_SESSION, closure: facts.closure };
  const { decision, output, summary, effects } = decideStopCall({
    plan: { id: facts.plan.id, path: facts.plan.path, state: 'approved' },
    step,
    openActions: facts.openActions,
    nextTaskLine: (taskId) => (facts.nextTaskLine?.taskId === taskId ? facts.nextTaskLine.line : null),
    session,
    declared: session.closure ? { state: session.closure.state as LegalClosureState, reason: session.closure.reason, source: session.closure.source } : null,
    receipts: session.receipts,
    maxConsecutiveBlocks: facts.maxConsecutiveBlocks,
    payload,
  });
  // Only a stop this path holds is decided here. The hot state is a file in the project: were it ever written by anything but
  // continuity, facts taken from it could only hold a stop more, never let one through; every stop let through (a closure,
  // the loop limit, a paused session, a finished plan) is decided from the ledger.
  if (decision.action !== 'block') return null;
  // A held stop records its stop-hook receipt (a replan due: none) and the session's counter, nothing else.
  const stop: SpooledStopEffects = { ...(effects.receipt ? { receipt: effects.receipt } : {}), session: effects.session };
  return {
    result: { output, decision: summary },
    violations: [],
    stop,
    spooled: (name) => countSpooledStop(ledgerDir, hot, payload.session_id, session, stop, now, name),
  };
}

/** loadPlanState changes nothing: each file it reads is as the ledger last took it in. */
function filesUnchanged(facts: StopFacts, root: string): boolean {
  const abs = (p: string): string => (p.startsWith('/') ? p : join(root, p));
  const plan = statSync(abs(facts.plan.path), { throwIfNoEntry: false });
  if (!plan || plan.size !== facts.plan.fileSize || plan.mtimeMs !== facts.plan.fileMtimeMs) return false;
  const sdd = statSync(join(root, facts.sdd.path), { throwIfNoEntry: false });
  if (sdd && !(facts.sdd.seen && sdd.size === facts.sdd.seen.size && sdd.mtimeMs === facts.sdd.seen.mtimeMs)) return false;
  // As ingestSummaryFiles reads them: the first candidate that is a readable file, which must hold what the ledger took in.
  for (const s of facts.summaries) {
    for (const rel of s.paths) {
      const seen = s.seen[rel];
      const hash = stampedHash(join(root, rel), seen ? { hash: seen, ...(s.stamps[rel] ? { stamp: s.stamps[rel] } : {}) } : null);
      if (hash === null) continue;
      if (hash !== seen) return false;
      break;
    }
  }
  return true;
}

/**
 * The hot state after this Stop was spooled: the session's facts as the
 * ledger will hold them once the spool file is taken in (its counter, its
 * stop-hook receipt: a held stop carries no closure line), and the file counted. Written aside
 * and renamed, with the ledger stamp it was read with: should a call that
 * opened the ledger have written the state since, this one carries an older
 * stamp, is not current, and the next Stop opens the ledger.
 */
function countSpooledStop(ledgerDir: string, hot: HotState, sessionId: string, before: SessionStopFacts, e: SpooledStopEffects, now: string, name: string): void {
  const facts = hot.stop!;
  // The gate's own receipt pushes older ones out of the rule's window; a window without proof is kept as none (src/app/stop-facts.ts proofWindow).
  const window = e.receipt
    ? [{ id: 0, planId: e.receipt.planId, fromTaskId: e.receipt.fromTaskId, nextTaskId: e.receipt.nextTaskId, dispatchedAt: now, channel: 'stop-hook', evidence: '', sessionId }, ...before.receipts].slice(0, RECEIPT_WINDOW)
    : before.receipts;
  const receipts = window.some((r) => r.channel !== 'stop-hook') ? window : [];
  const session: SessionStopFacts = { ...before, boundary: e.session.boundary, blocks: e.session.blocks, receipts };
  const sessions = { ...facts.sessions, [sessionId]: session };
  const stop: StopFacts | undefined = Object.keys(sessions).length > STOP_FACTS_MAX_SESSIONS ? undefined : { ...facts, sessions, spooled: [...facts.spooled, name] };
  const { stop: _old, ...rest } = hot;
  try {
    // The ledger written since this Stop read the state: a call that opened it may have put a newer state in place, which an
    // older one must not replace. The spool file stays uncounted, and the next Stop is decided from the ledger, which takes it in.
    if (ledgerStamp(ledgerDir) !== hot.ledgerStamp) return;
    // The state keeps the time it was written from the ledger: a config changed since is still newer than it (hotStateCurrent).
    const path = join(ledgerDir, HOT_STATE_FILE);
    // Set back a millisecond earlier than it was, never later: a Date rounds the file's time to the nearest millisecond, and a time
    // moved forward, even by part of one, would make a config written in that instant look older than the state.
    const written = (Math.floor(statSync(path).mtimeMs) - 1) / 1000;
    // Never the file's text: the facts name one more spool file, or are dropped.
    writeHotState(ledgerDir, stop ? { ...rest, stop } : rest, { changed: true });
    utimesSync(path, written, written);
  } catch {
    // The Stop is recorded in the spool all the same: the next Stop finds it not counted and opens the ledger.
  }
}
