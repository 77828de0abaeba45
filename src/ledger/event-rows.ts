import { packableSql, packSql, unpackSql } from './event-words.js';

/**
 * How the audit trail is stored (schema 10). `events` is a view over the
 * compact table `event_rows`, with the columns, values and writability the
 * table had: readers and writers are unchanged, and the recovery copy's hash
 * chain, taken over the view's text, is the same as before. In `event_rows`:
 *
 *   - `source`, `kind`, `session`, `client` are ids of `event_names` (the same
 *     few strings at every event); 'Stop' is id 1, named by an index;
 *   - `at` is milliseconds since 1970 when the text is an instant as
 *     `Date.toISOString` writes it (and reads back the same), else the text;
 *   - `decision` is 0 for the most common decision (NONE_DECISION), else its JSON;
 *   - `spooled` is 1 for an event taken in from the spool (the spool's
 *     dedupe is the table `spool_taken`: src/ledger/spool.ts); schema 11
 *     names it `flags` and adds 2 for an input stored packed (VIEW_SQL_11).
 *
 * `at` and `decision` hold integers and text side by side: they are declared
 * without a type, so neither is converted.
 */

/** The decision of a hook call continuity had nothing to say to. */
export const NONE_DECISION = '{"action":"none","output":null}';

/** The id of the name 'Stop' (the index of Stop blocks names it). */
export const STOP_NAME_ID = 1;

const ISO_GLOB = "'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";

/** The stored `at` read back as text (SQL over the stored value `x`). */
export function decodeAtSql(x: string): string {
  return `CASE WHEN typeof(${x}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${x} / 1000, 'unixepoch') || '.' || substr(1000 + ${x} % 1000, 2) || 'Z' ELSE ${x} END`;
}

function msOfSql(x: string): string {
  return `(CAST(strftime('%s', ${x}) AS INTEGER) * 1000 + CAST(substr(${x}, 21, 3) AS INTEGER))`;
}

/** An `at` as stored (SQL over the text `x`): milliseconds when they read back as the same text, else the text. */
export function encodeAtSql(x: string): string {
  const ms = msOfSql(x);
  return `CASE WHEN typeof(${x}) = 'text' AND ${x} GLOB ${ISO_GLOB} AND ${ms} >= 0 AND (${decodeAtSql(ms)}) = ${x} THEN ${ms} ELSE ${x} END`;
}

function encodeDecisionSql(x: string): string {
  return `CASE WHEN ${x} = '${NONE_DECISION}' THEN 0 ELSE ${x} END`;
}

function decodeDecisionSql(x: string): string {
  return `CASE WHEN typeof(${x}) = 'integer' THEN '${NONE_DECISION}' ELSE ${x} END`;
}

const nameId = (x: string) => `(SELECT id FROM event_names WHERE name = ${x})`;

function internSql(prefix: string): string {
  return `INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${prefix}source AS v UNION ALL SELECT ${prefix}kind UNION ALL SELECT ${prefix}session_id UNION ALL SELECT ${prefix}client) WHERE v IS NOT NULL;`;
}

/** How far back (in ids) an event looks for the earlier event of the same tool call whose input it continues. */
export const PAIR_WINDOW = 32;

/**
 * An event's input as stored: when an earlier event of the same session and
 * tool call (tool_use_id) begins with the same text (all of it but its
 * closing brace, or up to and including its `tool_input`: a PostToolUse
 * after its PreToolUse), only the rest is kept,
 * with the earlier event's id (`pre`) and the length of the shared beginning
 * (`pre_len`); read back, the two are joined again, byte for byte.
 */
const PAIR_SQL = `
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${nameId('NEW.session_id')} AND r.id > (SELECT max(id) FROM event_rows) - ${PAIR_WINDOW} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`;

const INPUT_SQL = 'CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END';

const VIEW_SQL_10 = `
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${decodeAtSql('e.at')}, src.name, k.name, s.name, ${INPUT_SQL}, ${decodeDecisionSql('e.decision')},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${internSql('NEW.')}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${encodeAtSql('NEW.at')}, ${nameId('NEW.source')}, ${nameId('NEW.kind')}, ${nameId('NEW.session_id')},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${encodeDecisionSql('NEW.decision')}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${nameId('NEW.client')},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${PAIR_SQL}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${internSql('NEW.')}
    UPDATE event_rows SET id = NEW.id, at = ${encodeAtSql('NEW.at')}, source = ${nameId('NEW.source')}, kind = ${nameId('NEW.kind')},
      session = ${nameId('NEW.session_id')}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${encodeDecisionSql('NEW.decision')},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${nameId('NEW.client')}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`;

/**
 * Migration 10: the events table rewritten as event_rows behind the view.
 * Its row count (event_count) and ids carry over; the id sequence too, so an
 * id is never given twice.
 */
