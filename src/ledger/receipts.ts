import type { DispatchReceipt } from '../domain/receipts.js';
import type { SqlDatabase } from './driver.js';
import { redactText } from './redact.js';
import { redactionKeyOf } from './redaction-key.js';

export interface StoredReceipt extends DispatchReceipt {
  id: number;
  sessionId: string | null;
}

export function insertReceipt(db: SqlDatabase, r: DispatchReceipt & { sessionId: string | null; eventId: number }): number {
  return db.run(
    'INSERT INTO receipts (plan_id, from_task_id, next_task_id, dispatched_at, channel, evidence, session_id, event_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    r.planId,
    r.fromTaskId,
    r.nextTaskId,
    r.dispatchedAt,
    r.channel,
    redactText(typeof r.evidence === 'string' ? r.evidence : JSON.stringify(r.evidence ?? null), redactionKeyOf(db)),
    r.sessionId,
    r.eventId,
  ).lastInsertRowid;
}

/** Receipts for one boundary in one session (newest first); an index lookup however many receipts exist. */
export function receiptsForBoundary(db: SqlDatabase, b: { planId: string; fromTaskId: string; nextTaskId: string; sessionId: string }): StoredReceipt[] {
  return db
    .all<{ id: number; plan_id: string; from_task_id: string; next_task_id: string; dispatched_at: string; channel: string; evidence: string; session_id: string | null }>(
      `SELECT id, plan_id, from_task_id, next_task_id, dispatched_at, channel, evidence, session_id FROM receipts
       WHERE plan_id = ? AND from_task_id = ? AND next_task_id = ? AND session_id = ? ORDER BY id DESC LIMIT 20`,
      b.planId,
      b.fromTaskId,
      b.nextTaskId,
      b.sessionId,
    )
    .map((r) => ({
      id: Number(r.id),
      planId: r.plan_id,
      fromTaskId: r.from_task_id,
      nextTaskId: r.next_task_id,
      dispatchedAt: r.dispatched_at,
      channel: r.channel,
      evidence: r.evidence,
      sessionId: r.session_id,
    }));
}

export function countReceipts(db: SqlDatabase): number {
  return Number(db.get<{ n: number }>('SELECT count(*) AS n FROM receipts')?.n ?? 0);
}
