/**
 * The shared ledger's schema in PostgreSQL, versioned as the SQLite ledger's
 * is (src/ledger/migrations.ts): each entry moves the schema from version i
 * to i+1, run in one transaction under an advisory lock, so machines joining
 * at once migrate it exactly once. Never edit a shipped migration: append.
 *
 * One table of records, one row per event any machine recorded, keyed by a
 * globally unique id (the machine's id and its local event id): pushing the
 * same event twice inserts it once. `tx` is the inserting transaction's id:
 * a reader takes only rows of transactions older than every one still open
 * (pg_snapshot_xmin), so a row committed late under a smaller `seq` is never
 * skipped by a cursor that has passed it.
 */
export const PG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE continuity_projects (
    id          text PRIMARY KEY,              -- the repository's identity: its root commit
    label       text,                          -- the remote URL, for people reading the database
    first_seen  timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE continuity_machines (
    project     text NOT NULL REFERENCES continuity_projects (id),
    machine     text NOT NULL,                 -- host name and a short random id, chosen by the machine once
    last_seen   timestamptz NOT NULL DEFAULT now(),
    pushed      bigint NOT NULL DEFAULT 0,     -- the last local event id it pushed
    PRIMARY KEY (project, machine)
  );
  CREATE TABLE continuity_records (
    seq             bigserial PRIMARY KEY,
    tx              xid8 NOT NULL DEFAULT pg_current_xact_id(),
    id              text NOT NULL UNIQUE,      -- '<machine>:<local event id>'
    project         text NOT NULL REFERENCES continuity_projects (id),
    machine         text NOT NULL,
    local_id        bigint NOT NULL,
    kind            text NOT NULL,
    at              text NOT NULL,
    source          text NOT NULL,
    client          text,
    session_id      text,
    plan_path       text,
    structure_hash  text,
    input           jsonb,
    decision        jsonb,
    approval        jsonb,                     -- a signed approval statement and its signature
    stored_at       timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX continuity_records_pull ON continuity_records (project, tx, seq);
  `,
];
