import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{randomUUID as s}from"node:crypto";import{hostname as a}from"node:os";var l=`
  CREATE TABLE IF NOT EXISTS shared_sync (
    one            INTEGER PRIMARY KEY CHECK (one = 1),
    machine        TEXT NOT NULL,           -- this machine's name in the shared ledger
    pushed_event   INTEGER NOT NULL DEFAULT 0,
    pulled_tx      TEXT NOT NULL DEFAULT '0',
    pulled_seq     INTEGER NOT NULL DEFAULT 0,
    last_sync_at   TEXT,                    -- the last pass that reached the database
    offline_since  TEXT,                    -- the first pass that did not, since the last that did
    last_error     TEXT
  );
  CREATE TABLE IF NOT EXISTS shared_applied (
    record_id  TEXT PRIMARY KEY,            -- the shared record's id: taken in once
    outcome    TEXT NOT NULL,               -- what the intake rule decided
    event_id   INTEGER
  );
`,i=`
  CREATE INDEX IF NOT EXISTS shared_pending_actions_event ON pending_actions (event_id);
  CREATE INDEX IF NOT EXISTS shared_runs_updated ON runs (updated_at);
  CREATE INDEX IF NOT EXISTS shared_run_attempts_event ON run_attempts (event_id);
`;function c(e){return!!e.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'index' AND name = 'shared_run_attempts_event'")}function o(e){return!!e.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'shared_sync'")}function T(e){e.exec(l),e.exec(i);let n=a().replace(/[^A-Za-z0-9.-]/g,"-").slice(0,40)||"machine";return e.run("INSERT INTO shared_sync (one, machine) VALUES (1, ?) ON CONFLICT DO NOTHING",`${n}-${s().slice(0,6)}`),E(e)}function E(e){if(!o(e))return null;let n=e.get("SELECT machine, pushed_event, pulled_tx, pulled_seq, last_sync_at, offline_since, last_error FROM shared_sync WHERE one = 1");return n?{machine:n.machine,pushedEvent:Number(n.pushed_event),pulledTx:n.pulled_tx,pulledSeq:Number(n.pulled_seq),lastSyncAt:n.last_sync_at,offlineSince:n.offline_since,lastError:n.last_error}:null}var d="id > ? AND source NOT LIKE 'shared:%'";function p(e,n){return Number(e.get(`SELECT count(*) AS n FROM events WHERE ${d}`,n)?.n??0)}function h(e,n){e.run("UPDATE shared_sync SET pushed_event = max(pushed_event, ?) WHERE one = 1",n)}function S(e,n,t){e.run("UPDATE shared_sync SET pulled_tx = ?, pulled_seq = ? WHERE one = 1",n,t)}function N(e,n){e.run("UPDATE shared_sync SET last_sync_at = ?, offline_since = NULL, last_error = NULL WHERE one = 1",n)}function m(e,n,t){e.run("UPDATE shared_sync SET offline_since = coalesce(offline_since, ?), last_error = ? WHERE one = 1",n,t)}function f(e,n){return!!e.get("SELECT 1 AS x FROM shared_applied WHERE record_id = ?",n)}function A(e,n,t,r){e.run("INSERT INTO shared_applied (record_id, outcome, event_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",n,t,r)}export{i as a,c as b,T as c,E as d,d as e,p as f,h as g,S as h,N as i,m as j,f as k,A as l};
