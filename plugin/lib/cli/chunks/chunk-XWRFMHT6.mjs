import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{f,l as K,n as q,o as j}from"./chunk-KFASSSS3.mjs";import{d as C,e as k}from"./chunk-5HCPXA25.mjs";import{b,c as w}from"./chunk-VA67UDRY.mjs";import{a as E,b as T}from"./chunk-A5HBJMMP.mjs";import{A as Y,D as $,E as F,F as H,G as O,b as D,g as I,n as S,p as M,s as x,t as G,u as y,v as B,y as P}from"./chunk-5FNROPGT.mjs";import{a as u,b as p}from"./chunk-ODA7YJTQ.mjs";import{a as A}from"./chunk-52QU4TEI.mjs";import{closeSync as Ee,copyFileSync as Z,existsSync as ne,mkdirSync as ce,mkdtempSync as le,openSync as Ne,readSync as ue,rmSync as X,statSync as pe}from"node:fs";import{createRequire as he}from"node:module";import{join as l}from"node:path";var g=[`
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
  `],L=g.length;function ae(i,e=2e3){let t=0;for(let n=0;;){let r=i.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",n,e);if(!r.length)return t;for(let o of r){let s;try{s=JSON.parse(o.input)}catch{continue}let a=JSON.stringify(D(s,{sessionId:o.session_id,kind:o.kind})??null);a!==o.input&&(t+=i.run("UPDATE events SET input = ? WHERE id = ?",a,o.id).changes)}n=Number(r[r.length-1].id)}}function de(i){let e=0;for(let t of i.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!b(t.path))continue;let n=w(t.content);n!==t.content&&(e+=i.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",n,t.path).changes)}return e}var W={7:i=>ae(i)+de(i)};async function J(i=process.env){let e=i.CONTINUITY_SQLITE_DRIVER;if(e){if(!A.includes(e))throw new T(`CONTINUITY_SQLITE_DRIVER must be one of ${A.join(", ")} (got "${e}")`,E.invalidInput);try{return{name:e,open:await V(e)}}catch(r){throw new T(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${Q()}: ${r.message.split(`
`)[0]}`,E.ledger)}}let t=z()?["bun:sqlite"]:Te()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],n=[];for(let r of t)try{return{name:r,open:await V(r)}}catch(o){n.push(`${r}: ${o.message.split(`
`)[0]}`)}throw new T(`no SQLite driver available on ${Q()} (${n.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,E.ledger)}async function V(i){switch(i){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-QESZO4MK.mjs")).loadBetterSqlite3()}}function z(){return typeof globalThis.Bun<"u"}function Te(){let[i=0,e=0]=process.versions.node.split(".").map(Number);return i>22||i===22&&e>=13}function Q(){return z()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function U(i,e){i.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",e.at,e.kind,e.text,e.eventId)}function Ue(i){return i.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(e=>({id:Number(e.id),text:e.text}))}function Xe(i){return Number(i.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function De(i,e,t,n){for(let r of e)i.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",t,n,r)}var Le=1e4,ee=class i{constructor(e,t,n,r=null,o=null,s=null){this.db=e;this.root=t;this.path=n;this.copyDir=r;this.recoveryDir=o;this.head=s}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,t={}){let n=l(e,u),r=l(n,p),o=new Date().toISOString(),s=t.copy?null:S(e,t.env),a=s?M(s,e):null,N=y(e,a),m=N?O(e,s,o):null;m||(N=null);let _=ne(r);if(!_&&(!t.create||t.copy))throw new T(`no ledger at ${r}: run \`continuity plan import FILE\` first`,E.ledger);let oe=!_&&!a&&!!s&&q(e,t.env);_||ce(n,{recursive:!0});let h=t.copy?_e(r):null,se=h?l(h,p):r,R=t.driver??await J(),v;try{v=R.open(se,{mustExist:_})}catch(c){throw h&&X(h,{recursive:!0,force:!0}),te(r,c)}let d=new i(v,e,r,h,s,a);try{d.configure(),d.migrate();let c=N?null:y(e,a,v);c&&(v.close(),m=O(e,s,o),N=c,d=new i(R.open(r,{mustExist:!0}),e,r,null,s,a),d.configure(),d.migrate()),d.healthy=!0,d.openDriver=R.open,oe&&d.recordStartedAnew(o),s&&j(e,o,t.env),N&&d.recordRestore(N,m?.kept??null,o),d.takeSpooled()}catch(c){throw d.healthy=!1,d.close(),c instanceof T?c:te(r,c)}return d}recordStartedAnew(e){let t="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(n=>{let r=I(n,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});f(n,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:r}),U(n,{at:e,kind:"ledger_lost",text:t,eventId:r})})}recordRestore(e,t,n){this.restored=e;let r=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),o=`continuity's ledger was restored from its recovery copy (${e})${t?`; the ledger as it was found is kept as ${u}/${t}`:""}. `+(r?`The restored ledger holds plan ${r.id} as approved (${r.approved_at??"at an unknown time"} via ${r.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(s=>{H(s,this.recoveryDir);let a=I(s,{at:n,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});f(s,{at:n,sessionId:null,kind:"ledger_restored",summary:e,eventId:a}),U(s,{at:n,kind:"ledger_restored",text:o,eventId:a})})}takeSpooled(){return K(l(this.root,u),e=>this.write(e),{keep:this.isCopy})}get driver(){return this.db.driver}write(e){this.dirty=!0,this.db.exec("BEGIN IMMEDIATE");try{let t=e(this.db);return this.db.exec("COMMIT"),t}catch(t){try{this.db.exec("ROLLBACK")}catch{}throw t}}close(){if(this.copyDir){this.db.close(),X(this.copyDir,{recursive:!0,force:!0});return}let e=l(this.root,u);this.renewRecoveryCopy();let t=C(e);this.db.close(),k(e,t)}renewRecoveryCopy(){if(!(!this.recoveryDir||!this.healthy||!this.dirty&&this.head))try{this.db.exec("BEGIN");try{let e=P(this.db);if(!(this.rechain||Y(this.head,{trustKey:e,ledgerBytes:re(this.path)+re(`${this.path}-wal`),nowMs:Date.now()}))){$(this.db,this.recoveryDir,Math.max(this.head.maxId,F(this.recoveryDir)));return}let n=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:r,maxId:o,added:s,marks:a}=G(this.db,n.chain,n.maxId,void 0,n.events);B(this.root,this.recoveryDir,{events:n.events+s,maxId:o,chain:r,trustKey:e,marks:x(n.marks,a)},new Date().toISOString(),this.openDriver??void 0)}finally{this.db.exec("COMMIT")}}catch(e){process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`)}}configure(){this.db.exec(`PRAGMA busy_timeout = ${Le}`),me(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>L)throw new T(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${L}); upgrade continuity`,E.ledger);if(!(e===L||!this.write(n=>{let r=0;for(let o=this.userVersion();o<L;o++)n.exec(g[o]),r+=W[o]?.(n)??0,n.exec(`PRAGMA user_version = ${o+1}`);return r})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function _e(i){let{tmpdir:e}=he(import.meta.url)("node:os"),t=le(l(e(),"continuity-read-"));try{Z(i,l(t,p)),ne(`${i}-wal`)&&Z(`${i}-wal`,l(t,`${p}-wal`))}catch(n){throw X(t,{recursive:!0,force:!0}),ie(i,n)}return t}var ve="SQLite format 3\0";function te(i,e){let t="",n;try{n=Ne(i,"r");let r=Buffer.alloc(16);t=r.subarray(0,ue(n,r,0,16,0)).toString("latin1")}catch{}finally{n!==void 0&&Ee(n)}return t.length>0&&t!==ve?new T(`ledger ${i} is not a SQLite database (corrupt or replaced); it was left untouched`,E.ledger):ie(i,e)}function ie(i,e){let t=e instanceof Error?e.message.split(`
`)[0]:String(e);return new T(`ledger ${i} cannot be used: ${t}; it was left untouched`,E.ledger)}function me(i,e=200){let t=new Int32Array(new SharedArrayBuffer(4));for(let n=0;;n++)try{return i()}catch(r){let o=String(r.message??r);if(n>=e||!/busy|locked/i.test(o))throw r;Atomics.wait(t,0,0,5+Math.floor(Math.random()*20))}}function re(i){try{return pe(i).size}catch{return 0}}export{L as a,J as b,U as c,Ue as d,Xe as e,De as f,ee as g};
