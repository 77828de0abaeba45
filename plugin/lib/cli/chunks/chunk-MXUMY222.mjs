import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as W}from"./chunk-IQICRNJK.mjs";import{b as T}from"./chunk-H4RTMIZK.mjs";import{b as H,d as K}from"./chunk-IY3KP4HV.mjs";import{c as w,i as q}from"./chunk-XVUAT6JP.mjs";import{e as Y,f as A,g as F}from"./chunk-QCJK6WFZ.mjs";import{o as S}from"./chunk-ODJ523KK.mjs";import{b as P,c as $}from"./chunk-VA67UDRY.mjs";import{b as ie,c as oe}from"./chunk-XBBH6NRH.mjs";import{b as j,d as V,g as Q,h as J,i as X,j as z,m as Z,o as ee,p as te,u as ne,w as re,x as se,y as b}from"./chunk-3C2GUYKR.mjs";import{d as M,i as D}from"./chunk-T5KWVPFB.mjs";import{b as x,c as B,f as h,g as v}from"./chunk-4M2XKEYQ.mjs";import{a as u,b as c}from"./chunk-A5HBJMMP.mjs";import{a as C}from"./chunk-52QU4TEI.mjs";import{closeSync as De,copyFileSync as ue,existsSync as _e,mkdirSync as Se,mkdtempSync as Ce,openSync as we,readSync as Xe,rmSync as G,statSync as be}from"node:fs";import{createRequire as ke}from"node:module";import{join as N}from"node:path";var g="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",ae=`
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
    UPDATE session_tally SET n = n - 1 WHERE ${g};
    DELETE FROM session_tally WHERE ${g} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${g};
    DELETE FROM session_tally WHERE ${g} AND n <= 0;
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
  `,H,K,ae,W],y=k.length;function Oe(s,e=2e3){let t=0,r=B(s);for(let n=0;;){let i=s.all("SELECT id, kind, session_id, input FROM events WHERE id > ? ORDER BY id LIMIT ?",n,e);if(!i.length)return t;for(let o of i){let d;try{d=JSON.parse(o.input)}catch{continue}let E=JSON.stringify(M(d,{sessionId:o.session_id,kind:o.kind},r)??null);E!==o.input&&(t+=s.run("UPDATE events SET input = ? WHERE id = ?",E,o.id).changes)}n=Number(i[i.length-1].id)}}function fe(s){let e=0;for(let t of s.all("SELECT path, content FROM guard_snapshots WHERE content IS NOT NULL")){if(!P(t.path))continue;let r=$(t.content);r!==t.content&&(e+=s.run("UPDATE guard_snapshots SET content = ? WHERE path = ?",r,t.path).changes)}return e}var de={7:s=>Oe(s)+fe(s),9:s=>Number(s.get("SELECT count(*) AS n FROM event_rows")?.n??0)};async function ce(s=process.env){let e=s.CONTINUITY_SQLITE_DRIVER;if(e){if(!C.includes(e))throw new c(`CONTINUITY_SQLITE_DRIVER must be one of ${C.join(", ")} (got "${e}")`,u.invalidInput);try{return{name:e,open:await Ee(e)}}catch(n){throw new c(`CONTINUITY_SQLITE_DRIVER=${e} cannot be loaded on ${le()}: ${n.message.split(`
`)[0]}`,u.ledger)}}let t=Te()?["bun:sqlite"]:Ie()?["node:sqlite","better-sqlite3"]:["better-sqlite3"],r=[];for(let n of t)try{return{name:n,open:await Ee(n)}}catch(i){r.push(`${n}: ${i.message.split(`
`)[0]}`)}throw new c(`no SQLite driver available on ${le()} (${r.join("; ")}); use Node \u2265 22.13 or install better-sqlite3`,u.ledger)}async function Ee(s){switch(s){case"bun:sqlite":return(await import("./bun-sqlite-UT4N4B5P.mjs")).loadBunSqlite();case"node:sqlite":return(await import("./node-sqlite-HMIVNWWH.mjs")).loadNodeSqlite();case"better-sqlite3":return(await import("./better-sqlite3-QESZO4MK.mjs")).loadBetterSqlite3()}}function Te(){return typeof globalThis.Bun<"u"}function Ie(){let[s=0,e=0]=process.versions.node.split(".").map(Number);return s>22||s===22&&e>=13}function le(){return Te()?`Bun ${globalThis.Bun?.version}`:`Node ${process.versions.node}`}import{statSync as Ae}from"node:fs";var ge=4,Ue=16;function U(s,e=O(s)){let t=O(`${s}-wal`);return e&&t?`${e}|${t}`:null}function O(s){try{let e=Ae(s);return`${e.dev}:${e.ino}`}catch{return null}}var Ne=class{idle=new Map;counts={opened:0,reused:0,dropped:0,driverLoads:0};driver=null;driverLoaded(e){this.counts.driverLoads++,this.driver=e}closed=!1;take(e){let t=this.idle.get(e);if(!t?.length)return null;let r=U(e);if(r===null||t.some(i=>i.identity!==r))return this.drop(e),null;let n=t.pop();return this.counts.reused++,n}opened(){this.counts.opened++}giveBack(e,t,r){let n=this.idle.get(e)??[];if(this.closed||r===null||n.length>=ge||U(e)!==r){t.close();return}n.push({db:t,identity:r}),this.idle.delete(e),this.idle.set(e,n);for(let[i]of this.idle){if(this.idle.size<=Ue)break;this.drop(i)}}closeAll(){this.closed=!0;for(let e of[...this.idle.keys()])this.drop(e)}drop(e){for(let t of this.idle.get(e)??[]){this.counts.dropped++;try{t.db.close()}catch{}}this.idle.delete(e)}};var Ge=1e4,he=class s{constructor(e,t,r,n=null,i=null,o=null){this.db=e;this.root=t;this.path=r;this.copyDir=n;this.recoveryDir=i;this.head=o;x(e,N(t,h))}db;root;path;copyDir;recoveryDir;head;restored=null;openDriver=null;dirty=!1;healthy=!1;lagRecovery=!1;keep=null;get recoveryHead(){return this.head}get isCopy(){return this.copyDir!==null}static async open(e,t={}){let r=N(e,h),n=N(r,v),i=new Date().toISOString(),o=t.copy?null:j(e,t.env),d=o?V(o,e):null,E=X(e,d),R=E?b(e,o,i):null;R||(E=null),T("ledger: recovery head");let f=_e(n);if(!f&&(!t.create||t.copy))throw new c(`no ledger at ${n}: run \`continuity plan import FILE\` first`,u.ledger);let ve=!f&&!d&&!!o&&ie(e,t.env);f||Se(r,{recursive:!0});let p=t.copy?Me(n):null,Re=p?N(p,v):n,_=t.driver??t.connections?.driver;_||(_=await ce(),t.connections?.driverLoaded(_)),T("ledger: driver load");let m=t.connections&&!p&&!t.oneTransaction?t.connections:null,L=m?.take(n)??null,ye=m&&!L?O(n):null,I;try{I=L?.db??_.open(Re,{mustExist:f})}catch(l){throw p&&G(p,{recursive:!0,force:!0}),pe(n,l)}m&&!L&&m.opened();let a=new s(I,e,n,p,o,d);T(L?"ledger: kept connection":"ledger: open");try{L||a.configure(),a.migrate(),T("ledger: configure");let l=E?null:X(e,d,I);l&&(I.close(),R=b(e,o,i),E=l,a=new s(_.open(n,{mustExist:!0}),e,n,null,o,d),a.configure(),a.migrate()),m&&(a.keep={connections:m,identity:L&&!l?L.identity:U(n,l?O(n):ye)}),a.healthy=!0,a.lagRecovery=!!t.lagRecovery,a.openDriver=_.open,t.oneTransaction&&!p&&(a.db.exec("BEGIN IMMEDIATE"),a.outer=!0),ve&&a.recordStartedAnew(i),o&&oe(e,i,t.env),E&&a.recordRestore(E,R?.kept??null,i),T("ledger: damage check"),a.takeSpooled(),T("ledger: spool in")}catch(l){throw a.healthy=!1,a.close(),l instanceof c?l:pe(n,l)}return a}recordStartedAnew(e){let t="continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone, and with them the plan's approval and the audit trail. `continuity log` starts from here.";this.write(r=>{let n=D(r,{at:e,source:"continuity",kind:"ledger-started-anew",sessionId:null,input:{root:this.root},decision:{action:"started"}});S(r,{at:e,sessionId:null,kind:"ledger_lost",summary:"the ledger and its recovery copy were both gone; a new ledger was started",eventId:n}),w(r,{at:e,kind:"ledger_lost",text:t,eventId:n})})}recordRestore(e,t,r){this.restored=e;let n=this.db.get("SELECT id, approved_at, approved_via FROM plans WHERE state = 'approved' ORDER BY id LIMIT 1"),i=`continuity's ledger was restored from its recovery copy (${e})${t?`; the ledger as it was found is kept as ${h}/${t}`:""}. `+(n?`The restored ledger holds plan ${n.id} as approved (${n.approved_at??"at an unknown time"} via ${n.approved_via??"an unknown channel"}); if that was not you, \`continuity revoke\` takes it back. `:"")+"To stop using continuity in this project, `continuity init --uninstall` lets the copy go.";this.write(o=>{se(o,this.recoveryDir);let d=D(o,{at:r,source:"continuity",kind:"ledger-restored",sessionId:null,input:{damage:e},decision:{action:"restored",damage:e}});S(o,{at:r,sessionId:null,kind:"ledger_restored",summary:e,eventId:d}),w(o,{at:r,kind:"ledger_restored",text:i,eventId:d})})}takeSpooled(){return q(N(this.root,h),e=>this.write(e),{keep:this.isCopy,afterCommit:e=>this.afterCommit(e)})}outer=!1;savepoints=0;committed=[];afterCommit(e){this.outer?this.committed.push(e):e()}commit(){if(this.outer){this.outer=!1;try{this.db.exec("COMMIT")}catch(e){this.committed.length=0;try{this.db.exec("ROLLBACK")}catch{}throw e}this.stampAtCommit=A(N(this.root,h));for(let e of this.committed.splice(0))e()}}stampAtCommit=null;get driver(){return this.db.driver}write(e){if(this.dirty=!0,this.outer){let t=`w${++this.savepoints}`;this.db.exec(`SAVEPOINT ${t}`);try{let r=e(this.db);return this.db.exec(`RELEASE ${t}`),r}catch(r){try{this.db.exec(`ROLLBACK TO ${t}`),this.db.exec(`RELEASE ${t}`)}catch{}throw r}}this.db.exec("BEGIN IMMEDIATE");try{let t=e(this.db);return this.db.exec("COMMIT"),t}catch(t){try{this.db.exec("ROLLBACK")}catch{}throw t}}close(e={}){if(this.outer)try{this.commit()}catch(n){process.stderr.write(`continuity: the ledger's transaction could not be committed: ${n.message.split(`
`)[0]}
`)}if(this.copyDir){this.db.close(),G(this.copyDir,{recursive:!0,force:!0});return}let t=N(this.root,h);T(`recovery copy${this.renewRecoveryCopy()}`);let r=A(t);this.keep&&this.healthy?this.keep.connections.giveBack(this.path,this.db,this.keep.identity):this.db.close(),T("ledger close"),e.hotState?Y(t,(this.stampAtCommit??e.hotState.ledgerStamp)===r?{...e.hotState,ledgerStamp:A(t)}:e.hotState):F(t,r),T("hot state write")}renewRecoveryCopy(){if(!this.recoveryDir||!this.healthy||!this.dirty&&this.head)return"";try{this.db.exec("BEGIN");try{let e=Z(this.db),t=this.head?Math.max(this.head.maxId,re(this.recoveryDir)):0,r=this.lagRecovery&&this.head?{tailEvents:t-this.head.maxId}:void 0;if(!(this.rechain||ee(this.head,{trustKey:e,ledgerBytes:Le(this.path)+Le(`${this.path}-wal`),nowMs:Date.now(),lag:r})))return ne(this.db,this.recoveryDir,t,this.head.names??0,te(this.head))," (tail)";let i=!this.rechain&&this.head||{chain:"",maxId:0,events:0},{chain:o,maxId:d,added:E,marks:R}=J(this.db,i.chain,i.maxId,void 0,i.events);return z(this.root,this.recoveryDir,{events:i.events+E,maxId:d,chain:o,trustKey:e,marks:Q(i.marks,R),names:Number(this.db.get("SELECT max(id) AS n FROM event_names")?.n??0)},new Date().toISOString(),this.openDriver??void 0)," (whole)"}finally{this.db.exec("COMMIT")}}catch(e){return process.stderr.write(`continuity: the ledger's recovery copy could not be renewed in ${this.recoveryDir}: ${e.message.split(`
`)[0]}
`),""}}configure(){this.db.exec(`PRAGMA busy_timeout = ${Ge}`),Be(()=>{let e=this.db.get("PRAGMA journal_mode = WAL");if(e?.journal_mode?.toLowerCase()!=="wal")throw new Error(`cannot enable WAL (journal_mode=${e?.journal_mode})`)}),this.db.exec("PRAGMA synchronous = NORMAL"),this.db.exec("PRAGMA foreign_keys = ON")}migrate(){let e=this.userVersion();if(e>y)throw new c(`ledger ${this.path} has schema v${e}, newer than this continuity understands (v${y}); upgrade continuity`,u.ledger);if(!(e===y||!this.write(r=>{let n=0;for(let i=this.userVersion();i<y;i++)r.exec(k[i]),n+=de[i]?.(r)??0,r.exec(`PRAGMA user_version = ${i+1}`);return n})||this.copyDir)){this.rechain=!0;try{this.db.exec("VACUUM"),this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")}catch{}}}rechain=!1;userVersion(){return Number(this.db.get("PRAGMA user_version")?.user_version??0)}};function Me(s){let{tmpdir:e}=ke(import.meta.url)("node:os"),t=Ce(N(e(),"continuity-read-"));try{ue(s,N(t,v)),_e(`${s}-wal`)&&ue(`${s}-wal`,N(t,`${v}-wal`))}catch(r){throw G(t,{recursive:!0,force:!0}),me(s,r)}return t}var xe="SQLite format 3\0";function pe(s,e){let t="",r;try{r=we(s,"r");let n=Buffer.alloc(16);t=n.subarray(0,Xe(r,n,0,16,0)).toString("latin1")}catch{}finally{r!==void 0&&De(r)}return t.length>0&&t!==xe?new c(`ledger ${s} is not a SQLite database (corrupt or replaced); it was left untouched`,u.ledger):me(s,e)}function me(s,e){let t=e instanceof Error?e.message.split(`
`)[0]:String(e);return new c(`ledger ${s} cannot be used: ${t}; it was left untouched`,u.ledger)}function Be(s,e=200){let t=new Int32Array(new SharedArrayBuffer(4));for(let r=0;;r++)try{return s()}catch(n){let i=String(n.message??n);if(r>=e||!/busy|locked/i.test(i))throw n;Atomics.wait(t,0,0,5+Math.floor(Math.random()*20))}}function Le(s){try{return be(s).size}catch{return 0}}export{y as a,ce as b,Ne as c,he as d};
