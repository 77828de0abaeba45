import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{f as k,l as se,n as ie,o as re}from"./chunk-NSQWFXGG.mjs";import{d as q,e as Y}from"./chunk-5HCPXA25.mjs";import{b as P,c as B}from"./chunk-VA67UDRY.mjs";import{a as N,b as T}from"./chunk-A5HBJMMP.mjs";import{B as Z,E as ee,G as te,H as ne,I as w,b as F,g as U,o as K,q as j,t as V,u as Q,v as y,w as J,z}from"./chunk-4P7LME2S.mjs";import{a as p,b as L}from"./chunk-ODA7YJTQ.mjs";import{a as $}from"./chunk-52QU4TEI.mjs";import{closeSync as Me,copyFileSync as Oe,existsSync as Se,mkdirSync as He,mkdtempSync as Ge,openSync as xe,readSync as Fe,rmSync as x,statSync as Pe}from"node:fs";import{createRequire as Be}from"node:module";import{join as l}from"node:path";var m=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],I=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(m.length>I.length)throw new Error("more pack words than codes");var oe=e=>`'${e.replace(/'/g,"''")}'`;function Ee(e){return`(${e} NOT GLOB '*[' || char(${I.slice(0,m.length).join(", ")}) || ']*')`}function ae(e){return m.reduce((t,n,s)=>`replace(${t}, ${oe(n)}, char(${I[s]}))`,e)}function de(e){return m.reduce((t,n,s)=>`replace(${t}, char(${I[s]}), ${oe(n)})`,e)}var Ne='{"action":"none","output":null}',Te=1,fe="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function W(e){return`CASE WHEN typeof(${e}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${e} / 1000, 'unixepoch') || '.' || substr(1000 + ${e} % 1000, 2) || 'Z' ELSE ${e} END`}function Ue(e){return`(CAST(strftime('%s', ${e}) AS INTEGER) * 1000 + CAST(substr(${e}, 21, 3) AS INTEGER))`}function R(e){let t=Ue(e);return`CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${fe} AND ${t} >= 0 AND (${W(t)}) = ${e} THEN ${t} ELSE ${e} END`}function S(e){return`CASE WHEN ${e} = '${Ne}' THEN 0 ELSE ${e} END`}function ce(e){return`CASE WHEN typeof(${e}) = 'integer' THEN '${Ne}' ELSE ${e} END`}var E=e=>`(SELECT id FROM event_names WHERE name = ${e})`;function D(e){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${e}source AS v UNION ALL SELECT ${e}kind UNION ALL SELECT ${e}session_id UNION ALL SELECT ${e}client) WHERE v IS NOT NULL;`}var le=32,ye=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${E("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${le} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,X="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",we=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${W("e.at")}, src.name, k.name, s.name, ${X}, ${ce("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${D("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${R("NEW.at")}, ${E("NEW.source")}, ${E("NEW.kind")}, ${E("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${S("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${E("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${ye}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${D("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${R("NEW.at")}, source = ${E("NEW.source")}, kind = ${E("NEW.kind")},
      session = ${E("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${S("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${E("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,ue=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${Te}, 'Stop');
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
  ${we}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${Te} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;function Je(e){return`id IN (SELECT id FROM event_rows WHERE kind IN (SELECT id FROM event_names WHERE name IN (${Array(e).fill("?").join(", ")})) AND at >= (SELECT ${R("v")} FROM (SELECT CAST(? AS TEXT) AS v)))`}var b=1,C=2,M=Ee("NEW.input"),A=e=>`CASE WHEN ${M} THEN ${ae(e)} ELSE ${e} END`,ke=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${A("NEW.input")} AS n, ${A(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${A(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${M} THEN ${C} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${E("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${le} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${C} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,$e=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${W("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${C} THEN ${de(X)} ELSE ${X} END, ${ce("e.decision")},
           CASE WHEN e.flags & ${b} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${D("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${R("NEW.at")}, ${E("NEW.source")}, ${E("NEW.kind")}, ${E("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${S("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${b} ELSE 0 END | CASE WHEN ${M} THEN ${C} ELSE 0 END, 0),
             ${E("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${A("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${ke}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${D("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${R("NEW.at")}, source = ${E("NEW.source")}, kind = ${E("NEW.kind")},
      session = ${E("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${S("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${b} END, client = ${E("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,pe=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${$e}
`;var H=[`
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
  `,ue,pe],h=H.length;function be(e,t=2e3){let n=0;for(let s=0;;){let i=e.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",s,t);if(!i.length)return n;for(let r of i){let o;try{o=JSON.parse(r.input)}catch{continue}let a=JSON.stringify(F(o,{sessionId:r.session_id,kind:r.kind})??null);a!==r.input&&(n+=e.run("UPDATE events SET input = ? WHERE id = ?",a,r.id).changes)}s=Number(i[i.length-1].id)}}function Xe(e){let t=0;for(let n of e.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!P(n.path))continue;let s=B(n.content);s!==n.content&&(t+=e.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",s,n.path).changes)}return t}var Le={7:e=>be(e)+Xe(e),9:e=>Number(e.get("SELECT count(*) AS n FROM event_rows")?.n??0)};async function he(e=process.env){let t=e.CONTINUITY_SQLITE_DRIVER;if(t){if(!$.includes(t))throw new T(`CONTINUITY_SQLITE_DRIVER must be one of ${$.join(", ")} (got "${t}")`,N.invalidInput);try{return{name:t,open:await _e(t)}}catch(i){throw new T(`CONTINUITY_SQLITE_DRIVER=${t} cannot be loaded on ${Re()}: ${i.message.split(`
`)[0]}`,N.ledger)}}let n=ve()?["bun:sqlite"]:We()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],s=[];for(let i of n)try{return{name:i,open:await _e(i)}}catch(r){s.push(`${i}: ${r.message.split(`
`)[0]}`)}throw new T(`no SQLite driver available on ${Re()} (${s.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,N.ledger)}async function _e(e){switch(e){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-DCONEDQ7.mjs")).loadBetterSqlite3()}}function ve(){return typeof globalThis.Bun<"u"}function We(){let[e=0,t=0]=process.versions.node.split(".").map(Number);return e>22||e===22&&t>=13}function Re(){return ve()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function G(e,t){e.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",t.at,t.kind,t.text,t.eventId)}function Et(e){return e.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(t=>({id:Number(t.id),text:t.text}))}function at(e){return Number(e.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function dt(e,t,n,s){for(let i of t)e.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",n,s,i)}var qe=1e4,me=class e{constructor(t,n,s,i=null,r=null,o=null){this.db=t;this.root=n;this.path=s;this.copyDir=i;this.recoveryDir=r;this.head=o}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(t,n={}){let s=l(t,p),i=l(s,L),r=new Date().toISOString(),o=n.copy?null:K(t,n.env),a=o?j(o,t):null,u=y(t,a),g=u?w(t,o,r):null;g||(u=null);let v=Se(i);if(!v&&(!n.create||n.copy))throw new T(`no ledger at ${i}: run \`continuity plan import FILE\` first`,N.ledger);let Ce=!v&&!a&&!!o&&ie(t,n.env);v||He(s,{recursive:!0});let _=n.copy?Ye(i):null,ge=_?l(_,L):i,f=n.driver??await he(),O;try{O=f.open(ge,{mustExist:v})}catch(c){throw _&&x(_,{recursive:!0,force:!0}),Ie(i,c)}let d=new e(O,t,i,_,o,a);try{d.configure(),d.migrate();let c=u?null:y(t,a,O);c&&(O.close(),g=w(t,o,r),u=c,d=new e(f.open(i,{mustExist:!0}),t,i,null,o,a),d.configure(),d.migrate()),d.healthy=!0,d.openDriver=f.open,Ce&&d.recordStartedAnew(r),o&&re(t,r,n.env),u&&d.recordRestore(u,g?.kept??null,r),d.takeSpooled()}catch(c){throw d.healthy=!1,d.close(),c instanceof T?c:Ie(i,c)}return d}recordStartedAnew(t){let n="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(s=>{let i=U(s,{at:t,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});k(s,{at:t,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:i}),G(s,{at:t,kind:"ledger_lost",text:n,eventId:i})})}recordRestore(t,n,s){this.restored=t;let i=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),r=`continuity's ledger was restored from its recovery copy (${t})${n?`; the ledger as it was found is kept as ${p}/${n}`:""}. `+(i?`The restored ledger holds plan ${i.id} as approved (${i.approved_at??"at an unknown time"} via ${i.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{ne(o,this.recoveryDir);let a=U(o,{at:s,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:t},decision:{action:"restored",damage:t}});k(o,{at:s,sessionId:null,kind:"ledger_restored",summary:t,eventId:a}),G(o,{at:s,kind:"ledger_restored",text:r,eventId:a})})}takeSpooled(){return se(l(this.root,p),t=>this.write(t),{keep:this.isCopy})}get driver(){return this.db.driver}write(t){this.dirty=!0,this.db.exec("BEGIN IMMEDIATE");try{let n=t(this.db);return this.db.exec("COMMIT"),n}catch(n){try{this.db.exec("ROLLBACK")}catch{}throw n}}close(){if(this.copyDir){this.db.close(),x(this.copyDir,{recursive:!0,force:!0});return}let t=l(this.root,p);this.renewRecoveryCopy();let n=q(t);this.db.close(),Y(t,n)}renewRecoveryCopy(){if(!(!this.recoveryDir||!this.healthy||!this.dirty&&this.head))try{this.db.exec("BEGIN");try{let t=z(this.db);if(!(this.rechain||Z(this.head,{trustKey:t,ledgerBytes:Ae(this.path)+Ae(`${this.path}-wal`),nowMs:Date.now()}))){ee(this.db,this.recoveryDir,Math.max(this.head.maxId,te(this.recoveryDir)),this.head.names??0);return}let s=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:i,maxId:r,added:o,marks:a}=Q(this.db,s.chain,s.maxId,void 0,s.events);J(this.root,this.recoveryDir,{events:s.events+o,maxId:r,chain:i,trustKey:t,marks:V(s.marks,a),names:Number(this.db.get("SELECT max(id) AS n FROM event_names")?.n??0)},new Date().toISOString(),this.openDriver??void 0)}finally{this.db.exec("COMMIT")}}catch(t){process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${t.message.split(`
`)[0]}
`)}}configure(){this.db.exec(`PRAGMA busy_timeout = ${qe}`),je(()=>{let t=this.db.get("PRAGMA journal_mode = WAL");if(t?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${t?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let t=this.userVersion();if(t>h)throw new T(`ledger ${this.path} has schema v${t}, newer than this continuity understands (v${h}); upgrade continuity`,N.ledger);if(!(t===h||!this.write(s=>{let i=0;for(let r=this.userVersion();r<h;r++)s.exec(H[r]),i+=Le[r]?.(s)??0,s.exec(`PRAGMA user_version = ${r+1}`);return i})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function Ye(e){let{tmpdir:t}=Be(import.meta.url)("node:os"),n=Ge(l(t(),"continuity-read-"));try{Oe(e,l(n,L)),Se(`${e}-wal`)&&Oe(`${e}-wal`,l(n,`${L}-wal`))}catch(s){throw x(n,{recursive:!0,force:!0}),De(e,s)}return n}var Ke="SQLite format 3\0";function Ie(e,t){let n="",s;try{s=xe(e,"r");let i=Buffer.alloc(16);n=i.subarray(0,Fe(s,i,0,16,0)).toString("latin1")}catch{}finally{s!==void 0&&Me(s)}return n.length>0&&n!==Ke?new T(`ledger ${e} is not a SQLite database (corrupt or replaced); it was left untouched`,N.ledger):De(e,t)}function De(e,t){let n=t instanceof Error?t.message.split(`
`)[0]:String(t);return new T(`ledger ${e} cannot be used: ${n}; it was left untouched`,N.ledger)}function je(e,t=200){let n=new Int32Array(new SharedArrayBuffer(4));for(let s=0;;s++)try{return e()}catch(i){let r=String(i.message??i);if(s>=t||!/busy|locked/i.test(r))throw i;Atomics.wait(n,0,0,5+Math.floor(Math.random()*20))}}function Ae(e){try{return Pe(e).size}catch{return 0}}export{W as a,Je as b,h as c,he as d,G as e,Et as f,at as g,dt as h,me as i};
