import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as R,g as $,i as P,j as K}from"./chunk-2E6M3RXL.mjs";import{f as O}from"./chunk-RLIATDTR.mjs";import{d as w,e as b}from"./chunk-5HCPXA25.mjs";import{b as C,d as D,e as k,f as y,g as S,h as M,j as x,k as G,l as B,m as Y,n as I}from"./chunk-JMAUXSVE.mjs";import{a as u,b as p}from"./chunk-ODA7YJTQ.mjs";import{a as T,b as d}from"./chunk-A5HBJMMP.mjs";import{a as f}from"./chunk-52QU4TEI.mjs";import{closeSync as ne,copyFileSync as Q,existsSync as J,mkdirSync as ie,mkdtempSync as oe,openSync as se,readSync as ae,rmSync as g,statSync as de}from"node:fs";import{createRequire as Te}from"node:module";import{join as l}from"node:path";var A=[`
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
  `],h=A.length;async function H(i=process.env){let e=i.CONTINUITY_SQLITE_DRIVER;if(e){if(!f.includes(e))throw new d(`CONTINUITY_SQLITE_DRIVER must be one of ${f.join(", ")} (got "${e}")`,T.invalidInput);try{return{name:e,open:await F(e)}}catch(n){throw new d(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${q()}: ${n.message.split(`
`)[0]}`,T.ledger)}}let t=j()?["bun:sqlite"]:re()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],r=[];for(let n of t)try{return{name:n,open:await F(n)}}catch(s){r.push(`${n}: ${s.message.split(`
`)[0]}`)}throw new d(`no SQLite driver available on ${q()} (${r.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,T.ledger)}async function F(i){switch(i){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-QESZO4MK.mjs")).loadBetterSqlite3()}}function j(){return typeof globalThis.Bun<"u"}function re(){let[i=0,e=0]=process.versions.node.split(".").map(Number);return i>22||i===22&&e>=13}function q(){return j()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function U(i,e){i.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",e.at,e.kind,e.text,e.eventId)}function _e(i){return i.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(e=>({id:Number(e.id),text:e.text}))}function me(i){return Number(i.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function ve(i,e,t,r){for(let n of e)i.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",t,r,n)}var Ee=1e4,V=class i{constructor(e,t,r,n=null,s=null,o=null){this.db=e;this.root=t;this.path=r;this.copyDir=n;this.recoveryDir=s;this.head=o}db;root;path;copyDir;recoveryDir;head;restored=null;dirty=!1;healthy=!1;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,t={}){let r=l(e,u),n=l(r,p),s=new Date().toISOString(),o=t.copy?null:C(e,t.env),E=o?D(o,e):null,N=y(e,E),v=N?I(e,o,s):null;v||(N=null);let _=J(n);if(!_&&(!t.create||t.copy))throw new d(`no ledger at ${n}: run \`continuity plan import FILE\` first`,T.ledger);let ee=!_&&!E&&!!o&&P(e,t.env);_||ie(r,{recursive:!0});let L=t.copy?ce(n):null,te=L?l(L,p):n,X=t.driver??await H(),m;try{m=X.open(te,{mustExist:_})}catch(c){throw L&&g(L,{recursive:!0,force:!0}),W(n,c)}let a=new i(m,e,n,L,o,E);try{a.configure(),a.migrate();let c=N?null:y(e,E,m);c&&(m.close(),v=I(e,o,s),N=c,a=new i(X.open(n,{mustExist:!0}),e,n,null,o,E),a.configure(),a.migrate()),a.healthy=!0,ee&&a.recordStartedAnew(s),o&&K(e,s,t.env),N&&a.recordRestore(N,v?.kept??null,s),a.takeSpooled()}catch(c){throw a.healthy=!1,a.close(),c instanceof d?c:W(n,c)}return a}recordStartedAnew(e){let t="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(r=>{let n=R(r,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});O(r,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:n}),U(r,{at:e,kind:"ledger_lost",text:t,eventId:n})})}recordRestore(e,t,r){this.restored=e;let n=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),s=`continuity's ledger was restored from its recovery copy (${e})${t?`; the ledger as it was found is kept as ${u}/${t}`:""}. `+(n?`The restored ledger holds plan ${n.id} as approved (${n.approved_at??"at an unknown time"} via ${n.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{Y(o,this.recoveryDir);let E=R(o,{at:r,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});O(o,{at:r,sessionId:null,kind:"ledger_restored",summary:e,eventId:E}),U(o,{at:r,kind:"ledger_restored",text:s,eventId:E})})}takeSpooled(){return $(l(this.root,u),e=>this.write(e),{keep:this.isCopy})}get driver(){return this.db.driver}write(e){this.dirty=!0,this.db.exec("BEGIN IMMEDIATE");try{let t=e(this.db);return this.db.exec("COMMIT"),t}catch(t){try{this.db.exec("ROLLBACK")}catch{}throw t}}close(){if(this.copyDir){this.db.close(),g(this.copyDir,{recursive:!0,force:!0});return}let e=l(this.root,u);this.renewRecoveryCopy();let t=w(e);this.db.close(),b(e,t)}renewRecoveryCopy(){if(!(!this.recoveryDir||!this.healthy||!this.dirty&&this.head))try{this.db.exec("BEGIN");try{let e=M(this.db);if(!x(this.head,{trustKey:e,ledgerBytes:z(this.path)+z(`${this.path}-wal`),nowMs:Date.now()})){G(this.db,this.recoveryDir,Math.max(this.head.maxId,B(this.recoveryDir)));return}let r=this.head??{chain:"",maxId:0,events:0},{chain:n,maxId:s,added:o}=k(this.db,r.chain,r.maxId);S(this.root,this.recoveryDir,{events:r.events+o,maxId:s,chain:n,trustKey:e},new Date().toISOString())}finally{this.db.exec("COMMIT")}}catch(e){process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`)}}configure(){this.db.exec(`PRAGMA busy_timeout = ${Ee}`),Ne(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>h)throw new d(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${h}); upgrade continuity`,T.ledger);e!==h&&this.write(t=>{for(let r=this.userVersion();r<h;r++)t.exec(A[r]),t.exec(`PRAGMA user_version = ${r+1}`)})}userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function ce(i){let{tmpdir:e}=Te(import.meta.url)("node:os"),t=oe(l(e(),"continuity-read-"));try{Q(i,l(t,p)),J(`${i}-wal`)&&Q(`${i}-wal`,l(t,`${p}-wal`))}catch(r){throw g(t,{recursive:!0,force:!0}),Z(i,r)}return t}var le="SQLite format 3\0";function W(i,e){let t="",r;try{r=se(i,"r");let n=Buffer.alloc(16);t=n.subarray(0,ae(r,n,0,16,0)).toString("latin1")}catch{}finally{r!==void 0&&ne(r)}return t.length>0&&t!==le?new d(`ledger ${i} is not a SQLite database (corrupt or replaced); it was left untouched`,T.ledger):Z(i,e)}function Z(i,e){let t=e instanceof Error?e.message.split(`
`)[0]:String(e);return new d(`ledger ${i} cannot be used: ${t}; it was left untouched`,T.ledger)}function Ne(i,e=200){let t=new Int32Array(new SharedArrayBuffer(4));for(let r=0;;r++)try{return i()}catch(n){let s=String(n.message??n);if(r>=e||!/busy|locked/i.test(s))throw n;Atomics.wait(t,0,0,5+Math.floor(Math.random()*20))}}function z(i){try{return de(i).size}catch{return 0}}export{h as a,H as b,U as c,_e as d,me as e,ve as f,V as g};
