import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import"./chunk-CXS6YJ7R.mjs";var a=[`
  CREATE TABLE continuity_projects (
    id          text PRIMARY KEY,              -- the repository's identity: its root commit
    label       text,                          -- the remote URL, for people reading the database
    first_seen  timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE continuity_machines (
    project     text NOT NULL REFERENCES continuity_projects (id),
    machine     text NOT NULL,                 -- host name and a short random id, chosen by the machine once
    last_seen   timestamptz NOT NULL DEFAULT now(),
    pushed      bigint NOT NULL DEFAULT 0,     -- the last local event id it pushed
    PRIMARY KEY (project, machine)
  );
  CREATE TABLE continuity_records (
    seq             bigserial PRIMARY KEY,
    tx              xid8 NOT NULL DEFAULT pg_current_xact_id(),
    id              text NOT NULL UNIQUE,      -- '<machine>:<local event id>'
    project         text NOT NULL REFERENCES continuity_projects (id),
    machine         text NOT NULL,
    local_id        bigint NOT NULL,
    kind            text NOT NULL,
    at              text NOT NULL,
    source          text NOT NULL,
    client          text,
    session_id      text,
    plan_path       text,
    structure_hash  text,
    input           jsonb,
    decision        jsonb,
    approval        jsonb,                     -- a signed approval statement and its signature
    stored_at       timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX continuity_records_pull ON continuity_records (project, tx, seq);
  `];var l=1668247156,o=class c{constructor(t,i){this.client=t;this.login=i}client;login;static async connect(t,i){let{default:s}=await import("./esm-APTCQCVY.mjs"),r={connectionTimeoutMillis:i.timeoutMs,application_name:"continuity",statement_timeout:3e4},n="connectionString"in t?{...r,connectionString:t.connectionString}:{...r,host:t.host,port:t.port,database:t.database},e=new s.Client(n);return e.on("error",()=>{}),await e.connect(),new c(e,t.from==="libpq"?"PGUSER/PGPASSWORD or ~/.pgpass":t.from==="file"?"the credentials file":"CONTINUITY_SHARED_URL")}async close(){await this.client.end().catch(()=>{})}async migrate(){let t=this.client;await t.query("BEGIN");try{await t.query("SELECT pg_advisory_xact_lock($1)",[l]),await t.query("CREATE TABLE IF NOT EXISTS continuity_schema (one int PRIMARY KEY CHECK (one = 1), version int NOT NULL)"),await t.query("INSERT INTO continuity_schema (one, version) VALUES (1, 0) ON CONFLICT DO NOTHING");let i=Number((await t.query("SELECT version FROM continuity_schema")).rows[0]?.version??0);for(let s=i;s<a.length;s++)await t.query(a[s]);return await t.query("UPDATE continuity_schema SET version = $1",[a.length]),await t.query("COMMIT"),a.length}catch(i){throw await t.query("ROLLBACK").catch(()=>{}),i}}async joinProject(t,i){await this.client.query("INSERT INTO continuity_projects (id, label) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET label = coalesce(excluded.label, continuity_projects.label)",[t.id,t.label]),await this.client.query("INSERT INTO continuity_machines (project, machine) VALUES ($1, $2) ON CONFLICT (project, machine) DO UPDATE SET last_seen = now()",[t.id,i])}async push(t,i,s){if(!s.length)return 0;let r=this.client;await r.query("BEGIN");try{let n=await r.query(`INSERT INTO continuity_records (id, project, machine, local_id, kind, at, source, client, session_id, plan_path, structure_hash, input, decision, approval)
         SELECT x.id, $1, $2, x.local_id, x.kind, x.at, x.source, x.client, x.session_id, x.plan_path, x.structure_hash, x.input, x.decision, x.approval
           FROM jsonb_to_recordset($3::jsonb) AS x (id text, local_id bigint, kind text, at text, source text, client text, session_id text, plan_path text, structure_hash text, input jsonb, decision jsonb, approval jsonb)
         ON CONFLICT (id) DO NOTHING`,[t,i,JSON.stringify(s.map(e=>({id:e.id,local_id:e.localId,kind:e.kind,at:e.at,source:e.source,client:e.client,session_id:e.sessionId,plan_path:e.planPath,structure_hash:e.structureHash,input:e.input??null,decision:e.decision??null,approval:e.approval??null})))]);return await r.query("UPDATE continuity_machines SET last_seen = now(), pushed = greatest(pushed, $3) WHERE project = $1 AND machine = $2",[t,i,s[s.length-1].localId]),await r.query("COMMIT"),n.rowCount??0}catch(n){throw await r.query("ROLLBACK").catch(()=>{}),n}}async pull(t,i,s=500){return(await this.client.query(`SELECT seq, tx::text AS tx, id, machine, kind, at, client, session_id, plan_path, structure_hash, input, decision, approval
         FROM continuity_records
        WHERE project = $1 AND (tx, seq) > ($2::xid8, $3::bigint) AND tx < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY tx, seq LIMIT $4`,[t,i.tx,i.seq,s])).rows.map(n=>({seq:Number(n.seq),tx:n.tx,id:n.id,machine:n.machine,kind:n.kind,at:n.at,client:n.client,sessionId:n.session_id,planPath:n.plan_path,structureHash:n.structure_hash,input:n.input,decision:n.decision,approval:n.approval??null}))}async describe(t){return(await this.client.query("SELECT to_regclass('continuity_schema') IS NOT NULL AS made")).rows[0]?.made===!0?{schema:Number((await this.client.query("SELECT version FROM continuity_schema")).rows[0]?.version??0),records:await this.countRecords(t),login:this.login}:{schema:null,records:0,login:this.login}}async countRecords(t){return Number((await this.client.query("SELECT count(*) AS n FROM continuity_records WHERE project = $1",[t])).rows[0]?.n??0)}};export{o as SharedStore};
