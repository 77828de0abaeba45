import type { SqlDatabase } from './driver.js';
import { redactText } from './redact.js';
import { redactionKeyOf } from './redaction-key.js';

/**
 * What the person must be told at the next hook: an approval made outside
 * the agent's session (at a terminal), which only the person can tell from
 * their own. Owed until a hook call has said it.
 */
export function insertNotice(db: SqlDatabase, n: { at: string; kind: string; text: string; eventId: number | null }): void {
  db.run('INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)', n.at, n.kind, redactText(n.text, redactionKeyOf(db)), n.eventId);
}

export function owedNotices(db: SqlDatabase): { id: number; text: string }[] {
  return db.all<{ id: number; text: string }>('SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id').map((r) => ({ id: Number(r.id), text: r.text }));
}

export function countOwedNotices(db: SqlDatabase): number {
  return Number(db.get<{ n: number }>('SELECT count(*) AS n FROM notices WHERE announced_at IS NULL')?.n ?? 0);
}

export function markAnnounced(db: SqlDatabase, ids: readonly number[], at: string, eventId: number): void {
  for (const id of ids) db.run('UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL', at, eventId, id);
}
