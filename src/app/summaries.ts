import { readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Config } from '../config/schema.js';
import type { PendingActionText } from '../formats/task-summary.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { appendEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import type { PlanRecord } from '../ledger/plans.js';
import { raisePendingActions } from '../ledger/pending-actions.js';
import { taskStatuses } from '../ledger/task-status.js';
import { sha256 } from '../util/sha256.js';

/**
 * Every way a task summary reaches continuity ends here: `task done
 * --summary`, a summary file found on disk, a summary read again after it
 * changed. One parser, one writer, so the paths cannot disagree.
 */
export function recordSummary(
  db: SqlDatabase,
  s: { planId: string; taskId: string; text: string; path: string; source: string; at: string; eventId: number; pendingActions: readonly PendingActionText[] },
): { added: number; actions: readonly PendingActionText[] } {
  const { pendingActions } = s;
  const added = raisePendingActions(db, s.planId, s.taskId, pendingActions, { at: s.at, source: s.source, summaryPath: s.path, eventId: s.eventId });
  db.run(
    `INSERT INTO ingested_summaries (plan_id, task_id, path, content_hash) VALUES (?, ?, ?, ?)
     ON CONFLICT (plan_id, task_id, path) DO UPDATE SET content_hash = excluded.content_hash`,
    s.planId,
    s.taskId,
    s.path,
    sha256(s.text),
  );
  return { added, actions: pendingActions };
}

/** Where a completed task's summary may be found: the path given to `task done --summary`, then the configured patterns. */
export function summaryCandidates(plan: Pick<PlanRecord, 'id' | 'path'>, taskId: string, recordedPath: string | null, config: Config): string[] {
  const name = basename(plan.path);
  const stem = name.slice(0, name.length - extname(name).length);
  const fromPatterns = config.summaries.paths.map((p) => p.replaceAll('{plan}', stem).replaceAll('{task}', taskId));
  return [...(recordedPath ? [recordedPath] : []), ...fromPatterns];
}

/**
 * Reads the summaries of completed tasks that appeared or changed on disk
 * since they were last read and records their pending actions.
 */
export async function ingestSummaryFiles(ledger: Ledger, plan: PlanRecord, opts: { now: string; config: Config; source: string; sessionId?: string | null }): Promise<number> {
  const found: { taskId: string; path: string; text: string }[] = [];
  const seen = new Map(
    ledger.db
      .all<{ task_id: string; path: string; content_hash: string }>('SELECT task_id, path, content_hash FROM ingested_summaries WHERE plan_id = ?', plan.id)
      .map((r) => [`${r.task_id}\n${r.path}`, r.content_hash]),
  );
  for (const status of taskStatuses(ledger.db, plan.id)) {
    if (status.state !== 'complete') continue;
    for (const rel of summaryCandidates(plan, status.taskId, status.summaryPath, opts.config)) {
      const text = readIfFile(join(ledger.root, rel));
      if (text === null) continue;
      if (seen.get(`${status.taskId}\n${rel}`) !== sha256(text)) found.push({ taskId: status.taskId, path: rel, text });
      break;
    }
  }
  if (!found.length) return 0;
  // The parser (and markdown-it) is loaded only when a summary is there to read.
  const { parseTaskSummary } = await import('../formats/task-summary.js');
  const parsed = found.map((f) => ({ ...f, pendingActions: parseTaskSummary(f.text, { planId: plan.id, taskId: f.taskId }).pendingActions }));
  return ledger.write((db) => {
    const eventId = appendEvent(db, {
      at: opts.now,
      source: opts.source,
      kind: 'summary.read',
      sessionId: opts.sessionId ?? null,
      input: { planId: plan.id, files: found.map((f) => ({ taskId: f.taskId, path: f.path })) },
      decision: null,
    });
    let added = 0;
    for (const f of parsed) added += recordSummary(db, { planId: plan.id, taskId: f.taskId, text: f.text, path: f.path, source: 'summary-file', at: opts.now, eventId, pendingActions: f.pendingActions }).added;
    return added;
  });
}

function readIfFile(path: string): string | null {
  try {
    if (!statSync(path).isFile()) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
