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
`;function i(n){return!!n.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'shared_sync'")}function c(n){n.exec(l);let e=a().replace(/[^A-Za-z0-9.-]/g,"-").slice(0,40)||"machine";return n.run("INSERT INTO shared_sync (one, machine) VALUES (1, ?) ON CONFLICT DO NOTHING",`${e}-${s().slice(0,6)}`),o(n)}function o(n){if(!i(n))return null;let e=n.get("SELECT machine, pushed_event, pulled_tx, pulled_seq, last_sync_at, offline_since, last_error FROM shared_sync WHERE one = 1");return e?{machine:e.machine,pushedEvent:Number(e.pushed_event),pulledTx:e.pulled_tx,pulledSeq:Number(e.pulled_seq),lastSyncAt:e.last_sync_at,offlineSince:e.offline_since,lastError:e.last_error}:null}var u="id > ? AND source NOT LIKE 'shared:%'";function T(n,e){return Number(n.get(`SELECT count(*) AS n FROM events WHERE ${u}`,e)?.n??0)}function _(n,e){n.run("UPDATE shared_sync SET pushed_event = max(pushed_event, ?) WHERE one = 1",e)}function h(n,e,r){n.run("UPDATE shared_sync SET pulled_tx = ?, pulled_seq = ? WHERE one = 1",e,r)}function p(n,e){n.run("UPDATE shared_sync SET last_sync_at = ?, offline_since = NULL, last_error = NULL WHERE one = 1",e)}function S(n,e,r){n.run("UPDATE shared_sync SET offline_since = coalesce(offline_since, ?), last_error = ? WHERE one = 1",e,r)}function m(n,e){return!!n.get("SELECT 1 AS x FROM shared_applied WHERE record_id = ?",e)}function f(n,e,r,t){n.run("INSERT INTO shared_applied (record_id, outcome, event_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",e,r,t)}export{c as a,o as b,u as c,T as d,_ as e,h as f,p as g,S as h,m as i,f as j};
