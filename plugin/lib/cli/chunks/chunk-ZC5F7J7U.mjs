import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{f as D,l as K,n as j,o as Q}from"./chunk-QUN4CVOK.mjs";import{d as k,e as M}from"./chunk-5HCPXA25.mjs";import{b as X,c as b}from"./chunk-VA67UDRY.mjs";import{a as d,b as T}from"./chunk-A5HBJMMP.mjs";import{B as P,E as B,G as Y,H as q,I as S,b as w,g as O,o as $,q as G,t as W,u as H,v as A,w as x,z as F}from"./chunk-KZUBVR5O.mjs";import{a as p,b as L}from"./chunk-ODA7YJTQ.mjs";import{a as g}from"./chunk-52QU4TEI.mjs";import{closeSync as Ae,copyFileSync as oe,existsSync as de,mkdirSync as Se,mkdtempSync as De,openSync as ge,readSync as fe,rmSync as y,statSync as Ce}from"node:fs";import{createRequire as Ue}from"node:module";import{join as l}from"node:path";var z='{"action":"none","output":null}';var ue="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function Z(t){return`CASE WHEN typeof(${t}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${t} / 1000, 'unixepoch') || '.' || substr(1000 + ${t} % 1000, 2) || 'Z' ELSE ${t} END`}function pe(t){return`(CAST(strftime('%s', ${t}) AS INTEGER) * 1000 + CAST(substr(${t}, 21, 3) AS INTEGER))`}function f(t){let e=pe(t);return`CASE WHEN typeof(${t}) = 'text' AND ${t} GLOB ${ue} AND ${e} >= 0 AND (${Z(e)}) = ${t} THEN ${e} ELSE ${t} END`}function V(t){return`CASE WHEN ${t} = '${z}' THEN 0 ELSE ${t} END`}function Le(t){return`CASE WHEN typeof(${t}) = 'integer' THEN '${z}' ELSE ${t} END`}var N=t=>`(SELECT id FROM event_names WHERE name = ${t})`;function J(t){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${t}source AS v UNION ALL SELECT ${t}kind UNION ALL SELECT ${t}session_id UNION ALL SELECT ${t}client) WHERE v IS NOT NULL;`}var _e=32,he=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${N("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${_e} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,Re="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",ve=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${Z("e.at")}, src.name, k.name, s.name, ${Re}, ${Le("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${J("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${f("NEW.at")}, ${N("NEW.source")}, ${N("NEW.kind")}, ${N("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${V("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${N("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${he}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${J("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${f("NEW.at")}, source = ${N("NEW.source")}, kind = ${N("NEW.kind")},
      session = ${N("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${V("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${N("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,ee=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (1, 'Stop');
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
  ${ve}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = 1 AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;function ke(t){return`id IN (SELECT id FROM event_rows WHERE kind IN (SELECT id FROM event_names WHERE name IN (${Array(t).fill("?").join(", ")})) AND at >= (SELECT ${f("v")} FROM (SELECT CAST(? AS TEXT) AS v)))`}var C=[`
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
  `,ee],h=C.length;function me(t,e=2e3){let n=0;for(let r=0;;){let i=t.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",r,e);if(!i.length)return n;for(let s of i){let o;try{o=JSON.parse(s.input)}catch{continue}let E=JSON.stringify(w(o,{sessionId:s.session_id,kind:s.kind})??null);E!==s.input&&(n+=t.run("UPDATE events SET input = ? WHERE id = ?",E,s.id).changes)}r=Number(i[i.length-1].id)}}function Ie(t){let e=0;for(let n of t.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!X(n.path))continue;let r=b(n.content);r!==n.content&&(e+=t.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",r,n.path).changes)}return e}var te={7:t=>me(t)+Ie(t),9:t=>Number(t.get("SELECT count(*) AS n FROM event_rows")?.n??0)};async function re(t=process.env){let e=t.CONTINUITY_SQLITE_DRIVER;if(e){if(!g.includes(e))throw new T(`CONTINUITY_SQLITE_DRIVER must be one of ${g.join(", ")} (got "${e}")`,d.invalidInput);try{return{name:e,open:await ne(e)}}catch(i){throw new T(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${ie()}: ${i.message.split(`
`)[0]}`,d.ledger)}}let n=se()?["bun:sqlite"]:Oe()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],r=[];for(let i of n)try{return{name:i,open:await ne(i)}}catch(s){r.push(`${i}: ${s.message.split(`
`)[0]}`)}throw new T(`no SQLite driver available on ${ie()} (${r.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,d.ledger)}async function ne(t){switch(t){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-DCONEDQ7.mjs")).loadBetterSqlite3()}}function se(){return typeof globalThis.Bun<"u"}function Oe(){let[t=0,e=0]=process.versions.node.split(".").map(Number);return t>22||t===22&&e>=13}function ie(){return se()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function U(t,e){t.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",e.at,e.kind,e.text,e.eventId)}function Ye(t){return t.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(e=>({id:Number(e.id),text:e.text}))}function qe(t){return Number(t.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function Ke(t,e,n,r){for(let i of e)t.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",n,r,i)}var ye=1e4,Ee=class t{constructor(e,n,r,i=null,s=null,o=null){this.db=e;this.root=n;this.path=r;this.copyDir=i;this.recoveryDir=s;this.head=o}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,n={}){let r=l(e,p),i=l(r,L),s=new Date().toISOString(),o=n.copy?null:$(e,n.env),E=o?G(o,e):null,u=A(e,E),m=u?S(e,o,s):null;m||(u=null);let R=de(i);if(!R&&(!n.create||n.copy))throw new T(`no ledger at ${i}: run \`continuity plan import FILE\` first`,d.ledger);let ce=!R&&!E&&!!o&&j(e,n.env);R||Se(r,{recursive:!0});let _=n.copy?we(i):null,le=_?l(_,L):i,I=n.driver??await re(),v;try{v=I.open(le,{mustExist:R})}catch(c){throw _&&y(_,{recursive:!0,force:!0}),ae(i,c)}let a=new t(v,e,i,_,o,E);try{a.configure(),a.migrate();let c=u?null:A(e,E,v);c&&(v.close(),m=S(e,o,s),u=c,a=new t(I.open(i,{mustExist:!0}),e,i,null,o,E),a.configure(),a.migrate()),a.healthy=!0,a.openDriver=I.open,ce&&a.recordStartedAnew(s),o&&Q(e,s,n.env),u&&a.recordRestore(u,m?.kept??null,s),a.takeSpooled()}catch(c){throw a.healthy=!1,a.close(),c instanceof T?c:ae(i,c)}return a}recordStartedAnew(e){let n="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(r=>{let i=O(r,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});D(r,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:i}),U(r,{at:e,kind:"ledger_lost",text:n,eventId:i})})}recordRestore(e,n,r){this.restored=e;let i=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),s=`continuity's ledger was restored from its recovery copy (${e})${n?`; the ledger as it was found is kept as ${p}/${n}`:""}. `+(i?`The restored ledger holds plan ${i.id} as approved (${i.approved_at??"at an unknown time"} via ${i.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{q(o,this.recoveryDir);let E=O(o,{at:r,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});D(o,{at:r,sessionId:null,kind:"ledger_restored",summary:e,eventId:E}),U(o,{at:r,kind:"ledger_restored",text:s,eventId:E})})}takeSpooled(){return K(l(this.root,p),e=>this.write(e),{keep:this.isCopy})}get driver(){return this.db.driver}write(e){this.dirty=!0,this.db.exec("BEGIN IMMEDIATE");try{let n=e(this.db);return this.db.exec("COMMIT"),n}catch(n){try{this.db.exec("ROLLBACK")}catch{}throw n}}close(){if(this.copyDir){this.db.close(),y(this.copyDir,{recursive:!0,force:!0});return}let e=l(this.root,p);this.renewRecoveryCopy();let n=k(e);this.db.close(),M(e,n)}renewRecoveryCopy(){if(!(!this.recoveryDir||!this.healthy||!this.dirty&&this.head))try{this.db.exec("BEGIN");try{let e=F(this.db);if(!(this.rechain||P(this.head,{trustKey:e,ledgerBytes:Te(this.path)+Te(`${this.path}-wal`),nowMs:Date.now()}))){B(this.db,this.recoveryDir,Math.max(this.head.maxId,Y(this.recoveryDir)),this.head.names??0);return}let r=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:i,maxId:s,added:o,marks:E}=H(this.db,r.chain,r.maxId,void 0,r.events);x(this.root,this.recoveryDir,{events:r.events+o,maxId:s,chain:i,trustKey:e,marks:W(r.marks,E),names:Number(this.db.get("SELECT max(id) AS n FROM event_names")?.n??0)},new Date().toISOString(),this.openDriver??void 0)}finally{this.db.exec("COMMIT")}}catch(e){process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`)}}configure(){this.db.exec(`PRAGMA busy_timeout = ${ye}`),be(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>h)throw new T(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${h}); upgrade continuity`,d.ledger);if(!(e===h||!this.write(r=>{let i=0;for(let s=this.userVersion();s<h;s++)r.exec(C[s]),i+=te[s]?.(r)??0,r.exec(`PRAGMA user_version = ${s+1}`);return i})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function we(t){let{tmpdir:e}=Ue(import.meta.url)("node:os"),n=De(l(e(),"continuity-read-"));try{oe(t,l(n,L)),de(`${t}-wal`)&&oe(`${t}-wal`,l(n,`${L}-wal`))}catch(r){throw y(n,{recursive:!0,force:!0}),Ne(t,r)}return n}var Xe="SQLite format 3\0";function ae(t,e){let n="",r;try{r=ge(t,"r");let i=Buffer.alloc(16);n=i.subarray(0,fe(r,i,0,16,0)).toString("latin1")}catch{}finally{r!==void 0&&Ae(r)}return n.length>0&&n!==Xe?new T(`ledger ${t} is not a SQLite database (corrupt or replaced); it was left untouched`,d.ledger):Ne(t,e)}function Ne(t,e){let n=e instanceof Error?e.message.split(`
`)[0]:String(e);return new T(`ledger ${t} cannot be used: ${n}; it was left untouched`,d.ledger)}function be(t,e=200){let n=new Int32Array(new SharedArrayBuffer(4));for(let r=0;;r++)try{return t()}catch(i){let s=String(i.message??i);if(r>=e||!/busy|locked/i.test(s))throw i;Atomics.wait(n,0,0,5+Math.floor(Math.random()*20))}}function Te(t){try{return Ce(t).size}catch{return 0}}export{Z as a,ke as b,h as c,re as d,U as e,Ye as f,qe as g,Ke as h,Ee as i};
