/**
 * The shared ledger in PostgreSQL: connect, migrate, push records, pull
 * records. The client library (pg) is imported here only, and this module
 * only by the sync process and the CLI: a hook never loads it.
 */
import type { Client, ClientConfig } from 'pg';
import { PG_MIGRATIONS } from './pg-migrations.js';
import type { Login } from './credentials.js';
import type { IntakeRecord } from '../domain/shared-intake.js';

export interface OutRecord {
  id: string;
  localId: number;
  kind: string;
  at: string;
  source: string;
  client: string | null;
  sessionId: string | null;
  planPath: string | null;
  structureHash: string | null;
  input: unknown;
  decision: unknown;
  approval: unknown;
}

/** A record as read: its approval still as stored (src/app/shared-approval.ts reads it). */
export interface PulledRecord extends Omit<IntakeRecord, 'approval'> {
  seq: number;
  tx: string;
  approval: unknown;
}

export interface PullCursor {
  tx: string;
  seq: number;
}

/** An arbitrary constant: the advisory lock every machine migrating the schema takes. */
const MIGRATION_LOCK = 0x636f6e74;

export class SharedStore {
  private constructor(
    private readonly client: Client,
    /** Where the credentials came from (never the credentials). */
    readonly login: string,
  ) {}

  static async connect(login: Login, opts: { timeoutMs: number }): Promise<SharedStore> {
    const { default: pg } = await import('pg');
    const base: ClientConfig = { connectionTimeoutMillis: opts.timeoutMs, application_name: 'continuity', statement_timeout: 30_000 };
    const config: ClientConfig = 'connectionString' in login ? { ...base, connectionString: login.connectionString } : { ...base, host: login.host, port: login.port, database: login.database };
    const client = new pg.Client(config);
    // A connection the server drops (a restart) is an error event; unhandled, it would end the process.
    client.on('error', () => undefined);
    await client.connect();
    return new SharedStore(client, login.from === 'libpq' ? 'PGUSER/PGPASSWORD or ~/.pgpass' : login.from === 'file' ? 'the credentials file' : 'CONTINUITY_SHARED_URL');
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }

  /** Brings the schema to the newest version; returns it. */
  async migrate(): Promise<number> {
    const c = this.client;
    await c.query('BEGIN');
    try {
      await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await c.query('CREATE TABLE IF NOT EXISTS continuity_schema (one int PRIMARY KEY CHECK (one = 1), version int NOT NULL)');
      await c.query('INSERT INTO continuity_schema (one, version) VALUES (1, 0) ON CONFLICT DO NOTHING');
      const version = Number((await c.query<{ version: number }>('SELECT version FROM continuity_schema')).rows[0]?.version ?? 0);
      for (let v = version; v < PG_MIGRATIONS.length; v++) await c.query(PG_MIGRATIONS[v]!);
      await c.query('UPDATE continuity_schema SET version = $1', [PG_MIGRATIONS.length]);
      await c.query('COMMIT');
      return PG_MIGRATIONS.length;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  async joinProject(project: { id: string; label: string | null }, machine: string): Promise<void> {
    await this.client.query('INSERT INTO continuity_projects (id, label) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET label = coalesce(excluded.label, continuity_projects.label)', [project.id, project.label]);
    await this.client.query('INSERT INTO continuity_machines (project, machine) VALUES ($1, $2) ON CONFLICT (project, machine) DO UPDATE SET last_seen = now()', [project.id, machine]);
  }

  /** Inserts the records in one transaction; one already there (pushed before a crash) is left as it is. Returns how many were new. */
  async push(projectId: string, machine: string, records: readonly OutRecord[]): Promise<number> {
    if (!records.length) return 0;
    const c = this.client;
    await c.query('BEGIN');
    try {
      // One statement for the batch: its rows as JSON, expanded by the server.
      const r = await c.query(
        `INSERT INTO continuity_records (id, project, machine, local_id, kind, at, source, client, session_id, plan_path, structure_hash, input, decision, approval)
         SELECT x.id, $1, $2, x.local_id, x.kind, x.at, x.source, x.client, x.session_id, x.plan_path, x.structure_hash, x.input, x.decision, x.approval
           FROM jsonb_to_recordset($3::jsonb) AS x (id text, local_id bigint, kind text, at text, source text, client text, session_id text, plan_path text, structure_hash text, input jsonb, decision jsonb, approval jsonb)
         ON CONFLICT (id) DO NOTHING`,
        [
          projectId,
          machine,
          JSON.stringify(
            records.map((o) => ({
              id: o.id, local_id: o.localId, kind: o.kind, at: o.at, source: o.source, client: o.client, session_id: o.sessionId,
              plan_path: o.planPath, structure_hash: o.structureHash, input: o.input ?? null, decision: o.decision ?? null, approval: o.approval ?? null,
            })),
          ),
        ],
      );
      await c.query('UPDATE continuity_machines SET last_seen = now(), pushed = greatest(pushed, $3) WHERE project = $1 AND machine = $2', [projectId, machine, records[records.length - 1]!.localId]);
      await c.query('COMMIT');
      return r.rowCount ?? 0;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  /** The records after the cursor, this machine's own included (the cursor passes them), in commit-safe order (see PG_MIGRATIONS). */
  async pull(projectId: string, after: PullCursor, limit = 500): Promise<PulledRecord[]> {
    const r = await this.client.query<{
      seq: string; tx: string; id: string; machine: string; kind: string; at: string; client: string | null; session_id: string | null;
      plan_path: string | null; structure_hash: string | null; input: unknown; decision: unknown; approval: unknown;
    }>(
      `SELECT seq, tx::text AS tx, id, machine, kind, at, client, session_id, plan_path, structure_hash, input, decision, approval
         FROM continuity_records
        WHERE project = $1 AND (tx, seq) > ($2::xid8, $3::bigint) AND tx < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY tx, seq LIMIT $4`,
      [projectId, after.tx, after.seq, limit],
    );
    return r.rows.map((x) => ({
      seq: Number(x.seq), tx: x.tx, id: x.id, machine: x.machine, kind: x.kind, at: x.at, client: x.client, sessionId: x.session_id,
      planPath: x.plan_path, structureHash: x.structure_hash, input: x.input, decision: x.decision, approval: x.approval ?? null,
    }));
  }

  /** The schema's version (null: not made yet) and the records of a project, read without changing anything. */
  async describe(projectId: string): Promise<{ schema: number | null; records: number; login: string }> {
    const made = (await this.client.query("SELECT to_regclass('continuity_schema') IS NOT NULL AS made")).rows[0]?.made === true;
    if (!made) return { schema: null, records: 0, login: this.login };
    const schema = Number((await this.client.query<{ version: number }>('SELECT version FROM continuity_schema')).rows[0]?.version ?? 0);
    return { schema, records: await this.countRecords(projectId), login: this.login };
  }

  async countRecords(projectId: string): Promise<number> {
    return Number((await this.client.query<{ n: string }>('SELECT count(*) AS n FROM continuity_records WHERE project = $1', [projectId])).rows[0]?.n ?? 0);
  }
}