export const COMPACT_EVENTS_SQL = `
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${STOP_NAME_ID}, 'Stop');
  INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT source AS v FROM events_old UNION SELECT kind FROM events_old UNION SELECT session_id FROM events_old UNION SELECT client FROM events_old) WHERE v IS NOT NULL;
  CREATE TABLE event_rows (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        NOT NULL,              -- ms since 1970, or the text (see src/ledger/event-rows.ts)
    source    INTEGER NOT NULL,      -- event_names
    kind      INTEGER NOT NULL,      -- event_names
    session   INTEGER,               -- event_names
    input     TEXT NOT NULL,         -- JSON: what was decided on
    decision,                        -- 0: NONE_DECISION, else JSON: what was decided
    spooled   INTEGER,               -- 1: taken in from the spool
    client    INTEGER,               -- event_names
    pre       INTEGER,               -- the earlier event whose input this one continues
    pre_len   INTEGER                -- how much of that input this one begins with
  );
  ${VIEW_SQL_10}
  INSERT INTO events (id, at, source, kind, session_id, input, decision, spool_id, client)
    SELECT id, at, source, kind, session_id, input, decision, spool_id, client FROM events_old ORDER BY id;
  INSERT INTO sqlite_sequence (name, seq) SELECT 'event_rows', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'event_rows');
  UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events_old'), 0)) WHERE name = 'event_rows';
  DROP TABLE events_old;
  DELETE FROM sqlite_sequence WHERE name = 'events_old';
  -- The spool files taken in lately, so that two processes never take one twice (src/ledger/spool.ts).
  CREATE TABLE spool_taken (name TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE INDEX event_rows_session ON event_rows (session, id);
  CREATE INDEX event_rows_kind_at ON event_rows (kind, at);
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${STOP_NAME_ID} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;

/**
 * The ids of events of one of `kinds` names recorded at or after an ISO
 * instant, as SQL whose parameters are the kinds then the instant: found by
 * the index on the stored kind and time, which a condition on the view's
 * text cannot use.
 */
export function eventsOfKindsSinceSql(kinds: number): string {
  return `id IN (SELECT id FROM event_rows WHERE kind IN (SELECT id FROM event_names WHERE name IN (${Array(kinds).fill('?').join(', ')})) AND at >= (SELECT ${encodeAtSql('v')} FROM (SELECT CAST(? AS TEXT) AS v)))`;
}

/**
 * Schema 11: an input is stored packed (src/ledger/event-words.ts) when it
 * can be, and `spooled` becomes `flags`: 1 for an event taken in from the
 * spool, 2 for an input stored packed (read back unpacked, byte for byte).
 * Pairing is as before, over the text as stored: an event continues only
 * an earlier one stored the same way, found by its tool call id as stored.
 * Events recorded before keep their earlier storage (flag 2 unset), so that
 * a recovery tail written before still replays onto them as it was written.
 */
export const FLAG_SPOOLED = 1;
export const FLAG_PACKED = 2;

const PACKABLE = packableSql('NEW.input');
/** The new input (or a piece of it, `x`) as it is stored. */
const storedSql = (x: string) => `CASE WHEN ${PACKABLE} THEN ${packSql(x)} ELSE ${x} END`;

// The subqueries \`t\` and \`x\` end in LIMIT 1 so that they are computed once, not
// flattened into the join and their packing done again at every row it reads.
const PAIR_SQL_11 = `
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${storedSql('NEW.input')} AS n, ${storedSql(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${storedSql(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${PACKABLE} THEN ${FLAG_PACKED} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${nameId('NEW.session_id')} AND r.id > (SELECT max(id) FROM event_rows) - ${PAIR_WINDOW} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${FLAG_PACKED} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`;

const VIEW_SQL_11 = `
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${decodeAtSql('e.at')}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${FLAG_PACKED} THEN ${unpackSql(INPUT_SQL)} ELSE ${INPUT_SQL} END, ${decodeDecisionSql('e.decision')},
           CASE WHEN e.flags & ${FLAG_SPOOLED} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${internSql('NEW.')}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${encodeAtSql('NEW.at')}, ${nameId('NEW.source')}, ${nameId('NEW.kind')}, ${nameId('NEW.session_id')},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${encodeDecisionSql('NEW.decision')},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${FLAG_SPOOLED} ELSE 0 END | CASE WHEN ${PACKABLE} THEN ${FLAG_PACKED} ELSE 0 END, 0),
             ${nameId('NEW.client')}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${storedSql('NEW.input')} AS v LIMIT 1) x LEFT JOIN (${PAIR_SQL_11}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${internSql('NEW.')}
    UPDATE event_rows SET id = NEW.id, at = ${encodeAtSql('NEW.at')}, source = ${nameId('NEW.source')}, kind = ${nameId('NEW.kind')},
      session = ${nameId('NEW.session_id')}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${encodeDecisionSql('NEW.decision')},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${FLAG_SPOOLED} END, client = ${nameId('NEW.client')}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`;

/** Migration 11: inputs stored packed from now on (see VIEW_SQL_11); the view reads every row as before. */
export const PACKED_EVENTS_SQL = `
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${VIEW_SQL_11}
`;
