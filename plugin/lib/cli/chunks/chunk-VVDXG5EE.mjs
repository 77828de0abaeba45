import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as te}from"./chunk-IQICRNJK.mjs";import{e as z,g as ne,h as re,j as c}from"./chunk-QWH5PVEV.mjs";import{c as P,d as I,e as B}from"./chunk-CFIBSRVI.mjs";import{b as Z,d as ee}from"./chunk-IY3KP4HV.mjs";import{f as S}from"./chunk-GPLZ5RUI.mjs";import{b as M,c as G}from"./chunk-VA67UDRY.mjs";import{a as N,b as T}from"./chunk-A5HBJMMP.mjs";import{b as Y,d as $,g as F,h as H,i as g,j as W,m as K,o as q,p as V,u as j,w as Q,x as J,y as U}from"./chunk-YX7UCPC7.mjs";import{a as b,d as k,i as f}from"./chunk-J3HDSRFP.mjs";import{b as x,c as O,f as h,g as L}from"./chunk-4M2XKEYQ.mjs";import{a as D}from"./chunk-52QU4TEI.mjs";import{closeSync as ve,copyFileSync as Te,existsSync as ue,mkdirSync as Oe,mkdtempSync as Ie,openSync as ye,readSync as Ae,rmSync as X,statSync as fe}from"node:fs";import{createRequire as ge}from"node:module";import{join as l}from"node:path";var y="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",se=`
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
    UPDATE session_tally SET n = n - 1 WHERE ${y};
    DELETE FROM session_tally WHERE ${y} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${y};
    DELETE FROM session_tally WHERE ${y} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var C=[`
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
  `,Z,ee,se,te],m=C.length;function _e(n,e=2e3){let t=0,r=O(n);for(let s=0;;){let i=n.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",s,e);if(!i.length)return t;for(let o of i){let E;try{E=JSON.parse(o.input)}catch{continue}let d=JSON.stringify(k(E,{sessionId:o.session_id,kind:o.kind},r)??null);d!==o.input&&(t+=n.run("UPDATE events SET input = ? WHERE id = ?",d,o.id).changes)}s=Number(i[i.length-1].id)}}function me(n){let e=0;for(let t of n.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!M(t.path))continue;let r=G(t.content);r!==t.content&&(e+=n.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",r,t.path).changes)}return e}var ie={7:n=>_e(n)+me(n),9:n=>Number(n.get("SELECT count(*) AS n FROM event_rows")?.n??0)};async function Ee(n=process.env){let e=n.CONTINUITY_SQLITE_DRIVER;if(e){if(!D.includes(e))throw new T(`CONTINUITY_SQLITE_DRIVER must be one of ${D.join(", ")} (got "${e}")`,N.invalidInput);try{return{name:e,open:await oe(e)}}catch(s){throw new T(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${ae()}: ${s.message.split(`
