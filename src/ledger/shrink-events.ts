import { boundForAudit } from './audit-input.js';
import type { SqlDatabase } from './driver.js';
import { isEnvFileName, settingsLines } from '../formats/env-file.js';
import { redactionKeyOf } from './redaction-key.js';

/**
 * Rewrites the inputs of events recorded before the audit trail was bounded
 * (schema 8): each is kept as a new event's would be (src/ledger/audit-input.ts).
 * Runs inside the migration's transaction, in batches of ids so a large old
 * ledger is never read into memory at once. An input that is not JSON (a row
 * changed by hand) is left as it is. Returns how many rows changed.
 */
export function shrinkEvents(db: SqlDatabase, batch = 2000): number {
  let changed = 0;
  const key = redactionKeyOf(db);
  for (let from = 0; ; ) {
    const rows = db.all<{ id: number; kind: string; session_id: string | null; input: string }>('SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?', from, batch);
    if (!rows.length) return changed;
    for (const r of rows) {
      let value: unknown;
      try {
        value = JSON.parse(r.input);
      } catch {
        continue;
      }
      const text = JSON.stringify(boundForAudit(value, { sessionId: r.session_id, kind: r.kind }, key) ?? null);
      if (text !== r.input) changed += db.run('UPDATE events SET input = ? WHERE id = ?', text, r.id).changes;
    }
    from = Number(rows[rows.length - 1]!.id);
  }
}

/** The guarded env files' snapshots, taken whole by an earlier continuity: only their settings-moving lines are kept (src/app/guard.ts keptContent). */
export function shrinkEnvSnapshots(db: SqlDatabase): number {
  let changed = 0;
  for (const r of db.all<{ path: string; content: string | null }>('SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL')) {
    if (!isEnvFileName(r.path)) continue;
    const kept = settingsLines(r.content!);
    if (kept !== r.content) changed += db.run('UPDATE guard_snapshots SET content = ? WHERE path = ?', kept, r.path).changes;
  }
  return changed;
}

/** What a migration does beyond its SQL, by the version it leaves (MIGRATIONS[i] moves i → i+1). Returns rows rewritten. */
export const MIGRATION_STEPS: Partial<Record<number, (db: SqlDatabase) => number>> = {
  7: (db) => shrinkEvents(db) + shrinkEnvSnapshots(db),
  // Every event was moved into event_rows: the space the old table took is given back.
  9: (db) => Number(db.get<{ n: number }>('SELECT count(*) AS n FROM event_rows')?.n ?? 0),
};
