/**
 * Who did what, read from the audit trail for `status`: the client and
 * session behind each task's recorded state, and the sessions of each client.
 * Single statements: none holds a transaction open after it returns.
 */
import type { SqlDatabase } from './driver.js';
import { decodeAtSql } from './event-rows.js';
import { clientSql, type TaskRecorder } from './event-client.js';

/** The event behind each task state the ledger recorded for the plan (`task done`, the SDD ledger, …). */
export function taskRecorders(db: SqlDatabase, planId: string): TaskRecorder[] {
  return db
    .all<{ task_id: string; changed_at: string; source: string; client: string; session_id: string | null }>(
      `SELECT ts.task_id, ts.changed_at, ts.source, ${clientSql('e')} AS client, e.session_id
         FROM task_status ts JOIN events e ON e.id = ts.event_id WHERE ts.plan_id = ?`,
      planId,
    )
    .map((r) => ({ taskId: r.task_id, at: r.changed_at, source: r.source, client: r.client, sessionId: r.session_id }));
}

export interface ClientSessions {
  client: string;
  /** How many sessions of this client the ledger has events of. */
  count: number;
  /** The latest ones, newest first. */
  sessions: { sessionId: string; firstAt: string; lastAt: string; events: number }[];
}

/** The sessions the audit trail holds, by client; the client with the latest session first. */
export function sessionsByClient(db: SqlDatabase, perClient = 5): ClientSessions[] {
  const rows = db.all<{ client: string; session_id: string; first_at: string; last_at: string; n: number }>(
    // From the tally the triggers keep (src/ledger/session-tally.ts), a few rows a session, whatever the number of events; then spelled out.
    `SELECT ${clientSql()} AS client, session_id, min(first_at) AS first_at, max(last_at) AS last_at, sum(n) AS n
       FROM (SELECT src.name AS source, c.name AS client, s.name AS session_id, ${decodeAtSql('g.first_at')} AS first_at, ${decodeAtSql('g.last_at')} AS last_at, g.n
               FROM session_tally g
               JOIN event_names s ON s.id = g.session JOIN event_names src ON src.id = g.source LEFT JOIN event_names c ON c.id = nullif(g.client, 0))
      GROUP BY 1, 2 ORDER BY last_at DESC, session_id`,
  );
  const byClient = new Map<string, ClientSessions>();
  for (const r of rows) {
    const entry = byClient.get(r.client) ?? { client: r.client, count: 0, sessions: [] };
    byClient.set(r.client, entry);
    entry.count++;
    if (entry.sessions.length < perClient) entry.sessions.push({ sessionId: r.session_id, firstAt: r.first_at, lastAt: r.last_at, events: Number(r.n) });
  }
  return [...byClient.values()];
}
