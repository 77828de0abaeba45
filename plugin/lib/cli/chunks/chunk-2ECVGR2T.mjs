import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as j}from"./chunk-IQICRNJK.mjs";import{b as T}from"./chunk-H4RTMIZK.mjs";import{b as W,d as q}from"./chunk-IY3KP4HV.mjs";import{h as K}from"./chunk-Z7655YSF.mjs";import{e as Y,f as g,g as H}from"./chunk-Z2ERT7D7.mjs";import{f as b}from"./chunk-O67TL74T.mjs";import{b as $,c as F}from"./chunk-VA67UDRY.mjs";import{b as oe,c as ae}from"./chunk-Z57HVVCB.mjs";import{b as V,d as Q,g as J,h as z,i as w,j as Z,m as ee,o as te,p as ne,u as re,w as ie,x as se,y as X}from"./chunk-LKLGMCKJ.mjs";import{a as G,d as B,i as S}from"./chunk-5ZMLCYUB.mjs";import{b as P,c as A,f as p,g as v}from"./chunk-4M2XKEYQ.mjs";import{a as N,b as c}from"./chunk-A5HBJMMP.mjs";import{a as C}from"./chunk-52QU4TEI.mjs";import{closeSync as Se,copyFileSync as pe,existsSync as _e,mkdirSync as be,mkdtempSync as Ce,openSync as we,readSync as Xe,rmSync as M,statSync as ke}from"node:fs";import{createRequire as xe}from"node:module";import{join as u}from"node:path";var U="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",de=`
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
    UPDATE session_tally SET n = n - 1 WHERE ${U};
    DELETE FROM session_tally WHERE ${U} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${U};
    DELETE FROM session_tally WHERE ${U} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var k=[`
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
  `,W,q,de,j],y=k.length;function Oe(r,e=2e3){let t=0,i=A(r);for(let n=0;;){let s=r.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",n,e);if(!s.length)return t;for(let o of s){let d;try{d=JSON.parse(o.input)}catch{continue}let E=JSON.stringify(B(d,{sessionId:o.session_id,kind:o.kind},i)??null);E!==o.input&&(t+=r.run("UPDATE events SET input = ? WHERE id = ?",E,o.id).changes)}n=Number(s[s.length-1].id)}}function Ie(r){let e=0;for(let t of r.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!$(t.path))continue;let i=F(t.content);i!==t.content&&(e+=r.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",i,t.path).changes)}return e}var Ee={7:r=>Oe(r)+Ie(r),9:r=>Number(r.get("SELECT count(*) AS n FROM event_rows")?.n??0)};async function Te(r=process.env){let e=r.CONTINUITY_SQLITE_DRIVER;if(e){if(!C.includes(e))throw new c(`CONTINUITY_SQLITE_DRIVER must be one of ${C.join(", ")} (got "${e}")`,N.invalidInput);try{return{name:e,open:await le(e)}}catch(n){throw new c(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${ce()}: ${n.message.split(`