`)[0]}`,N.ledger)}}let t=de()?["bun:sqlite"]:Re()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],r=[];for(let s of t)try{return{name:s,open:await oe(s)}}catch(i){r.push(`${s}: ${i.message.split(`
`)[0]}`)}throw new T(`no SQLite driver available on ${ae()} (${r.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,N.ledger)}async function oe(n){switch(n){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-QESZO4MK.mjs")).loadBetterSqlite3()}}function de(){return typeof globalThis.Bun<"u"}function Re(){let[n=0,e=0]=process.versions.node.split(".").map(Number);return n>22||n===22&&e>=13}function ae(){return de()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function w(n,e){n.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",e.at,e.kind,b(e.text,O(n)),e.eventId)}function Ke(n){return n.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(e=>({id:Number(e.id),text:e.text}))}function qe(n){return Number(n.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function Ve(n,e,t,r){for(let s of e)n.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",t,r,s)}var Ue=1e4,ce=class n{constructor(e,t,r,s=null,i=null,o=null){this.db=e;this.root=t;this.path=r;this.copyDir=s;this.recoveryDir=i;this.head=o;x(e,l(t,h))}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;lagRecovery=!1;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,t={}){let r=l(e,h),s=l(r,L),i=new Date().toISOString(),o=t.copy?null:Y(e,t.env),E=o?$(o,e):null,d=g(e,E),_=d?U(e,o,i):null;_||(d=null),c("ledger: recovery head");let R=ue(s);if(!R&&(!t.create||t.copy))throw new T(`no ledger at ${s}: run \`continuity plan import FILE\` first`,N.ledger);let pe=!R&&!E&&!!o&&ne(e,t.env);R||Oe(r,{recursive:!0});let p=t.copy?Se(s):null,Le=p?l(p,L):s,A=t.driver??await Ee();c("ledger: driver load");let v;try{v=A.open(Le,{mustExist:R})}catch(u){throw p&&X(p,{recursive:!0,force:!0}),le(s,u)}let a=new n(v,e,s,p,o,E);c("ledger: open");try{a.configure(),a.migrate(),c("ledger: configure");let u=d?null:g(e,E,v);u&&(v.close(),_=U(e,o,i),d=u,a=new n(A.open(s,{mustExist:!0}),e,s,null,o,E),a.configure(),a.migrate()),a.healthy=!0,a.lagRecovery=!!t.lagRecovery,a.openDriver=A.open,t.oneTransaction&&!p&&(a.db.exec("BEGIN IMMEDIATE"),a.outer=!0),pe&&a.recordStartedAnew(i),o&&re(e,i,t.env),d&&a.recordRestore(d,_?.kept??null,i),c("ledger: damage check"),a.takeSpooled(),c("ledger: spool in")}catch(u){throw a.healthy=!1,a.close(),u instanceof T?u:le(s,u)}return a}recordStartedAnew(e){let t="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(r=>{let s=f(r,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});S(r,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:s}),w(r,{at:e,kind:"ledger_lost",text:t,eventId:s})})}recordRestore(e,t,r){this.restored=e;let s=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),i=`continuity's ledger was restored from its recovery copy (${e})${t?`; the ledger as it was found is kept as ${h}/${t}`:""}. `+(s?`The restored ledger holds plan ${s.id} as approved (${s.approved_at??"at an unknown time"} via ${s.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{J(o,this.recoveryDir);let E=f(o,{at:r,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});S(o,{at:r,sessionId:null,kind:"ledger_restored",summary:e,eventId:E}),w(o,{at:r,kind:"ledger_restored",text:i,eventId:E})})}takeSpooled(){return z(l(this.root,h),e=>this.write(e),{keep:this.isCopy,afterCommit:e=>this.afterCommit(e)})}outer=!1;savepoints=0;committed=[];afterCommit(e){this.outer?this.committed.push(e):e()}commit(){if(this.outer){this.outer=!1;try{this.db.exec("COMMIT")}catch(e){this.committed.length=0;try{this.db.exec("ROLLBACK")}catch{}throw e}this.stampAtCommit=I(l(this.root,h));for(let e of this.committed.splice(0))e()}}stampAtCommit=null;get driver(){return this.db.driver}write(e){if(this.dirty=!0,this.outer){let t=`w${++this.savepoints}`;this.db.exec(`SAVEPOINT ${t}`);try{let r=e(this.db);return this.db.exec(`RELEASE ${t}`),r}catch(r){try{this.db.exec(`ROLLBACK TO ${t}`),this.db.exec(`RELEASE ${t}`)}catch{}throw r}}this.db.exec("BEGIN IMMEDIATE");try{let t=e(this.db);return this.db.exec("COMMIT"),t}catch(t){try{this.db.exec("ROLLBACK")}catch{}throw t}}close(e={}){if(this.outer)try{this.commit()}catch(s){process.stderr.write(`continuity: the ledger's transaction could not be committed: ${s.message.split(`
`)[0]}
`)}if(this.copyDir){this.db.close(),X(this.copyDir,{recursive:!0,force:!0});return}let t=l(this.root,h);c(`recovery copy${this.renewRecoveryCopy()}`);let r=I(t);this.db.close(),c("ledger close"),e.hotState?P(t,(this.stampAtCommit??e.hotState.ledgerStamp)===r?{...e.hotState,ledgerStamp:I(t)}:e.hotState):B(t,r),c("hot state write")}renewRecoveryCopy(){if(!this.recoveryDir||!this.healthy||!this.dirty&&this.head)return"";try{this.db.exec("BEGIN");try{let e=K(this.db),t=this.head?Math.max(this.head.maxId,Q(this.recoveryDir)):0,r=this.lagRecovery&&this.head?{tailEvents:t-this.head.maxId}:void 0;if(!(this.rechain||q(this.head,{trustKey:e,ledgerBytes:Ne(this.path)+Ne(`${this.path}-wal`),nowMs:Date.now(),lag:r})))return j(this.db,this.recoveryDir,t,this.head.names??0,V(this.head))," (tail)";let i=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:o,maxId:E,added:d,marks:_}=H(this.db,i.chain,i.maxId,void 0,i.events);return W(this.root,this.recoveryDir,{events:i.events+d,maxId:E,chain:o,trustKey:e,marks:F(i.marks,_),names:Number(this.db.get("SELECT max(id) AS n FROM event_names")?.n??0)},new Date().toISOString(),this.openDriver??void 0)," (whole)"}finally{this.db.exec("COMMIT")}}catch(e){return process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`),""}}configure(){this.db.exec(`PRAGMA busy_timeout = ${Ue}`),Ce(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>m)throw new T(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${m}); upgrade continuity`,N.ledger);if(!(e===m||!this.write(r=>{let s=0;for(let i=this.userVersion();i<m;i++)r.exec(C[i]),s+=ie[i]?.(r)??0,r.exec(`PRAGMA user_version = ${i+1}`);return s})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function Se(n){let{tmpdir:e}=ge(import.meta.url)("node:os"),t=Ie(l(e(),"continuity-read-"));try{Te(n,l(t,L)),ue(`${n}-wal`)&&Te(`${n}-wal`,l(t,`${L}-wal`))}catch(r){throw X(t,{recursive:!0,force:!0}),he(n,r)}return t}var De="SQLite format 3\0";function le(n,e){let t="",r;try{r=ye(n,"r");let s=Buffer.alloc(16);t=s.subarray(0,Ae(r,s,0,16,0)).toString("latin1")}catch{}finally{r!==void 0&&ve(r)}return t.length>0&&t!==De?new T(`ledger ${n} is not a SQLite database (corrupt or replaced); it was left untouched`,N.ledger):he(n,e)}function he(n,e){let t=e instanceof Error?e.message.split(`
`)[0]:String(e);return new T(`ledger ${n} cannot be used: ${t}; it was left untouched`,N.ledger)}function Ce(n,e=200){let t=new Int32Array(new SharedArrayBuffer(4));for(let r=0;;r++)try{return n()}catch(s){let i=String(s.message??s);if(r>=e||!/busy|locked/i.test(i))throw s;Atomics.wait(t,0,0,5+Math.floor(Math.random()*20))}}function Ne(n){try{return fe(n).size}catch{return 0}}export{m as a,Ee as b,w as c,Ke as d,qe as e,Ve as f,ce as g};
