/**
 * Which agent client an event came from. A hook's source names its client
 * (`hook:codex`); an event whose source does not (a command, a request the
 * hook took in from the inbox) carries it in `events.client`, `unknown`
 * when it could not be told. Events recorded before the column existed, and
 * spooled hook events, leave it empty: their source says it.
 */

/** The client of an event row, as SQL over `events` (its own column, else its hook's, else `unknown`); `t`: the table's alias in a join. */
export function clientSql(t = ''): string {
  const p = t ? `${t}.` : '';
  return `coalesce(${p}client, CASE WHEN ${p}source LIKE 'hook:%' THEN substr(${p}source, 6) END, 'unknown')`;
}

export const CLIENT_SQL = clientSql();

/** The same in code, for a row read without CLIENT_SQL. */
export function clientOf(row: { source: string; client?: string | null }): string {
  return row.client ?? (row.source.startsWith('hook:') ? row.source.slice('hook:'.length) : 'unknown');
}

/** Who recorded a task's state: the event that set it, its client and session. */
export interface TaskRecorder {
  taskId: string;
  at: string;
  /** What carried it in: `cli`, `hook:codex`, `sdd-ledger`, … */
  source: string;
  client: string;
  sessionId: string | null;
}