`)[0]}`,N.ledger)}}let t=ue()?["bun:sqlite"]:Ae()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],i=[];for(let n of t)try{return{name:n,open:await le(n)}}catch(s){i.push(`${n}: ${s.message.split(`
`)[0]}`)}throw new c(`no SQLite driver available on ${ce()} (${i.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,N.ledger)}async function le(r){switch(r){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-QESZO4MK.mjs")).loadBetterSqlite3()}}function ue(){return typeof globalThis.Bun<"u"}function Ae(){let[r=0,e=0]=process.versions.node.split(".").map(Number);return r>22||r===22&&e>=13}function ce(){return ue()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}function x(r,e){r.run("INSERT INTO notices (at, kind, text, event_id) VALUES (?, ?, ?, ?)",e.at,e.kind,G(e.text,A(r)),e.eventId)}function tt(r){return r.all("SELECT id, text FROM notices WHERE announced_at IS NULL ORDER BY id").map(e=>({id:Number(e.id),text:e.text}))}function nt(r){return Number(r.get("SELECT count(*) AS n FROM notices WHERE announced_at IS NULL")?.n??0)}function rt(r,e,t,i){for(let n of e)r.run("UPDATE notices SET announced_at = ?, announced_by = ? WHERE id = ? AND announced_at IS NULL",t,i,n)}import{statSync as ge}from"node:fs";var Ue=4,De=16;function D(r,e=f(r)){let t=f(`${r}-wal`);return e&&t?`${e}|${t}`:null}function f(r){try{let e=ge(r);return`${e.dev}:${e.ino}`}catch{return null}}var Ne=class{idle=new Map;counts={opened:0,reused:0,dropped:0,driverLoads:0};driver=null;driverLoaded(e){this.counts.driverLoads++,this.driver=e}closed=!1;take(e){let t=this.idle.get(e);if(!t?.length)return null;let i=D(e);if(i===null||t.some(s=>s.identity!==i))return this.drop(e),null;let n=t.pop();return this.counts.reused++,n}opened(){this.counts.opened++}giveBack(e,t,i){let n=this.idle.get(e)??[];if(this.closed||i===null||n.length>=Ue||D(e)!==i){t.close();return}n.push({db:t,identity:i}),this.idle.delete(e),this.idle.set(e,n);for(let[s]of this.idle){if(this.idle.size<=De)break;this.drop(s)}}closeAll(){this.closed=!0;for(let e of[...this.idle.keys()])this.drop(e)}drop(e){for(let t of this.idle.get(e)??[]){this.counts.dropped++;try{t.db.close()}catch{}}this.idle.delete(e)}};var Me=1e4,he=class r{constructor(e,t,i,n=null,s=null,o=null){this.db=e;this.root=t;this.path=i;this.copyDir=n;this.recoveryDir=s;this.head=o;P(e,u(t,p))}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;lagRecovery=!1;keep=null;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,t={}){let i=u(e,p),n=u(i,v),s=new Date().toISOString(),o=t.copy?null:V(e,t.env),d=o?Q(o,e):null,E=w(e,d),R=E?X(e,o,s):null;R||(E=null),T("ledger: recovery head");let O=_e(n);if(!O&&(!t.create||t.copy))throw new c(`no ledger at ${n}: run \`continuity plan import FILE\` first`,N.ledger);let Re=!O&&!d&&!!o&&oe(e,t.env);O||be(i,{recursive:!0});let h=t.copy?Ge(n):null,ye=h?u(h,v):n,m=t.driver??t.connections?.driver;m||(m=await Te(),t.connections?.driverLoaded(m)),T("ledger: driver load");let _=t.connections&&!h&&!t.oneTransaction?t.connections:null,L=_?.take(n)??null,fe=_&&!L?f(n):null,I;try{I=L?.db??m.open(ye,{mustExist:O})}catch(l){throw h&&M(h,{recursive:!0,force:!0}),Le(n,l)}_&&!L&&_.opened();let a=new r(I,e,n,h,o,d);T(L?"ledger: kept connection":"ledger: open");try{L||a.configure(),a.migrate(),T("ledger: configure");let l=E?null:w(e,d,I);l&&(I.close(),R=X(e,o,s),E=l,a=new r(m.open(n,{mustExist:!0}),e,n,null,o,d),a.configure(),a.migrate()),_&&(a.keep={connections:_,identity:L&&!l?L.identity:D(n,l?f(n):fe)}),a.healthy=!0,a.lagRecovery=!!t.lagRecovery,a.openDriver=m.open,t.oneTransaction&&!h&&(a.db.exec("BEGIN IMMEDIATE"),a.outer=!0),Re&&a.recordStartedAnew(s),o&&ae(e,s,t.env),E&&a.recordRestore(E,R?.kept??null,s),T("ledger: damage check"),a.takeSpooled(),T("ledger: spool in")}catch(l){throw a.healthy=!1,a.close(),l instanceof c?l:Le(n,l)}return a}recordStartedAnew(e){let t="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(i=>{let n=S(i,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});b(i,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:n}),x(i,{at:e,kind:"ledger_lost",text:t,eventId:n})})}recordRestore(e,t,i){this.restored=e;let n=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),s=`continuity's ledger was restored from its recovery copy (${e})${t?`; the ledger as it was found is kept as ${p}/${t}`:""}. `+(n?`The restored ledger holds plan ${n.id} as approved (${n.approved_at??"at an unknown time"} via ${n.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{se(o,this.recoveryDir);let d=S(o,{at:i,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});b(o,{at:i,sessionId:null,kind:"ledger_restored",summary:e,eventId:d}),x(o,{at:i,kind:"ledger_restored",text:s,eventId:d})})}takeSpooled(){return K(u(this.root,p),e=>this.write(e),{keep:this.isCopy,afterCommit:e=>this.afterCommit(e)})}outer=!1;savepoints=0;committed=[];afterCommit(e){this.outer?this.committed.push(e):e()}commit(){if(this.outer){this.outer=!1;try{this.db.exec("COMMIT")}catch(e){this.committed.length=0;try{this.db.exec("ROLLBACK")}catch{}throw e}this.stampAtCommit=g(u(this.root,p));for(let e of this.committed.splice(0))e()}}stampAtCommit=null;get driver(){return this.db.driver}write(e){if(this.dirty=!0,this.outer){let t=`w${++this.savepoints}`;this.db.exec(`SAVEPOINT ${t}`);try{let i=e(this.db);return this.db.exec(`RELEASE ${t}`),i}catch(i){try{this.db.exec(`ROLLBACK TO ${t}`),this.db.exec(`RELEASE ${t}`)}catch{}throw i}}this.db.exec("BEGIN IMMEDIATE");try{let t=e(this.db);return this.db.exec("COMMIT"),t}catch(t){try{this.db.exec("ROLLBACK")}catch{}throw t}}close(e={}){if(this.outer)try{this.commit()}catch(n){process.stderr.write(`continuity: the ledger's transaction could not be committed: ${n.message.split(`
`)[0]}
`)}if(this.copyDir){this.db.close(),M(this.copyDir,{recursive:!0,force:!0});return}let t=u(this.root,p);T(`recovery copy${this.renewRecoveryCopy()}`);let i=g(t);this.keep&&this.healthy?this.keep.connections.giveBack(this.path,this.db,this.keep.identity):this.db.close(),T("ledger close"),e.hotState?Y(t,(this.stampAtCommit??e.hotState.ledgerStamp)===i?{...e.hotState,ledgerStamp:g(t)}:e.hotState):H(t,i),T("hot state write")}renewRecoveryCopy(){if(!this.recoveryDir||!this.healthy||!this.dirty&&this.head)return"";try{this.db.exec("BEGIN");try{let e=ee(this.db),t=this.head?Math.max(this.head.maxId,ie(this.recoveryDir)):0,i=this.lagRecovery&&this.head?{tailEvents:t-this.head.maxId}:void 0;if(!(this.rechain||te(this.head,{trustKey:e,ledgerBytes:me(this.path)+me(`${this.path}-wal`),nowMs:Date.now(),lag:i})))return re(this.db,this.recoveryDir,t,this.head.names??0,ne(this.head))," (tail)";let s=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:o,maxId:d,added:E,marks:R}=z(this.db,s.chain,s.maxId,void 0,s.events);return Z(this.root,this.recoveryDir,{events:s.events+E,maxId:d,chain:o,trustKey:e,marks:J(s.marks,R),names:Number(this.db.get("SELECT max(id) AS n FROM event_names")?.n??0)},new Date().toISOString(),this.openDriver??void 0)," (whole)"}finally{this.db.exec("COMMIT")}}catch(e){return process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`),""}}configure(){this.db.exec(`PRAGMA busy_timeout = ${Me}`),Pe(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>y)throw new c(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${y}); upgrade continuity`,N.ledger);if(!(e===y||!this.write(i=>{let n=0;for(let s=this.userVersion();s<y;s++)i.exec(k[s]),n+=Ee[s]?.(i)??0,i.exec(`PRAGMA user_version = ${s+1}`);return n})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function Ge(r){let{tmpdir:e}=xe(import.meta.url)("node:os"),t=Ce(u(e(),"continuity-read-"));try{pe(r,u(t,v)),_e(`${r}-wal`)&&pe(`${r}-wal`,u(t,`${v}-wal`))}catch(i){throw M(t,{recursive:!0,force:!0}),ve(r,i)}return t}var Be="SQLite format 3\0";function Le(r,e){let t="",i;try{i=we(r,"r");let n=Buffer.alloc(16);t=n.subarray(0,Xe(i,n,0,16,0)).toString("latin1")}catch{}finally{i!==void 0&&Se(i)}return t.length>0&&t!==Be?new c(`ledger ${r} is not a SQLite database (corrupt or replaced); it was left untouched`,N.ledger):ve(r,e)}function ve(r,e){let t=e instanceof Error?e.message.split(`
`)[0]:String(e);return new c(`ledger ${r} cannot be used: ${t}; it was left untouched`,N.ledger)}function Pe(r,e=200){let t=new Int32Array(new SharedArrayBuffer(4));for(let i=0;;i++)try{return r()}catch(n){let s=String(n.message??n);if(i>=e||!/busy|locked/i.test(s))throw n;Atomics.wait(t,0,0,5+Math.floor(Math.random()*20))}}function me(r){try{return ke(r).size}catch{return 0}}export{y as a,Te as b,x as c,tt as d,nt as e,rt as f,Ne as g,he as h};
