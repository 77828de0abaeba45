import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProgressTask } from '../domain/boundary.js';
import type { TaskState } from '../formats/plan/model.js';
import { parseSddProgress } from '../formats/sdd-progress.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { appendEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import type { PlanRecord } from '../ledger/plans.js';
import { setTaskStatus } from '../ledger/task-status.js';
import { sddLedgerPath } from './sdd-path.js';

export { sddLedgerPath };
import { sha256 } from './plan-files.js';

/**
 * Tasks in plan order with their effective state: a ledger record wins over
 * the file's own marks. One query: the Stop gate reads this for plans of
 * hundreds of tasks on every stop.
 */
export function loadProgressTasks(db: SqlDatabase, planId: string): ProgressTask[] {
  const rows = db.all<{ id: string; title: string; file_state: string; high_risk_stop: number; state: string | null; changed_at: string | null; event_id: number | null }>(
    `SELECT t.id, t.title, t.file_state, t.high_risk_stop, s.state, s.changed_at, s.event_id
     FROM tasks t LEFT JOIN task_status s ON s.plan_id = t.plan_id AND s.task_id = t.id
     WHERE t.plan_id = ? ORDER BY t.ordinal`,
    planId,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    state: (r.state ?? r.file_state) as TaskState,
    highRiskStop: Number(r.high_risk_stop) === 1,
    changedAt: r.changed_at,
    changeSeq: r.event_id === null ? 0 : Number(r.event_id),
  }));
}


/**
 * Reads the superpowers SDD ledger when it changed since last read and
 * records the completions and blocks it reports that the ledger does not
 * have yet. Returns how many task states changed.
 */
export function ingestSddLedger(ledger: Ledger, plan: PlanRecord, opts: { now: string; source: string; sessionId?: string | null }): number {
  const rel = sddLedgerPath(plan);
  const abs = join(ledger.root, rel);
  let size: number;
  let mtimeMs: number;
  try {
    const st = statSync(abs);
    size = st.size;
    mtimeMs = st.mtimeMs;
  } catch {
    return 0;
  }
  const seen = ledger.db.get<{ size: number; mtime_ms: number; content_hash: string }>('SELECT size, mtime_ms, content_hash FROM watched_files WHERE path = ?', rel);
  if (seen && Number(seen.size) === size && Number(seen.mtime_ms) === mtimeMs) return 0;
  const text = readFileSync(abs, 'utf8');
  const hash = sha256(text);
  const known = new Map(loadProgressTasks(ledger.db, plan.id).map((t) => [t.id, t.state]));
  const changes = parseSddProgress(text).filter((e) => known.has(e.taskId) && known.get(e.taskId) !== e.state);
  return ledger.write((db) => {
    db.run(
      'INSERT INTO watched_files (path, size, mtime_ms, content_hash) VALUES (?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, content_hash = excluded.content_hash',
      rel,
      size,
      mtimeMs,
      hash,
    );
    if (!changes.length || seen?.content_hash === hash) return 0;
    const eventId = appendEvent(db, {
      at: opts.now,
      source: opts.source,
      kind: 'sdd-ledger.read',
      sessionId: opts.sessionId ?? null,
      input: { path: rel, contentHash: hash },
      decision: { planId: plan.id, changes: changes.map((c) => ({ taskId: c.taskId, state: c.state, detail: c.detail })) },
    });
    for (const c of changes) {
      setTaskStatus(db, plan.id, { taskId: c.taskId, state: c.state, at: opts.now, eventId, source: 'sdd-ledger', evidence: `${rel}:${c.line} ${c.detail}`.trim() });
    }
    return changes.length;
  });
}
