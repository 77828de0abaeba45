import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{f as k,l as re,n as oe,o as Ee}from"./chunk-NSQWFXGG.mjs";import{d as K,e as j}from"./chunk-5HCPXA25.mjs";import{b as q,c as Y}from"./chunk-VA67UDRY.mjs";import{a as d,b as N}from"./chunk-A5HBJMMP.mjs";import{B as te,E as ne,G as se,H as ie,I as $,b as B,g as w,o as V,q as Q,t as J,u as z,v as W,w as Z,z as ee}from"./chunk-4P7LME2S.mjs";import{a as p,b as L}from"./chunk-ODA7YJTQ.mjs";import{a as b}from"./chunk-52QU4TEI.mjs";import{closeSync as xe,copyFileSync as me,existsSync as ge,mkdirSync as Fe,mkdtempSync as Pe,openSync as Be,readSync as qe,rmSync as P,statSync as Ye}from"node:fs";import{createRequire as Ke}from"node:module";import{join as c}from"node:path";var _=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],m=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(_.length>m.length)throw new Error("more pack words than codes");var ae=t=>`'${t.replace(/'/g,"''")}'`;function Te(t){return`(${t} NOT GLOB '*[' || char(${m.slice(0,_.length).join(", ")}) || ']*')`}var A=5;function Ne(t){let e=t;for(let n=0;n<_.length;n+=A)e=`(SELECT ${_.slice(n,n+A).reduce((s,r,o)=>`replace(${s}, ${ae(r)}, char(${m[n+o]}))`,"v")} FROM (SELECT ${e} AS v))`;return e}function de(t){let e=t;for(let n=0;n<_.length;n+=A)e=`(SELECT ${_.slice(n,n+A).reduce((s,r,o)=>`replace(${s}, char(${m[n+o]}), ${ae(r)})`,"v")} FROM (SELECT ${e} AS v))`;return e}var ce='{"action":"none","output":null}',le=1,we="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function M(t){return`CASE WHEN typeof(${t}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${t} / 1000, 'unixepoch') || '.' || substr(1000 + ${t} % 1000, 2) || 'Z' ELSE ${t} END`}function We(t){return`(CAST(strftime('%s', ${t}) AS INTEGER) * 1000 + CAST(substr(${t}, 21, 3) AS INTEGER))`}function O(t){let e=We(t);return`CASE WHEN typeof(${t}) = 'text' AND ${t} GLOB ${we} AND ${e} >= 0 AND (${M(e)}) = ${t} THEN ${e} ELSE ${t} END`}function D(t){return`CASE WHEN ${t} = '${ce}' THEN 0 ELSE ${t} END`}function ue(t){return`CASE WHEN typeof(${t}) = 'integer' THEN '${ce}' ELSE ${t} END`}var E=t=>`(SELECT id FROM event_names WHERE name = ${t})`;function C(t){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${t}source AS v UNION ALL SELECT ${t}kind UNION ALL SELECT ${t}session_id UNION ALL SELECT ${t}client) WHERE v IS NOT NULL;`}var pe=32,$e=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${E("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${pe} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,G="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",ke=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${M("e.at")}, src.name, k.name, s.name, ${G}, ${ue("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${C("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${O("NEW.at")}, ${E("NEW.source")}, ${E("NEW.kind")}, ${E("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${D("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${E("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${$e}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${C("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${O("NEW.at")}, source = ${E("NEW.source")}, kind = ${E("NEW.kind")},
      session = ${E("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${D("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${E("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,Le=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${le}, 'Stop');
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
  ${ke}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${le} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;function et(t){return`id IN (SELECT id FROM event_rows WHERE kind IN (SELECT id FROM event_names WHERE name IN (${Array(t).fill("?").join(", ")})) AND at >= (SELECT ${O("v")} FROM (SELECT CAST(? AS TEXT) AS v)))`}var X=1,g=2,H=Te("NEW.input"),S=t=>`CASE WHEN ${H} THEN ${Ne(t)} ELSE ${t} END`,be=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${S("NEW.input")} AS n, ${S(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${S(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${H} THEN ${g} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${E("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${pe} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${g} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,Xe=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${M("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${g} THEN ${de(G)} ELSE ${G} END, ${ue("e.decision")},
           CASE WHEN e.flags & ${X} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${C("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${O("NEW.at")}, ${E("NEW.source")}, ${E("NEW.kind")}, ${E("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${D("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${X} ELSE 0 END | CASE WHEN ${H} THEN ${g} ELSE 0 END, 0),
             ${E("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${S("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${be}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${C("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${O("NEW.at")}, source = ${E("NEW.source")}, kind = ${E("NEW.kind")},
      session = ${E("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${D("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${X} END, client = ${E("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,_e=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${Xe}
`;var f="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",Re=`
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
    UPDATE session_tally SET n = n - 1 WHERE ${f};
    DELETE FROM session_tally WHERE ${f} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${f};
    DELETE FROM session_tally WHERE ${f} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var x=[`
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
  `,Le,_e,Re],v=x.length;function Ge(t,e=2e3){let n=0;for(let i=0;;){let s=t.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",i,e);if(!s.length)return n;for(let r of s){let o;try{o=JSON.parse(r.input)}catch{continue}let a=JSON.stringify(B(o,{sessionId:r.session_id,kind:r.kind})??null);a!==r.input&&(n+=t.run("UPDATE events SET input = ? WHERE id = ?",a,r.id).changes)}i=Number(s[s.length-1].id)}}function Me(t){let e=0;for(let n of t.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!q(n.path))continue;let i=Y(n.content);i!==n.content&&(e+=t.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",i,n.path).changes)}return e}var Oe={7:t=>Ge(t)+Me(t),9:t=>Number(t.get("SELECT count(*) AS n FROM event_rows")?.n??0)};async function Ie(t=process.env){let e=t.CONTINUITY_SQLITE_DRIVER;if(e){if(!b.includes(e))throw new N(`CONTINUITY_SQLITE_DRIVER must be one of ${b.join(", ")} (got "${e}")`,d.invalidInput);try{return{name:e,open:await ve(e)}}catch(s){throw new N(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${he()}: ${s.message.split(`
`)[0]}`,d.ledger)}}let n=Ae()?["bun:sqlite"]:He()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],i=[];for(let s of n)try{return{name:s,open:await ve(s)}}catch(r){i.push(`${s}: ${r.message.split(`
`)[0]}`)}throw new N(`no SQLite driver available on ${he()} (${i.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,d.ledger)}async function ve(t){switch(t){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-QESZO4MK.mjs")).loadBetterSqlite3()}}function Ae(){return typeof globalThis.Bun<"u"}function He(){let[t=0,e=0]=process.versions.node.split(".").map(Number);return t>22||t===22&&e>=13}function he(){return Ae()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function F(t,e){t.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",e.at,e.kind,e.text,e.eventId)}function lt(t){return t.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(e=>({id:Number(e.id),text:e.text}))}function ct(t){return Number(t.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function ut(t,e,n,i){for(let s of e)t.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",n,i,s)}var je=1e4,Se=class t{constructor(e,n,i,s=null,r=null,o=null){this.db=e;this.root=n;this.path=i;this.copyDir=s;this.recoveryDir=r;this.head=o}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,n={}){let i=c(e,p),s=c(i,L),r=new Date().toISOString(),o=n.copy?null:V(e,n.env),a=o?Q(o,e):null,u=W(e,a),U=u?$(e,o,r):null;U||(u=null);let h=ge(s);if(!h&&(!n.create||n.copy))throw new N(`no ledger at ${s}: run \`continuity plan import FILE\` first`,d.ledger);let Ue=!h&&!a&&!!o&&oe(e,n.env);h||Fe(i,{recursive:!0});let R=n.copy?Ve(s):null,ye=R?c(R,L):s,y=n.driver??await Ie(),I;try{I=y.open(ye,{mustExist:h})}catch(l){throw R&&P(R,{recursive:!0,force:!0}),De(s,l)}let T=new t(I,e,s,R,o,a);try{T.configure(),T.migrate();let l=u?null:W(e,a,I);l&&(I.close(),U=$(e,o,r),u=l,T=new t(y.open(s,{mustExist:!0}),e,s,null,o,a),T.configure(),T.migrate()),T.healthy=!0,T.openDriver=y.open,Ue&&T.recordStartedAnew(r),o&&Ee(e,r,n.env),u&&T.recordRestore(u,U?.kept??null,r),T.takeSpooled()}catch(l){throw T.healthy=!1,T.close(),l instanceof N?l:De(s,l)}return T}recordStartedAnew(e){let n="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(i=>{let s=w(i,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});k(i,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:s}),F(i,{at:e,kind:"ledger_lost",text:n,eventId:s})})}recordRestore(e,n,i){this.restored=e;let s=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),r=`continuity's ledger was restored from its recovery copy (${e})${n?`; the ledger as it was found is kept as ${p}/${n}`:""}. `+(s?`The restored ledger holds plan ${s.id} as approved (${s.approved_at??"at an unknown time"} via ${s.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{ie(o,this.recoveryDir);let a=w(o,{at:i,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});k(o,{at:i,sessionId:null,kind:"ledger_restored",summary:e,eventId:a}),F(o,{at:i,kind:"ledger_restored",text:r,eventId:a})})}takeSpooled(){return re(c(this.root,p),e=>this.write(e),{keep:this.isCopy})}get driver(){return this.db.driver}write(e){this.dirty=!0,this.db.exec("BEGIN IMMEDIATE");try{let n=e(this.db);return this.db.exec("COMMIT"),n}catch(n){try{this.db.exec("ROLLBACK")}catch{}throw n}}close(){if(this.copyDir){this.db.close(),P(this.copyDir,{recursive:!0,force:!0});return}let e=c(this.root,p);this.renewRecoveryCopy();let n=K(e);this.db.close(),j(e,n)}renewRecoveryCopy(){if(!(!this.recoveryDir||!this.healthy||!this.dirty&&this.head))try{this.db.exec("BEGIN");try{let e=ee(this.db);if(!(this.rechain||te(this.head,{trustKey:e,ledgerBytes:Ce(this.path)+Ce(`${this.path}-wal`),nowMs:Date.now()}))){ne(this.db,this.recoveryDir,Math.max(this.head.maxId,se(this.recoveryDir)),this.head.names??0);return}let i=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:s,maxId:r,added:o,marks:a}=z(this.db,i.chain,i.maxId,void 0,i.events);Z(this.root,this.recoveryDir,{events:i.events+o,maxId:r,chain:s,trustKey:e,marks:J(i.marks,a),names:Number(this.db.get("SELECT max(id) AS n FROM event_names")?.n??0)},new Date().toISOString(),this.openDriver??void 0)}finally{this.db.exec("COMMIT")}}catch(e){process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`)}}configure(){this.db.exec(`PRAGMA busy_timeout = ${je}`),Je(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>v)throw new N(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${v}); upgrade continuity`,d.ledger);if(!(e===v||!this.write(i=>{let s=0;for(let r=this.userVersion();r<v;r++)i.exec(x[r]),s+=Oe[r]?.(i)??0,i.exec(`PRAGMA user_version = ${r+1}`);return s})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function Ve(t){let{tmpdir:e}=Ke(import.meta.url)("node:os"),n=Pe(c(e(),"continuity-read-"));try{me(t,c(n,L)),ge(`${t}-wal`)&&me(`${t}-wal`,c(n,`${L}-wal`))}catch(i){throw P(n,{recursive:!0,force:!0}),fe(t,i)}return n}var Qe="SQLite format 3\0";function De(t,e){let n="",i;try{i=Be(t,"r");let s=Buffer.alloc(16);n=s.subarray(0,qe(i,s,0,16,0)).toString("latin1")}catch{}finally{i!==void 0&&xe(i)}return n.length>0&&n!==Qe?new N(`ledger ${t} is not a SQLite database (corrupt or replaced); it was left untouched`,d.ledger):fe(t,e)}function fe(t,e){let n=e instanceof Error?e.message.split(`
`)[0]:String(e);return new N(`ledger ${t} cannot be used: ${n}; it was left untouched`,d.ledger)}function Je(t,e=200){let n=new Int32Array(new SharedArrayBuffer(4));for(let i=0;;i++)try{return t()}catch(s){let r=String(s.message??s);if(i>=e||!/busy|locked/i.test(r))throw s;Atomics.wait(n,0,0,5+Math.floor(Math.random()*20))}}function Ce(t){try{return Ye(t).size}catch{return 0}}export{M as a,et as b,v as c,Ie as d,F as e,lt as f,ct as g,ut as h,Se as i};
