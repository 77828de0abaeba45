import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import { CONFIG_FILE, LEDGER_DIR } from '../ledger/ledger-dir.js';
import type { Ledger } from '../ledger/ledger.js';
import { STOP_FACTS_MAX_SESSIONS, type ClosureFact, type HotState, type SessionStopFacts, type StopFacts } from '../ledger/hot-state.js';
import { taskLineOf } from '../ledger/plans.js';
import { receiptsForBoundary } from '../ledger/receipts.js';
import { latestClosure, sessionById } from '../ledger/sessions.js';
import { taskStatuses } from '../ledger/task-status.js';
import { boundaryKey, replanKey } from '../domain/stop-gate.js';
import { closureSince } from '../domain/closure-since.js';
import { stampedHash, stampFor } from '../util/stamped-hash.js';
import { readPlanState } from './plan-state.js';
import { sddLedgerPath } from './sdd-path.js';
import { summaryCandidates } from './summaries.js';

/**
 * The facts a Stop at the active approved plan's task boundary is decided
 * on, read from the ledger as the Stop handler reads them, for the hot state
 * (src/hooks/rules/stop-hot.ts). Null, and every Stop is decided from the
 * ledger, whenever a Stop could need more than these facts: no approved plan
 * at a task boundary, subagent runs the watchdog would look at, a config
 * that could not be used or a shared ledger, files loadPlanState would take
 * in, more than STOP_FACTS_MAX_SESSIONS sessions to list.
 */
