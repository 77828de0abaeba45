import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as ce}from"./chunk-IQICRNJK.mjs";import{f as M,l as Ne,n as le,o as ue,q as c}from"./chunk-GL4LNWX7.mjs";import{c as z,d as D,e as Z}from"./chunk-CFIBSRVI.mjs";import{b as Q,c as J}from"./chunk-VA67UDRY.mjs";import{a as u,b as N}from"./chunk-A5HBJMMP.mjs";import{B as re,D as oe,E as Ee,J as ae,L as Te,M as de,N as X,a as K,d as j,i as W,q as ee,s as te,v as ne,w as se,x as b,y as ie}from"./chunk-DBI4EWIB.mjs";import{b as V,c as S,f as L,g as h}from"./chunk-4M2XKEYQ.mjs";import{a as G}from"./chunk-52QU4TEI.mjs";import{closeSync as je,copyFileSync as Ue,existsSync as We,mkdirSync as Ve,mkdtempSync as Qe,openSync as Je,readSync as ze,rmSync as Y,statSync as Ze}from"node:fs";import{createRequire as et}from"node:module";import{join as l}from"node:path";var R=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],f=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(R.length>f.length)throw new Error("more pack words than codes");var pe=t=>`'${t.replace(/'/g,"''")}'`;function Le(t){return`(${t} NOT GLOB '*[' || char(${f.slice(0,R.length).join(", ")}) || ']*')`}var C=5;function _e(t){let e=t;for(let n=0;n<R.length;n+=C)e=`(SELECT ${R.slice(n,n+C).reduce((i,r,o)=>`replace(${i}, ${pe(r)}, char(${f[n+o]}))`,"v")} FROM (SELECT ${e} AS v))`;return e}function he(t){let e=t;for(let n=0;n<R.length;n+=C)e=`(SELECT ${R.slice(n,n+C).reduce((i,r,o)=>`replace(${i}, char(${f[n+o]}), ${pe(r)})`,"v")} FROM (SELECT ${e} AS v))`;return e}var me='{"action":"none","output":null}',Re=1,Ge="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function F(t){return`CASE WHEN typeof(${t}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${t} / 1000, 'unixepoch') || '.' || substr(1000 + ${t} % 1000, 2) || 'Z' ELSE ${t} END`}function He(t){return`(CAST(strftime('%s', ${t}) AS INTEGER) * 1000 + CAST(substr(${t}, 21, 3) AS INTEGER))`}function v(t){let e=He(t);return`CASE WHEN typeof(${t}) = 'text' AND ${t} GLOB ${Ge} AND ${e} >= 0 AND (${F(e)}) = ${t} THEN ${e} ELSE ${t} END`}function y(t){return`CASE WHEN ${t} = '${me}' THEN 0 ELSE ${t} END`}function ve(t){return`CASE WHEN typeof(${t}) = 'integer' THEN '${me}' ELSE ${t} END`}var E=t=>`(SELECT id FROM event_names WHERE name = ${t})`;function U(t){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${t}source AS v UNION ALL SELECT ${t}kind UNION ALL SELECT ${t}session_id UNION ALL SELECT ${t}client) WHERE v IS NOT NULL;`}var Oe=32,xe=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${E("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${Oe} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,x="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",Fe=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${F("e.at")}, src.name, k.name, s.name, ${x}, ${ve("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${U("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${v("NEW.at")}, ${E("NEW.source")}, ${E("NEW.kind")}, ${E("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${y("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${E("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${xe}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${U("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${v("NEW.at")}, source = ${E("NEW.source")}, kind = ${E("NEW.kind")},
      session = ${E("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${y("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${E("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,Ie=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${Re}, 'Stop');
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
  ${Fe}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${Re} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;function Et(t){return`id IN (SELECT id FROM event_rows WHERE kind IN (SELECT id FROM event_names WHERE name IN (${Array(t).fill("?").join(", ")})) AND at >= (SELECT ${v("v")} FROM (SELECT CAST(? AS TEXT) AS v)))`}var H=1,w=2,P=Le("NEW.input"),g=t=>`CASE WHEN ${P} THEN ${_e(t)} ELSE ${t} END`,Pe=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${g("NEW.input")} AS n, ${g(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${g(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${P} THEN ${w} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${E("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${Oe} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${w} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,Be=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${F("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${w} THEN ${he(x)} ELSE ${x} END, ${ve("e.decision")},
           CASE WHEN e.flags & ${H} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${U("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${v("NEW.at")}, ${E("NEW.source")}, ${E("NEW.kind")}, ${E("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${y("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${H} ELSE 0 END | CASE WHEN ${P} THEN ${w} ELSE 0 END, 0),
             ${E("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${g("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${Pe}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${U("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${v("NEW.at")}, source = ${E("NEW.source")}, kind = ${E("NEW.kind")},
      session = ${E("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${y("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${H} END, client = ${E("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,Ae=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${Be}
`;var $="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",Se=`
  CREATE TABLE session_tally (
    session   INTEGER NOT NULL,      -- event_names
    source    INTEGER NOT NULL,      -- event_names
    client    INTEGER NOT NULL,      -- event_names, 0: none recorded
    first_at  NOT NULL,
    last_at   NOT NULL,
    n         INTEGER NOT NULL,
    PRIMARY KEY (session, source, client)
  ) WITHOUT ROWID;
  INSERT INTO session_tally (session, source, client, first_at, last_at, n)
    SELECT session, source, coalesce(client, 0), min(at), max(at), count(*) FROM event_rows WHERE session IS NOT NULL GROUP BY 1, 2, 3;
  CREATE TRIGGER session_tally_insert AFTER INSERT ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
  CREATE TRIGGER session_tally_delete AFTER DELETE ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${$};
    DELETE FROM session_tally WHERE ${$} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${$};
    DELETE FROM session_tally WHERE ${$} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var B=[`
  CREATE TABLE events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          TEXT    NOT NULL,
    source      TEXT    NOT NULL,           -- 'hook:claude-code', 'cli', \u2026
    kind        TEXT    NOT NULL,           -- hook event name or CLI action
    session_id  TEXT,
    input       TEXT    NOT NULL,           -- JSON: what was decided on
    decision    TEXT                        -- JSON: what was decided
  );
  CREATE INDEX events_session ON events (session_id, id);
  CREATE INDEX events_kind ON events (kind, id);

  CREATE TABLE plans (
    id              TEXT PRIMARY KEY,
    path            TEXT NOT NULL UNIQUE,   -- relative to the project root, '/' separated
    dialect         TEXT NOT NULL,
    title           TEXT,
    structure_hash  TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('draft', 'approved', 'stale', 'complete')),
    approved_hash   TEXT,                   -- structure hash the approval is bound to
    approved_at     TEXT,
    approved_via    TEXT,
    content_hash    TEXT NOT NULL,
    file_size       INTEGER NOT NULL,
    file_mtime_ms   REAL NOT NULL,
    active          INTEGER NOT NULL DEFAULT 0,
    imported_at     TEXT NOT NULL,
    updated_at      TEXT NOT NULL
  );
  CREATE UNIQUE INDEX plans_one_active ON plans (active) WHERE active = 1;

  CREATE TABLE tasks (
    plan_id         TEXT NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    id              TEXT NOT NULL,
    ordinal         INTEGER NOT NULL,
    title           TEXT NOT NULL,
    file_state      TEXT NOT NULL,
    high_risk_stop  INTEGER NOT NULL DEFAULT 0,
    group_title     TEXT,
    line            INTEGER NOT NULL,
    PRIMARY KEY (plan_id, id)
  );
  CREATE INDEX tasks_order ON tasks (plan_id, ordinal);
  `,`
  CREATE TABLE task_status (
    plan_id      TEXT NOT NULL,
    task_id      TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'in_progress', 'complete', 'blocked')),
    changed_at   TEXT NOT NULL,
    event_id     INTEGER NOT NULL,        -- orders changes made at the same instant
    source       TEXT NOT NULL,           -- 'cli', 'sdd-ledger', 'plan-file', \u2026
    evidence     TEXT,
    summary_path TEXT,
    PRIMARY KEY (plan_id, task_id)
  );

  CREATE TABLE receipts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id       TEXT NOT NULL,
    from_task_id  TEXT NOT NULL,
    next_task_id  TEXT NOT NULL,
    dispatched_at TEXT NOT NULL,
    channel       TEXT NOT NULL,          -- 'stop-hook', 'agent-tool', 'cli', \u2026
    evidence      TEXT NOT NULL,
    session_id    TEXT,
    event_id      INTEGER NOT NULL
  );
  CREATE INDEX receipts_boundary ON receipts (plan_id, from_task_id, next_task_id, session_id);

  CREATE TABLE closures (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  TEXT,                     -- NULL: the next stop in any session
    state       TEXT NOT NULL CHECK (state IN ('waiting_user', 'blocked', 'pending_verification')),
    reason      TEXT NOT NULL,
    declared_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    event_id    INTEGER NOT NULL
  );
  CREATE INDEX closures_recent ON closures (declared_at);

  CREATE TABLE sessions (
    session_id     TEXT PRIMARY KEY,
    suspended      INTEGER NOT NULL DEFAULT 0,   -- the user said stop/pause
    last_prompt_at TEXT,
    boundary       TEXT,                         -- the task boundary the Stop gate last blocked at
    blocks         INTEGER NOT NULL DEFAULT 0,   -- consecutive blocks at that boundary
    updated_at     TEXT NOT NULL
  );

  CREATE TABLE violations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         TEXT NOT NULL,
    session_id TEXT,
    kind       TEXT NOT NULL,
    summary    TEXT NOT NULL,
    event_id   INTEGER NOT NULL
  );

  CREATE TABLE watched_files (
    path         TEXT PRIMARY KEY,       -- relative to the project root
    size         INTEGER NOT NULL,
    mtime_ms     REAL NOT NULL,
    content_hash TEXT NOT NULL
  );
  `,`
  ALTER TABLE events ADD COLUMN spool_id TEXT;
  CREATE UNIQUE INDEX events_spool ON events (spool_id) WHERE spool_id IS NOT NULL;
  `,`
  CREATE TABLE pending_actions (
    id             TEXT PRIMARY KEY,      -- stable: plan, task and text
    plan_id        TEXT NOT NULL,
    task_id        TEXT NOT NULL,         -- the task whose summary raised it
    text           TEXT NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('open', 'absorbed', 'dropped', 'done')),
    raised_at      TEXT NOT NULL,
    source         TEXT NOT NULL,         -- how the summary arrived: 'cli', 'summary-file', \u2026
    summary_path   TEXT,
    absorbed_into  TEXT,                  -- the task a replan mapped it to
    drop_reason    TEXT,
    replan_id      INTEGER,
    resolved_at    TEXT,
    event_id       INTEGER NOT NULL
  );
  CREATE INDEX pending_actions_task ON pending_actions (plan_id, task_id, state);

  CREATE TABLE replans (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id       TEXT NOT NULL,
    from_task_id  TEXT NOT NULL,          -- loop protection is keyed to this task
    at            TEXT NOT NULL,
    event_id      INTEGER NOT NULL
  );
  CREATE INDEX replans_task ON replans (plan_id, from_task_id);

  CREATE TABLE ingested_summaries (
    plan_id      TEXT NOT NULL,
    task_id      TEXT NOT NULL,
    path         TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    PRIMARY KEY (plan_id, task_id, path)
  );
  `,`
  ALTER TABLE plans ADD COLUMN approved_line TEXT;
  CREATE TABLE guard_snapshots (
    path      TEXT PRIMARY KEY,       -- relative to the project root
    content   BLOB,                   -- NULL: the file must not exist
    hash      TEXT,
    taken_at  TEXT NOT NULL
  );
  `,`
  CREATE TABLE runs (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id                 TEXT NOT NULL UNIQUE,    -- 'r-<id>' for a Claude Code dispatch; the orchestrator's runId otherwise
    session_id             TEXT,                    -- the main conversation the result is due in
    source                 TEXT NOT NULL,           -- 'claude-code', 'cli'
    tool_use_id            TEXT,                    -- the Agent/Task tool call that dispatched it
    child_session_key      TEXT,                    -- Claude Code: the subagent's agentId
    agent_type             TEXT,
    description            TEXT,
    brief                  TEXT,                    -- the prompt: what a respawn dispatches again
    background             INTEGER NOT NULL DEFAULT 0,
    launched               INTEGER NOT NULL DEFAULT 0, -- 0: a dispatch intent with no sign yet that the child exists
    dispatch_at            TEXT NOT NULL,
    expected_by            TEXT NOT NULL,
    started_at             TEXT,
    child_done             INTEGER NOT NULL DEFAULT 0,
    child_done_at          TEXT,
    captured_result        TEXT,                    -- the child's final message, when captured
    child_transcript_path  TEXT,
    completion_received_at TEXT,
    forwarded_to_main      INTEGER,
    result_source          TEXT,
    respawn_of             TEXT,                    -- the run whose respawn this run is
    notified               TEXT,                    -- what the user was last told (a notice key)
    closed_as              TEXT CHECK (closed_as IN ('completed', 'recovered', 'blocked')),
    attention              INTEGER NOT NULL DEFAULT 1, -- open, or closed with a notice still owed to the user
    updated_at             TEXT NOT NULL
  );
  CREATE INDEX runs_tool_use ON runs (tool_use_id);
  CREATE INDEX runs_child ON runs (child_session_key);
  CREATE INDEX runs_attention ON runs (session_id, attention);
  CREATE INDEX runs_open ON runs (closed_as, launched);

  CREATE TABLE run_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id       TEXT NOT NULL,
    action       TEXT NOT NULL CHECK (action IN ('fetch_history', 'respawn', 'escalate')),
    at           TEXT NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed', 'pending')),
    resolved_at  TEXT,
    channel      TEXT NOT NULL,                     -- the hook point or command that acted: 'Stop', 'UserPromptSubmit', 'PostToolUse', 'cli'
    detail       TEXT,
    event_id     INTEGER                            -- the audit event of the hook call that acted
  );
  CREATE INDEX run_attempts_run ON run_attempts (run_id, id);
  `,`
  CREATE TABLE notices (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    at            TEXT NOT NULL,
    kind          TEXT NOT NULL,
    text          TEXT NOT NULL,
    event_id      INTEGER,                          -- the event that owes the notice
    announced_at  TEXT,                             -- when a hook told the person (NULL: still owed)
    announced_by  INTEGER                           -- the hook call's event
  );
  CREATE INDEX notices_owed ON notices (announced_at);
  `,`
  CREATE INDEX events_kind_at ON events (kind, at);
  CREATE INDEX events_stop_blocks ON events (id) WHERE kind = 'Stop' AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  -- How many events there are, kept by triggers: the check against the recovery head at every opening reads one row, not an index of every event.
  CREATE TABLE event_count (one INTEGER PRIMARY KEY CHECK (one = 1), n INTEGER NOT NULL);
  INSERT INTO event_count (one, n) SELECT 1, count(*) FROM events;
  CREATE TRIGGER events_counted AFTER INSERT ON events BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON events BEGIN UPDATE event_count SET n = n - 1; END;
  `,`
  ALTER TABLE events ADD COLUMN client TEXT;
  `,Ie,Ae,Se,ce],O=B.length;function qe(t,e=2e3){let n=0,s=S(t);for(let i=0;;){let r=t.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",i,e);if(!r.length)return n;for(let o of r){let T;try{T=JSON.parse(o.input)}catch{continue}let d=JSON.stringify(j(T,{sessionId:o.session_id,kind:o.kind},s)??null);d!==o.input&&(n+=t.run("UPDATE events SET input = ? WHERE id = ?",d,o.id).changes)}i=Number(r[r.length-1].id)}}function Ye(t){let e=0;for(let n of t.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!Q(n.path))continue;let s=J(n.content);s!==n.content&&(e+=t.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",s,n.path).changes)}return e}var De={7:t=>qe(t)+Ye(t),9:t=>Number(t.get("SELECT count(*) AS n FROM event_rows")?.n??0)};async function ge(t=process.env){let e=t.CONTINUITY_SQLITE_DRIVER;if(e){if(!G.includes(e))throw new N(`CONTINUITY_SQLITE_DRIVER must be one of ${G.join(", ")} (got "${e}")`,u.invalidInput);try{return{name:e,open:await Ce(e)}}catch(i){throw new N(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${fe()}: ${i.message.split(`
`)[0]}`,u.ledger)}}let n=ye()?["bun:sqlite"]:Ke()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],s=[];for(let i of n)try{return{name:i,open:await Ce(i)}}catch(r){s.push(`${i}: ${r.message.split(`
`)[0]}`)}throw new N(`no SQLite driver available on ${fe()} (${s.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,u.ledger)}async function Ce(t){switch(t){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-QESZO4MK.mjs")).loadBetterSqlite3()}}function ye(){return typeof globalThis.Bun<"u"}function Ke(){let[t=0,e=0]=process.versions.node.split(".").map(Number);return t>22||t===22&&e>=13}function fe(){return ye()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function q(t,e){t.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",e.at,e.kind,K(e.text,S(t)),e.eventId)}function It(t){return t.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(e=>({id:Number(e.id),text:e.text}))}function At(t){return Number(t.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function St(t,e,n,s){for(let i of e)t.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",n,s,i)}var tt=1e4,we=class t{constructor(e,n,s,i=null,r=null,o=null){this.db=e;this.root=n;this.path=s;this.copyDir=i;this.recoveryDir=r;this.head=o;V(e,l(n,L))}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;lagRecovery=!1;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,n={}){let s=l(e,L),i=l(s,h),r=new Date().toISOString(),o=n.copy?null:ee(e,n.env),T=o?te(o,e):null,d=b(e,T),m=d?X(e,o,r):null;m||(d=null),c("ledger: recovery head");let I=We(i);if(!I&&(!n.create||n.copy))throw new N(`no ledger at ${i}: run \`continuity plan import FILE\` first`,u.ledger);let Xe=!I&&!T&&!!o&&le(e,n.env);I||Ve(s,{recursive:!0});let _=n.copy?nt(i):null,Me=_?l(_,h):i,k=n.driver??await ge();c("ledger: driver load");let A;try{A=k.open(Me,{mustExist:I})}catch(p){throw _&&Y(_,{recursive:!0,force:!0}),$e(i,p)}let a=new t(A,e,i,_,o,T);c("ledger: open");try{a.configure(),a.migrate(),c("ledger: configure");let p=d?null:b(e,T,A);p&&(A.close(),m=X(e,o,r),d=p,a=new t(k.open(i,{mustExist:!0}),e,i,null,o,T),a.configure(),a.migrate()),a.healthy=!0,a.lagRecovery=!!n.lagRecovery,a.openDriver=k.open,n.oneTransaction&&!_&&(a.db.exec("BEGIN IMMEDIATE"),a.outer=!0),Xe&&a.recordStartedAnew(r),o&&ue(e,r,n.env),d&&a.recordRestore(d,m?.kept??null,r),c("ledger: damage check"),a.takeSpooled(),c("ledger: spool in")}catch(p){throw a.healthy=!1,a.close(),p instanceof N?p:$e(i,p)}return a}recordStartedAnew(e){let n="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(s=>{let i=W(s,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});M(s,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:i}),q(s,{at:e,kind:"ledger_lost",text:n,eventId:i})})}recordRestore(e,n,s){this.restored=e;let i=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),r=`continuity's ledger was restored from its recovery copy (${e})${n?`; the ledger as it was found is kept as ${L}/${n}`:""}. `+(i?`The restored ledger holds plan ${i.id} as approved (${i.approved_at??"at an unknown time"} via ${i.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{de(o,this.recoveryDir);let T=W(o,{at:s,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});M(o,{at:s,sessionId:null,kind:"ledger_restored",summary:e,eventId:T}),q(o,{at:s,kind:"ledger_restored",text:r,eventId:T})})}takeSpooled(){return Ne(l(this.root,L),e=>this.write(e),{keep:this.isCopy,afterCommit:e=>this.afterCommit(e)})}outer=!1;savepoints=0;committed=[];afterCommit(e){this.outer?this.committed.push(e):e()}commit(){if(this.outer){this.outer=!1;try{this.db.exec("COMMIT")}catch(e){this.committed.length=0;try{this.db.exec("ROLLBACK")}catch{}throw e}this.stampAtCommit=D(l(this.root,L));for(let e of this.committed.splice(0))e()}}stampAtCommit=null;get driver(){return this.db.driver}write(e){if(this.dirty=!0,this.outer){let n=`w${++this.savepoints}`;this.db.exec(`SAVEPOINT ${n}`);try{let s=e(this.db);return this.db.exec(`RELEASE ${n}`),s}catch(s){try{this.db.exec(`ROLLBACK TO ${n}`),this.db.exec(`RELEASE ${n}`)}catch{}throw s}}this.db.exec("BEGIN IMMEDIATE");try{let n=e(this.db);return this.db.exec("COMMIT"),n}catch(n){try{this.db.exec("ROLLBACK")}catch{}throw n}}close(e={}){if(this.outer)try{this.commit()}catch(i){process.stderr.write(`continuity: the ledger's transaction could not be committed: ${i.message.split(`
`)[0]}
`)}if(this.copyDir){this.db.close(),Y(this.copyDir,{recursive:!0,force:!0});return}let n=l(this.root,L);c(`recovery copy${this.renewRecoveryCopy()}`);let s=D(n);this.db.close(),c("ledger close"),e.hotState?z(n,(this.stampAtCommit??e.hotState.ledgerStamp)===s?{...e.hotState,ledgerStamp:D(n)}:e.hotState):Z(n,s),c("hot state write")}renewRecoveryCopy(){if(!this.recoveryDir||!this.healthy||!this.dirty&&this.head)return"";try{this.db.exec("BEGIN");try{let e=re(this.db),n=this.head?Math.max(this.head.maxId,Te(this.recoveryDir)):0,s=this.lagRecovery&&this.head?{tailEvents:n-this.head.maxId}:void 0;if(!(this.rechain||oe(this.head,{trustKey:e,ledgerBytes:ke(this.path)+ke(`${this.path}-wal`),nowMs:Date.now(),lag:s})))return ae(this.db,this.recoveryDir,n,this.head.names??0,Ee(this.head))," (tail)";let r=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:o,maxId:T,added:d,marks:m}=se(this.db,r.chain,r.maxId,void 0,r.events);return ie(this.root,this.recoveryDir,{events:r.events+d,maxId:T,chain:o,trustKey:e,marks:ne(r.marks,m),names:Number(this.db.get("SELECT max(id) AS n FROM event_names")?.n??0)},new Date().toISOString(),this.openDriver??void 0)," (whole)"}finally{this.db.exec("COMMIT")}}catch(e){return process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`),""}}configure(){this.db.exec(`PRAGMA busy_timeout = ${tt}`),it(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>O)throw new N(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${O}); upgrade continuity`,u.ledger);if(!(e===O||!this.write(s=>{let i=0;for(let r=this.userVersion();r<O;r++)s.exec(B[r]),i+=De[r]?.(s)??0,s.exec(`PRAGMA user_version = ${r+1}`);return i})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function nt(t){let{tmpdir:e}=et(import.meta.url)("node:os"),n=Qe(l(e(),"continuity-read-"));try{Ue(t,l(n,h)),We(`${t}-wal`)&&Ue(`${t}-wal`,l(n,`${h}-wal`))}catch(s){throw Y(n,{recursive:!0,force:!0}),be(t,s)}return n}var st="SQLite format 3\0";function $e(t,e){let n="",s;try{s=Je(t,"r");let i=Buffer.alloc(16);n=i.subarray(0,ze(s,i,0,16,0)).toString("latin1")}catch{}finally{s!==void 0&&je(s)}return n.length>0&&n!==st?new N(`ledger ${t} is not a SQLite database (corrupt or replaced); it was left untouched`,u.ledger):be(t,e)}function be(t,e){let n=e instanceof Error?e.message.split(`
`)[0]:String(e);return new N(`ledger ${t} cannot be used: ${n}; it was left untouched`,u.ledger)}function it(t,e=200){let n=new Int32Array(new SharedArrayBuffer(4));for(let s=0;;s++)try{return t()}catch(i){let r=String(i.message??i);if(s>=e||!/busy|locked/i.test(r))throw i;Atomics.wait(n,0,0,5+Math.floor(Math.random()*20))}}function ke(t){try{return Ze(t).size}catch{return 0}}export{F as a,Et as b,O as c,ge as d,q as e,It as f,At as g,St as h,we as i};