export function computeStopFacts(ledger: Ledger, config: Config, configText: string | null, before: HotState | null): StopFacts | null {
  const db = ledger.db;
  // A config that could not be used is said at every call; a shared ledger may pull records before deciding.
  if (configText === null && existsSync(join(ledger.root, LEDGER_DIR, CONFIG_FILE))) return null;
  if ((config as { shared?: unknown }).shared) return null;
  // The watchdog reads runs that need attention, of any age: only without any is it certain to do nothing.
  if (Number(db.get<{ n: number }>('SELECT count(*) AS n FROM runs WHERE attention = 1 AND launched = 1')?.n ?? 0) > 0) return null;
  const state = readPlanState(ledger);
  if (!state || state.plan.state !== 'approved') return null;
  const { plan, nextStep: step } = state;
  const boundary = step.boundary;
  if (boundary.kind !== 'task_boundary') return null;
  const since = closureSince(null, step);
  if (since === null) return null;

  // The files loadPlanState reads, as the ledger last took them in: unchanged, it changes nothing.
  const sddPath = sddLedgerPath(plan);
  const sddRow = db.get<{ size: number; mtime_ms: number }>('SELECT size, mtime_ms FROM watched_files WHERE path = ?', sddPath);
  const known = new Map((before?.stop?.summaries ?? []).flatMap((s) => Object.entries(s.stamps)));
  const seenRows = db.all<{ task_id: string; path: string; content_hash: string }>('SELECT task_id, path, content_hash FROM ingested_summaries WHERE plan_id = ?', plan.id);
  const summaries: StopFacts['summaries'] = [];
  for (const status of taskStatuses(db, plan.id)) {
    if (status.state !== 'complete') continue;
    const paths = summaryCandidates(plan, status.taskId, status.summaryPath, config);
    const seen: Record<string, string> = {};
    for (const r of seenRows) if (r.task_id === status.taskId && paths.includes(r.path)) seen[r.path] = r.content_hash;
    const stamps: Record<string, string> = {};
    for (const rel of paths) {
      const abs = join(ledger.root, rel);
      const prior = known.get(rel);
      const hash = stampedHash(abs, seen[rel] && prior ? { hash: seen[rel], stamp: prior } : null);
      if (hash === null) continue;
      // A summary the ledger has not taken in: the next Stop takes it in.
      if (hash !== seen[rel]) return null;
      const stamp = stampFor(abs, hash, prior ? { hash, stamp: prior } : null);
      if (stamp !== undefined) stamps[rel] = stamp;
      break;
    }
    summaries.push({ taskId: status.taskId, paths, seen, stamps });
  }

  // Every session whose facts differ from a new session's at this boundary.
  const keys = [step.kind === 'replan' ? replanKey(plan.id, step.from.id) : null, boundary.next ? boundaryKey(plan.id, boundary.from.id, boundary.next.id) : null].filter((k): k is string => k !== null);
  const rows = new Map<string, { suspended: number; last_prompt_at: string | null; boundary: string | null; blocks: number }>();
  for (const r of db.all<{ session_id: string; suspended: number; last_prompt_at: string | null; boundary: string | null; blocks: number }>(
    `SELECT session_id, suspended, last_prompt_at, boundary, blocks FROM sessions WHERE suspended = 1 OR last_prompt_at > ? OR boundary IN (${keys.map(() => '?').join(', ') || 'NULL'})`,
    since,
    ...keys,
  )) rows.set(r.session_id, r);
  const closing = new Set(db.all<{ session_id: string }>('SELECT DISTINCT session_id FROM closures WHERE session_id IS NOT NULL AND declared_at >= ?', since).map((r) => r.session_id));
  // The rule takes a receipt as proof only when another channel than the Stop gate's own wrote it: a session with only the gate's receipts decides as one with none.
  const proving = new Set(
    boundary.next
      ? db.all<{ session_id: string }>("SELECT DISTINCT session_id FROM receipts WHERE plan_id = ? AND from_task_id = ? AND next_task_id = ? AND session_id IS NOT NULL AND channel <> 'stop-hook'", plan.id, boundary.from.id, boundary.next.id).map((r) => r.session_id)
      : [],
  );
  const ids = new Set([...rows.keys(), ...closing, ...proving]);
  if (ids.size > STOP_FACTS_MAX_SESSIONS) return null;
  const none = db.get<{ state: string; reason: string; declared_at: string; source: string }>(
    'SELECT state, reason, declared_at, source FROM closures WHERE session_id IS NULL AND declared_at >= ? ORDER BY declared_at DESC, id DESC LIMIT 1',
    since,
  );
  const closure: ClosureFact | null = none ? { state: none.state, reason: none.reason, source: none.source, declaredAt: none.declared_at } : null;
  const sessions: Record<string, SessionStopFacts> = {};
  for (const id of [...ids].sort()) {
    const row = rows.get(id);
    const s = row ? { suspended: Number(row.suspended) === 1, lastPromptAt: row.last_prompt_at, boundary: row.boundary, blocks: Number(row.blocks) } : sessionById(db, id);
    const from = closureSince(s.lastPromptAt, step);
    // Without a closure of its own since the boundary and with no prompt after it, the session's newest closure is the one declared for no session.
    const c = closing.has(id) || from !== since ? latestClosure(db, id, from) : none ? { ...closure!, sessionId: null } : null;
    sessions[id] = {
      lastPromptAt: s.lastPromptAt,
      suspended: s.suspended,
      boundary: s.boundary,
      blocks: s.blocks,
      closure: c ? { state: c.state, reason: c.reason, source: c.source, declaredAt: c.declaredAt } : null,
      receipts: proving.has(id) && boundary.next ? proofWindow(receiptsForBoundary(db, { planId: plan.id, fromTaskId: boundary.from.id, nextTaskId: boundary.next.id, sessionId: id }).map((r) => ({ ...r, evidence: String(r.evidence) }))) : [],
    };
  }
  return {
    plan: { id: plan.id, path: plan.path, fileSize: plan.fileSize, fileMtimeMs: plan.fileMtimeMs },
    step,
    openActions: state.openActions,
    nextTaskLine: boundary.next ? { taskId: boundary.next.id, line: taskLineOf(db, plan.id, boundary.next.id) } : null,
    maxConsecutiveBlocks: config.stopGate.maxConsecutiveBlocks,
    sdd: { path: sddPath, seen: sddRow ? { size: Number(sddRow.size), mtimeMs: Number(sddRow.mtime_ms) } : null },
    summaries,
    closure,
    sessions,
    spooled: [],
  };
}

/** A session's receipts for the boundary as the rule reads them (newest first, receiptsForBoundary's window), kept only when one of them can be proof. */
export function proofWindow<R extends { channel: string }>(receipts: R[]): R[] {
  return receipts.some((r) => r.channel !== 'stop-hook') ? receipts : [];
}
