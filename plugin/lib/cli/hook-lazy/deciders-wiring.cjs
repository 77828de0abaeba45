const __continuityModuleUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";var Oe=Object.defineProperty;var Qn=Object.getOwnPropertyDescriptor;var et=Object.getOwnPropertyNames;var nt=Object.prototype.hasOwnProperty;var tt=(e,n)=>{for(var r in n)Oe(e,r,{get:n[r],enumerable:!0})},rt=(e,n,r,t)=>{if(n&&typeof n=="object"||typeof n=="function")for(let o of et(n))!nt.call(e,o)&&o!==r&&Oe(e,o,{get:()=>n[o],enumerable:!(t=Qn(n,o))||t.enumerable});return e};var it=e=>rt(Oe({},"__esModule",{value:!0}),e);var sr={};tt(sr,{repairWiring:()=>Bn,snapshotPaths:()=>In,withWiringRepair:()=>zn});module.exports=it(sr);var Ze=require("node:module"),Ye,Ke=globalThis.Bun?.CryptoHasher;function R(e){let n;if(Ke?n=new Ke("sha256"):(Ye??=(0,Ze.createRequire)(__continuityModuleUrl)("node:crypto"),n=Ye.createHash("sha256")),typeof e=="string")n.update(e);else for(let r of e)n.update(r);return n.digest("hex")}var I=require("node:fs"),F=require("node:path");var sn=require("node:path");var te,st={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function Qe(e){return!e&&!te?st:{lang:e?.lang??te?.lang,message:e?.message,abortEarly:e?.abortEarly??te?.abortEarly,abortPipeEarly:e?.abortPipeEarly??te?.abortPipeEarly}}var ot;function ut(e){return ot?.get(e)}var lt;function at(e){return lt?.get(e)}var ct;function ft(e,n){return ct?.get(e)?.get(n)}function re(e){let n=typeof e;return n==="string"?`"${e}"`:n==="number"||n==="bigint"||n==="boolean"?`${e}`:n==="object"||n==="function"?(e&&Object.getPrototypeOf(e)?.constructor?.name)??"null":n}function S(e,n,r,t,o){let s=o&&"input"in o?o.input:r.value,i=o?.expected??e.expects??null,l=o?.received??re(s),u={kind:e.kind,type:e.type,input:s,expected:i,received:l,message:`Invalid ${n}: ${i?`Expected ${i} but r`:"R"}eceived ${l}`,requirement:e.requirement,path:o?.path,issues:o?.issues,lang:t.lang,abortEarly:t.abortEarly,abortPipeEarly:t.abortPipeEarly},a=e.kind==="schema",c=o?.message??e.message??ft(e.reference,u.lang)??(a?at(u.lang):null)??t.message??ut(u.lang);c!==void 0&&(u.message=typeof c=="function"?c(u):c),a&&(r.typed=!1),r.issues?r.issues.push(u):r.issues=[u]}function pt(e,n){return Object.prototype.hasOwnProperty.call(e,n)&&n!=="__proto__"&&n!=="prototype"&&n!=="constructor"}function dt(e,n){let r=[...new Set(e)];return r.length>1?`(${r.join(` ${n} `)})`:r[0]??"never"}function x(e){return e["~standard"]={version:1,vendor:"valibot",validate:n=>e["~run"]({value:n},Qe())},e}var mt=class extends Error{constructor(e){super(e[0].message),this.name="ValiError",this.issues=e}};var lr=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function ie(e){return{kind:"validation",type:"integer",reference:ie,async:!1,expects:null,requirement:Number.isInteger,message:e,"~run"(n,r){return n.typed&&!this.requirement(n.value)&&S(this,"integer",n,r),n}}}function C(e,n){return{kind:"validation",type:"min_length",reference:C,async:!1,expects:`>=${e}`,requirement:e,message:n,"~run"(r,t){return r.typed&&r.value.length<this.requirement&&S(this,"length",r,t,{received:`${r.value.length}`}),r}}}function se(e,n){return{kind:"validation",type:"min_value",reference:se,async:!1,expects:`>=${e instanceof Date?e.toJSON():re(e)}`,requirement:e,message:n,"~run"(r,t){return r.typed&&!(r.value>=this.requirement)&&S(this,"value",r,t,{received:r.value instanceof Date?r.value.toJSON():re(r.value)}),r}}}function ht(e,n,r){return typeof e.fallback=="function"?e.fallback(n,r):e.fallback}function en(e,n,r){return typeof e.default=="function"?e.default(n,r):e.default}function U(e,n){return x({kind:"schema",type:"array",reference:U,expects:"Array",async:!1,item:e,message:n,"~run"(r,t){let o=r.value;if(Array.isArray(o)){r.typed=!0,r.value=[];for(let s=0;s<o.length;s++){let i=o[s],l=this.item["~run"]({value:i},t);if(l.issues){let u={type:"array",origin:"value",input:o,key:s,value:i};for(let a of l.issues)a.path?a.path.unshift(u):a.path=[u],r.issues?.push(a);if(r.issues||(r.issues=l.issues),t.abortEarly){r.typed=!1;break}}l.typed||(r.typed=!1),r.value.push(l.value)}}else S(this,"type",r,t);return r}})}function oe(e){return x({kind:"schema",type:"number",reference:oe,expects:"number",async:!1,message:e,"~run"(n,r){return typeof n.value=="number"&&!isNaN(n.value)?n.typed=!0:S(this,"type",n,r),n}})}function T(e,n){return x({kind:"schema",type:"optional",reference:T,expects:`(${e.expects} | undefined)`,async:!1,wrapped:e,default:n,"~run"(r,t){return r.value===void 0&&(this.default!==void 0&&(r.value=en(this,r,t)),r.value===void 0)?(r.typed=!0,r):this.wrapped["~run"](r,t)}})}function Le(e,n){return x({kind:"schema",type:"picklist",reference:Le,expects:dt(e.map(re),"|"),async:!1,options:e,message:n,"~run"(r,t){return this.options.includes(r.value)?r.typed=!0:S(this,"type",r,t),r}})}function Re(e,n,r){return x({kind:"schema",type:"record",reference:Re,expects:"Object",async:!1,key:e,value:n,message:r,"~run"(t,o){let s=t.value;if(s&&typeof s=="object"){t.typed=!0,t.value={};for(let i in s)if(pt(s,i)){let l=s[i],u=this.key["~run"]({value:i},o);if(u.issues){let c={type:"object",origin:"key",input:s,key:i,value:l};for(let f of u.issues)f.path=[c],t.issues?.push(f);if(t.issues||(t.issues=u.issues),o.abortEarly){t.typed=!1;break}}let a=this.value["~run"]({value:l},o);if(a.issues){let c={type:"object",origin:"value",input:s,key:i,value:l};for(let f of a.issues)f.path?f.path.unshift(c):f.path=[c],t.issues?.push(f);if(t.issues||(t.issues=a.issues),o.abortEarly){t.typed=!1;break}}(!u.typed||!a.typed)&&(t.typed=!1),u.typed&&(t.value[u.value]=a.value)}}else S(this,"type",t,o);return t}})}function D(e,n){return x({kind:"schema",type:"strict_object",reference:D,expects:"Object",async:!1,entries:e,message:n,"~run"(r,t){let o=r.value;if(o&&typeof o=="object"){r.typed=!0,r.value={};for(let s in this.entries){let i=this.entries[s];if(s in o||(i.type==="exact_optional"||i.type==="optional"||i.type==="nullish")&&i.default!==void 0){let l=s in o?o[s]:en(i),u=i["~run"]({value:l},t);if(u.issues){let a={type:"object",origin:"value",input:o,key:s,value:l};for(let c of u.issues)c.path?c.path.unshift(a):c.path=[a],r.issues?.push(c);if(r.issues||(r.issues=u.issues),t.abortEarly){r.typed=!1;break}}u.typed||(r.typed=!1),r.value[s]=u.value}else if(i.fallback!==void 0)r.value[s]=ht(i);else if(i.type!=="exact_optional"&&i.type!=="optional"&&i.type!=="nullish"&&(S(this,"key",r,t,{input:void 0,expected:`"${s}"`,path:[{type:"object",origin:"key",input:o,key:s,value:o[s]}]}),t.abortEarly))break}if(!r.issues||!t.abortEarly){for(let s in o)if(!Object.prototype.hasOwnProperty.call(this.entries,s)){S(this,"key",r,t,{input:s,expected:"never",path:[{type:"object",origin:"key",input:o,key:s,value:o[s]}]});break}}}else S(this,"type",r,t);return r}})}function $(e){return x({kind:"schema",type:"string",reference:$,expects:"string",async:!1,message:e,"~run"(n,r){return typeof n.value=="string"?n.typed=!0:S(this,"type",n,r),n}})}function nn(e,n,r){let t=e["~run"]({value:n},Qe(r));if(t.issues)throw new mt(t.issues);return t.value}function M(...e){return x({...e[0],pipe:e,"~run"(n,r){for(let t of e)if(t.kind!=="metadata"){if(n.issues&&(t.kind==="schema"||t.kind==="transformation")){n.typed=!1;break}(!n.issues||!r.abortEarly&&!r.abortPipeEarly)&&(n=t["~run"](n,r))}return n}})}var J={ok:0,failure:1,invalidInput:2,io:3,config:4,ledger:5,refused:6,internal:70},tn=Symbol.for("continuity.CliError"),W=class extends Error{constructor(r,t=J.invalidInput){super(r);this.exitCode=t;this.name="CliError"}exitCode;[tn]=!0;static[Symbol.hasInstance](r){return typeof r=="object"&&r!==null&&r[tn]===!0}};var q=".continuity";var xe="config.json";var ue=M(oe(),ie(),se(1)),gt=M(oe(),ie(),se(0)),rn=D({$schema:T($()),stopGate:T(D({maxConsecutiveBlocks:T(ue,3)}),{}),watchdog:T(D({slaSeconds:T(ue,900),forwardGraceSeconds:T(gt,30),attemptTimeoutSeconds:T(ue,300),slaSecondsByAgentType:T(Re($(),ue),{})}),{}),protect:T(U(M($(),C(1))),[]),approval:T(D({phrases:T(U(M($(),C(1))),["approve","approved","/approve"])}),{}),summaries:T(D({paths:T(U(M($(),C(1))),[".superpowers/sdd/{plan}/task-{task}-summary.md","docs/plans/{plan}/task-{task}-summary.md"])}),{}),sandbox:T(D({mode:T(Le(["required","preferred","off"]),"required")}),{}),highRiskStops:T(U(M($(),C(1))),[])}),Et=nn(rn,{});var on=(0,sn.join)(q,xe);var Tt=String.raw`^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?`;function un(e){return new RegExp(String.raw`${Tt}(?:\*\*|__)?${e}(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$`,"i")}var Tr=un("status"),kt=un("approved");var le=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],ae=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(le.length>ae.length)throw new Error("more pack words than codes");var ln=e=>`'${e.replace(/'/g,"''")}'`;function an(e){return`(${e} NOT GLOB '*[' || char(${ae.slice(0,le.length).join(", ")}) || ']*')`}function cn(e){return le.reduce((n,r,t)=>`replace(${n}, ${ln(r)}, char(${ae[t]}))`,e)}function fn(e){return le.reduce((n,r,t)=>`replace(${n}, char(${ae[t]}), ${ln(r)})`,e)}var dn='{"action":"none","output":null}',pn=1,_t="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function je(e){return`CASE WHEN typeof(${e}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${e} / 1000, 'unixepoch') || '.' || substr(1000 + ${e} % 1000, 2) || 'Z' ELSE ${e} END`}function bt(e){return`(CAST(strftime('%s', ${e}) AS INTEGER) * 1000 + CAST(substr(${e}, 21, 3) AS INTEGER))`}function fe(e){let n=bt(e);return`CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${_t} AND ${n} >= 0 AND (${je(n)}) = ${e} THEN ${n} ELSE ${e} END`}function pe(e){return`CASE WHEN ${e} = '${dn}' THEN 0 ELSE ${e} END`}function mn(e){return`CASE WHEN typeof(${e}) = 'integer' THEN '${dn}' ELSE ${e} END`}var k=e=>`(SELECT id FROM event_names WHERE name = ${e})`;function de(e){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${e}source AS v UNION ALL SELECT ${e}kind UNION ALL SELECT ${e}session_id UNION ALL SELECT ${e}client) WHERE v IS NOT NULL;`}var hn=32,Nt=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${k("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${hn} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,$e="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",St=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${je("e.at")}, src.name, k.name, s.name, ${$e}, ${mn("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${de("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${fe("NEW.at")}, ${k("NEW.source")}, ${k("NEW.kind")}, ${k("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${pe("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${k("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${Nt}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${de("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${fe("NEW.at")}, source = ${k("NEW.source")}, kind = ${k("NEW.kind")},
      session = ${k("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${pe("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${k("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,yn=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${pn}, 'Stop');
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
  ${St}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${pn} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;var De=1,me=2,Me=an("NEW.input"),ce=e=>`CASE WHEN ${Me} THEN ${cn(e)} ELSE ${e} END`,At=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${ce("NEW.input")} AS n, ${ce(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${ce(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${Me} THEN ${me} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${k("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${hn} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${me} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,It=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${je("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${me} THEN ${fn($e)} ELSE ${$e} END, ${mn("e.decision")},
           CASE WHEN e.flags & ${De} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${de("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${fe("NEW.at")}, ${k("NEW.source")}, ${k("NEW.kind")}, ${k("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${pe("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${De} ELSE 0 END | CASE WHEN ${Me} THEN ${me} ELSE 0 END, 0),
             ${k("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${ce("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${At}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${de("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${fe("NEW.at")}, source = ${k("NEW.source")}, kind = ${k("NEW.kind")},
      session = ${k("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${pe("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${De} END, client = ${k("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,gn=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${It}
`;var En=[`
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
  `,yn,gn],wt=En.length;var he=["GEMINI_CLI_SYSTEM_SETTINGS_PATH","GEMINI_CLI_SYSTEM_DEFAULTS_PATH","GEMINI_CLI_HOME","GEMINI_CLI_TRUSTED_FOLDERS_PATH"];function vn(e){let n=/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(e);return!!n&&he.includes(n[1])}function Pe(e){return e.split(/\r?\n/).filter(vn).map(n=>`${n}
`).join("")}function Tn(e,n){let t=[...(e??"").split(/\r?\n/).filter(o=>o!==""&&!vn(o)),...(n??"").split(`
`).filter(o=>o!=="")];return!t.length&&n===null?null:t.map(o=>`${o}
`).join("")}function Lt(e=""){let n=e?`${e}.`:"";return`coalesce(${n}client, CASE WHEN ${n}source LIKE 'hook:%' THEN substr(${n}source, 6) END, 'unknown')`}var Rt=Lt();function ye(e,n){e.run("INSERT INTO violations (at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?)",n.at,n.sessionId,n.kind,n.summary,n.eventId)}var ii=1024*1024;var si=16*1024*1024;var G=require("node:path");function Fe(e){let n=(0,G.basename)(e.path);return(0,G.join)(".superpowers","sdd",n.slice(0,n.length-(0,G.extname)(n).length),"progress.md").split("\\").join("/")}var ge=[".claude/settings.json",".claude/settings.local.json",".codex/hooks.json",".codex/config.toml",".gemini/settings.json",".cursor/hooks.json"];var Ce=[".gemini/.env",".env"],w=e=>e&&e.startsWith("/")?e.replace(/\/+$/,""):null;function _n(e){let n=w(e?.HOME),r=new Set,t=w(e?.CLAUDE_CONFIG_DIR)??(n?`${n}/.claude`:null);n&&r.add(`${n}/.claude/settings.json`),t&&r.add(`${t}/settings.json`);for(let i of[w(e?.CODEX_HOME),n?`${n}/.codex`:null])i&&(r.add(`${i}/config.toml`),r.add(`${i}/hooks.json`));let o=w(e?.GEMINI_CLI_HOME)??n;o&&(r.add(`${o}/.gemini/settings.json`),r.add(`${o}/.gemini/trustedFolders.json`));let s=w(e?.GEMINI_CLI_TRUSTED_FOLDERS_PATH);s&&r.add(s),n&&r.add(`${n}/.cursor/hooks.json`);for(let i of Dt(e))r.add(i);return[...r]}function Dt(e){let n=w(e?.GEMINI_CLI_SYSTEM_SETTINGS_PATH)??"/etc/gemini-cli/settings.json",r=w(e?.GEMINI_CLI_SYSTEM_DEFAULTS_PATH)??`${n.replace(/\/[^/]*$/,"")}/system-defaults.json`;return["/etc/claude-code/managed-settings.json","/etc/codex/config.toml","/etc/codex/managed_config.toml","/etc/codex/requirements.toml","/etc/codex/hooks.json",n,r,"/etc/cursor/hooks.json"]}function bn(e){let n=w(e?.HOME),r=w(e?.GEMINI_CLI_HOME)??n;return[...new Set([...r?[`${r}/.gemini/.env`]:[],...n?[`${n}/.env`]:[]])]}function P(e){if(!e.startsWith("/")&&!ge.includes(e)&&!Ce.includes(e))return null;let n=e.slice(e.lastIndexOf("/")+1);return n===".env"?"env":n==="hooks.json"?"hooks-json":n.endsWith(".toml")?"codex-toml":n==="trustedFolders.json"||e.startsWith("/")&&/trust/i.test(n)&&n.endsWith(".json")?"gemini-trust":n.endsWith(".json")?"settings-json":null}function Y(e){return P(e)!==null}var ve=require("node:fs"),X=require("node:path");var Ee=require("node:path");function H(e,n){let r=Ee.posix.normalize(e),t=n.filter(s=>s.startsWith("/")).map(s=>Nn(Ee.posix.normalize(s))),o=n.filter(s=>!s.startsWith("/")).map(s=>Nn(s.replace(/^(\.\/)+/,"")));return s=>{let i=Ee.posix.normalize(s);if(t.some(u=>u.test(i)))return!0;if(!i.startsWith(r+"/"))return!1;let l=i.slice(r.length+1);return o.some(u=>u.test(l))}}function Nn(e){let n="";for(let r=0;r<e.length;r++){let t=e[r];t==="*"&&e[r+1]==="*"?(n+=".*",r++):t==="*"?n+="[^/]*":t==="?"?n+="[^/]":n+=t.replace(/[.+^${}()|[\]\\]/g,"\\$&")}return n=n.replace(/\/\.\*$/,"(?:/.*)?"),new RegExp(`^${n}$`)}var Ue=200,$t=new Set([".git","node_modules",".continuity"]);function An(e,n){let r=new Set;for(let t of n){let o=X.posix.normalize(t.replace(/^(\.\/)+/,"")).replace(/\/+$/,"");if(!o||o==="."||o.startsWith(".."))continue;let s=o.split("/"),i=s.findIndex(a=>/[*?[]/.test(a));if(i===-1){jt((0,X.join)(e,o))?Sn(e,o,()=>!0,r):r.add(o);continue}let l=s.slice(0,i).join("/"),u=H(e,[o]);Sn(e,l,a=>u(a),r)}return[...r].sort().slice(0,Ue)}function Sn(e,n,r,t){let o=[n];for(;o.length&&t.size<Ue;){let s=o.pop(),i;try{i=(0,ve.readdirSync)((0,X.join)(e,s),{withFileTypes:!0})}catch{continue}for(let l of i){let u=s?`${s}/${l.name}`:l.name;if(l.isDirectory()?$t.has(l.name)||o.push(u):l.isFile()&&r(X.posix.join(e.split("\\").join("/"),u))&&t.add(u),t.size>=Ue)return}}}function jt(e){try{return(0,ve.statSync)(e).isDirectory()}catch{return!1}}function In(e,n,r,t,o){let s=Mt(e),i=new Set([on.split("\\").join("/"),...s?[s]:[],...ge,...Ce,..._n(t),...bn(t),...An(r,n.protect)]);if(o)for(let l of o.all("SELECT path FROM guard_snapshots WHERE path LIKE '/%'"))Y(l.path)&&i.add(l.path);if(o&&n.protect.length){let l=H(r,n.protect);for(let u of o.all("SELECT path FROM guard_snapshots"))l((0,F.join)(r,u.path).split("\\").join("/"))&&i.add(u.path)}return[...i]}function Mt(e){return!e||e.state==="approved"||e.state==="complete"?null:e.dialect==="tdd-progress"?e.path:Fe(e)}function wn(e,n){let r=e.get("SELECT content, hash FROM guard_snapshots WHERE path = ?",n);return r?{path:n,content:r.content,hash:r.hash}:null}function Te(e,n){return(0,F.isAbsolute)(n)?n:(0,F.join)(e,n)}function On(e,n){return n===null||P(e)!=="env"?n:Pe(n)}function Pt(e,n){let r=Te(e,n.path);if(P(n.path)==="env"){let t=Tn(We(r),n.content);t===null?(0,I.rmSync)(r,{force:!0}):(0,I.writeFileSync)(r,t);return}n.content===null?(0,I.rmSync)(r,{force:!0}):((0,I.mkdirSync)((0,F.dirname)(r),{recursive:!0}),(0,I.writeFileSync)(r,n.content))}function Ln(e,n){try{return Pt(e,n),null}catch(r){return r.code??"error"}}function We(e){try{return(0,I.readFileSync)(e,"utf8")}catch{return null}}function ke(e,n=!1){let r=e.length,t=0,o="",s=0,i=16,l=0,u=0,a=0,c=0,f=0;function m(d,_){let b=0,E=0;for(;b<d||!_;){let h=e.charCodeAt(t);if(h>=48&&h<=57)E=E*16+h-48;else if(h>=65&&h<=70)E=E*16+h-65+10;else if(h>=97&&h<=102)E=E*16+h-97+10;else break;t++,b++}return b<d&&(E=-1),E}function g(d){t=d,o="",s=0,i=16,f=0}function O(){let d=t;if(e.charCodeAt(t)===48)t++;else for(t++;t<e.length&&B(e.charCodeAt(t));)t++;if(t<e.length&&e.charCodeAt(t)===46)if(t++,t<e.length&&B(e.charCodeAt(t)))for(t++;t<e.length&&B(e.charCodeAt(t));)t++;else return f=3,e.substring(d,t);let _=t;if(t<e.length&&(e.charCodeAt(t)===69||e.charCodeAt(t)===101))if(t++,(t<e.length&&e.charCodeAt(t)===43||e.charCodeAt(t)===45)&&t++,t<e.length&&B(e.charCodeAt(t))){for(t++;t<e.length&&B(e.charCodeAt(t));)t++;_=t}else f=3;return e.substring(d,_)}function Ae(){let d="",_=t;for(;;){if(t>=r){d+=e.substring(_,t),f=2;break}let b=e.charCodeAt(t);if(b===34){d+=e.substring(_,t),t++;break}if(b===92){if(d+=e.substring(_,t),t++,t>=r){f=2;break}switch(e.charCodeAt(t++)){case 34:d+='"';break;case 92:d+="\\";break;case 47:d+="/";break;case 98:d+="\b";break;case 102:d+="\f";break;case 110:d+=`
`;break;case 114:d+="\r";break;case 116:d+="	";break;case 117:let h=m(4,!0);h>=0?d+=String.fromCharCode(h):f=4;break;default:f=5}_=t;continue}if(b>=0&&b<=31)if(K(b)){d+=e.substring(_,t),f=2;break}else f=6;t++}return d}function L(){if(o="",f=0,s=t,u=l,c=a,t>=r)return s=r,i=17;let d=e.charCodeAt(t);if(qe(d)){do t++,o+=String.fromCharCode(d),d=e.charCodeAt(t);while(qe(d));return i=15}if(K(d))return t++,o+=String.fromCharCode(d),d===13&&e.charCodeAt(t)===10&&(t++,o+=`
`),l++,a=t,i=14;switch(d){case 123:return t++,i=1;case 125:return t++,i=2;case 91:return t++,i=3;case 93:return t++,i=4;case 58:return t++,i=6;case 44:return t++,i=5;case 34:return t++,o=Ae(),i=10;case 47:let _=t-1;if(e.charCodeAt(t+1)===47){for(t+=2;t<r&&!K(e.charCodeAt(t));)t++;return o=e.substring(_,t),i=12}if(e.charCodeAt(t+1)===42){t+=2;let b=r-1,E=!1;for(;t<b;){let h=e.charCodeAt(t);if(h===42&&e.charCodeAt(t+1)===47){t+=2,E=!0;break}t++,K(h)&&(h===13&&e.charCodeAt(t)===10&&t++,l++,a=t)}return E||(t++,f=1),o=e.substring(_,t),i=13}return o+=String.fromCharCode(d),t++,i=16;case 45:if(o+=String.fromCharCode(d),t++,t===r||!B(e.charCodeAt(t)))return i=16;case 48:case 49:case 50:case 51:case 52:case 53:case 54:case 55:case 56:case 57:return o+=O(),i=11;default:for(;t<r&&z(d);)t++,d=e.charCodeAt(t);if(s!==t){switch(o=e.substring(s,t),o){case"true":return i=8;case"false":return i=9;case"null":return i=7}return i=16}return o+=String.fromCharCode(d),t++,i=16}}function z(d){if(qe(d)||K(d))return!1;switch(d){case 125:case 93:case 123:case 91:case 34:case 58:case 44:case 47:return!1}return!0}function Ie(){let d;do d=L();while(d>=12&&d<=15);return d}return{setPosition:g,getPosition:()=>t,scan:n?Ie:L,getToken:()=>i,getTokenValue:()=>o,getTokenOffset:()=>s,getTokenLength:()=>t-s,getTokenStartLine:()=>u,getTokenStartCharacter:()=>s-c,getTokenError:()=>f}}function qe(e){return e===32||e===9}function K(e){return e===10||e===13}function B(e){return e>=48&&e<=57}var Rn;(function(e){e[e.lineFeed=10]="lineFeed",e[e.carriageReturn=13]="carriageReturn",e[e.space=32]="space",e[e._0=48]="_0",e[e._1=49]="_1",e[e._2=50]="_2",e[e._3=51]="_3",e[e._4=52]="_4",e[e._5=53]="_5",e[e._6=54]="_6",e[e._7=55]="_7",e[e._8=56]="_8",e[e._9=57]="_9",e[e.a=97]="a",e[e.b=98]="b",e[e.c=99]="c",e[e.d=100]="d",e[e.e=101]="e",e[e.f=102]="f",e[e.g=103]="g",e[e.h=104]="h",e[e.i=105]="i",e[e.j=106]="j",e[e.k=107]="k",e[e.l=108]="l",e[e.m=109]="m",e[e.n=110]="n",e[e.o=111]="o",e[e.p=112]="p",e[e.q=113]="q",e[e.r=114]="r",e[e.s=115]="s",e[e.t=116]="t",e[e.u=117]="u",e[e.v=118]="v",e[e.w=119]="w",e[e.x=120]="x",e[e.y=121]="y",e[e.z=122]="z",e[e.A=65]="A",e[e.B=66]="B",e[e.C=67]="C",e[e.D=68]="D",e[e.E=69]="E",e[e.F=70]="F",e[e.G=71]="G",e[e.H=72]="H",e[e.I=73]="I",e[e.J=74]="J",e[e.K=75]="K",e[e.L=76]="L",e[e.M=77]="M",e[e.N=78]="N",e[e.O=79]="O",e[e.P=80]="P",e[e.Q=81]="Q",e[e.R=82]="R",e[e.S=83]="S",e[e.T=84]="T",e[e.U=85]="U",e[e.V=86]="V",e[e.W=87]="W",e[e.X=88]="X",e[e.Y=89]="Y",e[e.Z=90]="Z",e[e.asterisk=42]="asterisk",e[e.backslash=92]="backslash",e[e.closeBrace=125]="closeBrace",e[e.closeBracket=93]="closeBracket",e[e.colon=58]="colon",e[e.comma=44]="comma",e[e.dot=46]="dot",e[e.doubleQuote=34]="doubleQuote",e[e.minus=45]="minus",e[e.openBrace=123]="openBrace",e[e.openBracket=91]="openBracket",e[e.plus=43]="plus",e[e.slash=47]="slash",e[e.formFeed=12]="formFeed",e[e.tab=9]="tab"})(Rn||(Rn={}));var Ct=new Array(20).fill(0).map((e,n)=>" ".repeat(n)),V=200,Ut={" ":{"\n":new Array(V).fill(0).map((e,n)=>`
`+" ".repeat(n)),"\r":new Array(V).fill(0).map((e,n)=>"\r"+" ".repeat(n)),"\r\n":new Array(V).fill(0).map((e,n)=>`\r
`+" ".repeat(n))},"	":{"\n":new Array(V).fill(0).map((e,n)=>`
`+"	".repeat(n)),"\r":new Array(V).fill(0).map((e,n)=>"\r"+"	".repeat(n)),"\r\n":new Array(V).fill(0).map((e,n)=>`\r
`+"	".repeat(n))}};var _e;(function(e){e.DEFAULT={allowTrailingComma:!1}})(_e||(_e={}));function xn(e,n=[],r=_e.DEFAULT){let t=null,o=[],s=[];function i(u){Array.isArray(o)?o.push(u):t!==null&&(o[t]=u)}return Dn(e,{onObjectBegin:()=>{let u={};i(u),s.push(o),o=u,t=null},onObjectProperty:u=>{t=u},onObjectEnd:()=>{o=s.pop()},onArrayBegin:()=>{let u=[];i(u),s.push(o),o=u,t=null},onArrayEnd:()=>{o=s.pop()},onLiteralValue:i,onError:(u,a,c)=>{n.push({error:u,offset:a,length:c})}},r),o[0]}function Dn(e,n,r=_e.DEFAULT){let t=ke(e,!1),o=[],s=0;function i(y){return y?()=>s===0&&y(t.getTokenOffset(),t.getTokenLength(),t.getTokenStartLine(),t.getTokenStartCharacter()):()=>!0}function l(y){return y?v=>s===0&&y(v,t.getTokenOffset(),t.getTokenLength(),t.getTokenStartLine(),t.getTokenStartCharacter()):()=>!0}function u(y){return y?v=>s===0&&y(v,t.getTokenOffset(),t.getTokenLength(),t.getTokenStartLine(),t.getTokenStartCharacter(),()=>o.slice()):()=>!0}function a(y){return y?()=>{s>0?s++:y(t.getTokenOffset(),t.getTokenLength(),t.getTokenStartLine(),t.getTokenStartCharacter(),()=>o.slice())===!1&&(s=1)}:()=>!0}function c(y){return y?()=>{s>0&&s--,s===0&&y(t.getTokenOffset(),t.getTokenLength(),t.getTokenStartLine(),t.getTokenStartCharacter())}:()=>!0}let f=a(n.onObjectBegin),m=u(n.onObjectProperty),g=c(n.onObjectEnd),O=a(n.onArrayBegin),Ae=c(n.onArrayEnd),L=u(n.onLiteralValue),z=l(n.onSeparator),Ie=i(n.onComment),d=l(n.onError),_=r&&r.disallowComments,b=r&&r.allowTrailingComma;function E(){for(;;){let y=t.scan();switch(t.getTokenError()){case 4:h(14);break;case 5:h(15);break;case 3:h(13);break;case 1:_||h(11);break;case 2:h(12);break;case 6:h(16);break}switch(y){case 12:case 13:_?h(10):Ie();break;case 16:h(1);break;case 15:case 14:break;default:return y}}}function h(y,v=[],Je=[]){if(d(y),v.length+Je.length>0){let ne=t.getToken();for(;ne!==17;){if(v.indexOf(ne)!==-1){E();break}else if(Je.indexOf(ne)!==-1)break;ne=E()}}}function ze(y){let v=t.getTokenValue();return y?L(v):(m(v),o.push(v)),E(),!0}function Jn(){switch(t.getToken()){case 11:let y=t.getTokenValue(),v=Number(y);isNaN(v)&&(h(2),v=0),L(v);break;case 7:L(null);break;case 8:L(!0);break;case 9:L(!1);break;default:return!1}return E(),!0}function Yn(){return t.getToken()!==10?(h(3,[],[2,5]),!1):(ze(!1),t.getToken()===6?(z(":"),E(),we()||h(4,[],[2,5])):h(5,[],[2,5]),o.pop(),!0)}function Kn(){f(),E();let y=!1;for(;t.getToken()!==2&&t.getToken()!==17;){if(t.getToken()===5){if(y||h(4,[],[]),z(","),E(),t.getToken()===2&&b)break}else y&&h(6,[],[]);Yn()||h(4,[],[2,5]),y=!0}return g(),t.getToken()!==2?h(7,[2],[]):E(),!0}function Zn(){O(),E();let y=!0,v=!1;for(;t.getToken()!==4&&t.getToken()!==17;){if(t.getToken()===5){if(v||h(4,[],[]),z(","),E(),t.getToken()===4&&b)break}else v&&h(6,[],[]);y?(o.push(0),y=!1):o[o.length-1]++,we()||h(4,[],[4,5]),v=!0}return Ae(),y||o.pop(),t.getToken()!==4?h(8,[4],[]):E(),!0}function we(){switch(t.getToken()){case 3:return Zn();case 1:return Kn();case 10:return ze(!0);default:return Jn()}}return E(),t.getToken()===17?r.allowEmptyContent?!0:(h(4,[],[]),!1):we()?(t.getToken()!==17&&h(9,[],[]),!0):(h(4,[],[]),!1)}var $n;(function(e){e[e.None=0]="None",e[e.UnexpectedEndOfComment=1]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=2]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=3]="UnexpectedEndOfNumber",e[e.InvalidUnicode=4]="InvalidUnicode",e[e.InvalidEscapeCharacter=5]="InvalidEscapeCharacter",e[e.InvalidCharacter=6]="InvalidCharacter"})($n||($n={}));var jn;(function(e){e[e.OpenBraceToken=1]="OpenBraceToken",e[e.CloseBraceToken=2]="CloseBraceToken",e[e.OpenBracketToken=3]="OpenBracketToken",e[e.CloseBracketToken=4]="CloseBracketToken",e[e.CommaToken=5]="CommaToken",e[e.ColonToken=6]="ColonToken",e[e.NullKeyword=7]="NullKeyword",e[e.TrueKeyword=8]="TrueKeyword",e[e.FalseKeyword=9]="FalseKeyword",e[e.StringLiteral=10]="StringLiteral",e[e.NumericLiteral=11]="NumericLiteral",e[e.LineCommentTrivia=12]="LineCommentTrivia",e[e.BlockCommentTrivia=13]="BlockCommentTrivia",e[e.LineBreakTrivia=14]="LineBreakTrivia",e[e.Trivia=15]="Trivia",e[e.Unknown=16]="Unknown",e[e.EOF=17]="EOF"})(jn||(jn={}));var Ge=xn;var Mn;(function(e){e[e.InvalidSymbol=1]="InvalidSymbol",e[e.InvalidNumberFormat=2]="InvalidNumberFormat",e[e.PropertyNameExpected=3]="PropertyNameExpected",e[e.ValueExpected=4]="ValueExpected",e[e.ColonExpected=5]="ColonExpected",e[e.CommaExpected=6]="CommaExpected",e[e.CloseBraceExpected=7]="CloseBraceExpected",e[e.CloseBracketExpected=8]="CloseBracketExpected",e[e.EndOfFileExpected=9]="EndOfFileExpected",e[e.InvalidCommentToken=10]="InvalidCommentToken",e[e.UnexpectedEndOfComment=11]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=12]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=13]="UnexpectedEndOfNumber",e[e.InvalidUnicode=14]="InvalidUnicode",e[e.InvalidEscapeCharacter=15]="InvalidEscapeCharacter",e[e.InvalidCharacter=16]="InvalidCharacter"})(Mn||(Mn={}));function Vt(e,n){let r=e.slice(0,n).split(/\r?\n/);return[r.length,r.pop().length+1]}function zt(e,n,r){let t=e.split(/\r?\n/),o="",s=(Math.log10(n+1)|0)+1;for(let i=n-1;i<=n+1;i++){let l=t[i-1];l&&(o+=i.toString().padEnd(s," "),o+=":  ",o+=l,o+=`
`,i===n&&(o+=" ".repeat(s+r+2),o+=`^
`))}return o}var p=class e extends Error{line;column;codeblock;constructor(n,r){let[t,o]=Vt(r.toml,r.ptr),s=zt(r.toml,t,o);super(`Invalid TOML document: ${n}

${s}`,r),this.line=t,this.column=o,this.codeblock=s}static x(n,r,t){throw new e(n,{toml:r.s,ptr:t??r.p})}};function be(e){let n=e.p,r=e.s.charCodeAt(e.p++),t=r,o=r===39,s=r===e.s.charCodeAt(e.p)&&r===e.s.charCodeAt(e.p+1);s&&((r=e.s.charCodeAt(e.p+=2))===10?e.p++:r===13&&e.s.charCodeAt(e.p+1)===10&&(e.p+=2));let i="",l=e.p,u=0;for(;e.p<e.s.length;e.p++)if(r=e.s.charCodeAt(e.p),s&&(r===10||r===13&&e.s.charCodeAt(e.p+1)===10))u=u&&3;else if(r<32&&r!==9||r===127)p.x("control characters are not allowed in strings",e);else if((!u||u===3)&&r===t&&(!s||e.s.charCodeAt(e.p+1)===t&&e.s.charCodeAt(e.p+2)===t)){if(s&&(e.s.charCodeAt(e.p+3)===t&&e.p++,e.s.charCodeAt(e.p+3)===t&&e.p++),!u){let a=e.s.slice(l,e.p);i=i?i+a:a}return e.p+=s?3:1,i}else if(!u)!o&&r===92&&(i+=e.s.slice(l,l=e.p),u=1);else if(u===1)if(r===120||r===117||r===85){let a=e.p++-1,c=0,f=r===120?2:r===117?4:8;for(let m=0;m<f;m++,e.p++){let g=e.s.charCodeAt(e.p),O=g>=48&&g<=57?g-48:g>=65&&g<=70?g-65+10:g>=97&&g<=102?g-97+10:-1;O<0&&p.x("invalid non-hex character in unicode escape",e),c=c<<4|O}(c<0||c>1114111||c>=55296&&c<=57343)&&p.x("invalid unicode escape",e,a),i+=String.fromCodePoint(c),l=e.p--,u=0}else s&&(r===32||r===9)?u=2:(r===98?i+="\b":r===116?i+="	":r===110?i+=`
`:r===102?i+="\f":r===114?i+="\r":r===101?i+="\x1B":r===34?i+='"':r===92?i+="\\":p.x("unrecognised escape sequence",e),l=e.p+1,u=0);else r!==32&&r!==9&&(u===2&&p.x("invalid escape: only line-ending whitespace may be escaped",e,l),u=!o&&r===92?1:0,l=e.p);p.x("unfinished string",e,n)}var Jt=/^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i,Z=class e extends Date{#n=!1;#t=!1;#e=null;constructor(n,r,t){let o=!0,s=!0,i="Z",l;if(typeof n=="string")if(r)e:{if(r<3){if(+n.slice(11,13)>23){n="";break e}r===2?(i=null,n+="Z"):(l=n.charCodeAt(n.length-1))!==90&&l!==122&&(i=n.slice(n.length-6)),t&&(n=n.slice(0,10)+"T"+n.slice(11))}else r===4&&(n=+n.slice(0,2)>23?"":`0000-01-01T${n}Z`);o=r!==4,s=r!==3}else{let u=n.match(Jt);u?(u[1]||(o=!1,n=`0000-01-01T${n}`),s=!!u[2],s&&n[10]===" "&&(n=n.replace(" ","T")),u[2]&&+u[2]>23?n="":(i=u[3]||null,!i&&s&&(n+="Z"))):n=""}super(n),isNaN(this.getTime())||(this.#n=o,this.#t=s,this.#e=i)}isDateTime(){return this.#n&&this.#t}isLocal(){return!this.#n||!this.#t||!this.#e}isDate(){return this.#n&&!this.#t}isTime(){return this.#t&&!this.#n}isValid(){return this.#n||this.#t}toISOString(){let n=super.toISOString();if(this.isDate())return n.slice(0,10);if(this.isTime())return n.slice(11,23);if(this.#e===null)return n.slice(0,-1);if(this.#e==="Z"||this.#e==="z")return n;let r=+this.#e.slice(1,3)*60+ +this.#e.slice(4,6);return r=this.#e[0]==="-"?r:-r,new Date(this.getTime()-r*6e4).toISOString().slice(0,-1)+this.#e}static wrapAsOffsetDateTime(n,r="Z"){let t=new e(n);return t.#e=r,t}static wrapAsLocalDateTime(n){let r=new e(n);return r.#e=null,r}static wrapAsLocalDate(n){let r=new e(n);return r.#t=!1,r.#e=null,r}static wrapAsLocalTime(n){let r=new e(n);return r.#n=!1,r.#e=null,r}};function N(e,n=10){return n===16?e>47&&e<58||e>64&&e<71||e>96&&e<103:e>47&&e<48+n}function Xe(e,n){return e===32||e===9||e===10||e===13||n&&(e===n||e===44)||e===35}function ee(e,n){let r=e.p,t=e.s.charCodeAt(e.p);if(t===91||t===123){e.d--||p.x("document contains excessively nested structures. aborting.",e);let o=t===91?Cn(e):Fn(e);return e.d++,o}return t===34||t===39?be(e):t===116?((e.s.charCodeAt(++e.p)!==114||e.s.charCodeAt(++e.p)!==117||e.s.charCodeAt(++e.p)!==101)&&p.x("invalid value",e,r),e.p++,!0):t===102?((e.s.charCodeAt(++e.p)!==97||e.s.charCodeAt(++e.p)!==108||e.s.charCodeAt(++e.p)!==115||e.s.charCodeAt(++e.p)!==101)&&p.x("invalid value",e,r),e.p++,!1):t===43||t===45?Ne(e,e.p,e.s.charCodeAt(++e.p),44-t,n):e.s.charCodeAt(e.p+4)===45&&e.s.charCodeAt(e.p+7)===45?Yt(e,t,n):e.s.charCodeAt(e.p+2)===58?Kt(e,t,n):Ne(e,e.p,t,0,n)}function Ne(e,n,r,t,o){let s=r,i=0,l=!1;if(s===105)return(e.s.charCodeAt(++e.p)!==110||e.s.charCodeAt(++e.p)!==102)&&p.x("invalid value",e,n),e.p++,(t||1)/0;if(s===110)return(e.s.charCodeAt(++e.p)!==97||e.s.charCodeAt(++e.p)!==110)&&p.x("invalid value",e,n),e.p++,NaN;if(s===48){if(++e.p>=e.s.length||Xe(s=e.s.charCodeAt(e.p),o))return e.bi===!0?0n:0;if(!t){if(s===120)return He(e,n,16,o);if(s===98)return He(e,n,2,o);if(s===111)return He(e,n,8,o)}s===46?i=2:s===101||s===69?i=4:p.x("illegal leading zero",e,n)}else N(s)||p.x("invalid value",e,n);for(;++e.p<e.s.length&&(s=e.s.charCodeAt(e.p),!Xe(s,o));)i||(i=1),s===95?(i&1||p.x("illegal underscore",e),i+=11,l=!0):i===1&&s===46?i=2:(i===1||i===3)&&(s===101||s===69)?i=4:i===4&&(s===43||s===45)?i=6:N(s)?i>9?i-=11:i&1||i++:p.x("illegal character in numeric literal",e);if(!i){let a=(r-48)*(t||1);return e.bi===!0?BigInt(a):a}i&1||p.x("unfinished numeric value",e,n);let u=e.s.slice(n,e.p);return l&&(u=u.replaceAll("_","")),i>1?parseFloat(u):Pn(e,u,10,n)}function He(e,n,r,t){let o,s=1;for(;++e.p<e.s.length&&(o=e.s.charCodeAt(e.p),!Xe(o,t));)o===95?(s&1&&p.x("illegal underscore",e),s=3):N(o,r)?s&1&&s--:p.x("illegal character in numeric literal",e);s&1&&p.x("unfinished numeric value",e);let i=e.s.slice(n+2,e.p);return s&&(i=i.replaceAll("_","")),Pn(e,i,r,n)}function Pn(e,n,r,t){if(e.bi!==!0)e:{let o=parseInt(n,r);if(!Number.isSafeInteger(o)){if(e.bi)break e;p.x("integer value cannot be represented losslessly",e,t)}return o}return BigInt(r===10?n:(r===2?"0b":r===8?"0o":"0x")+n)}function Yt(e,n,r){let t=e.p++,o;if(!N(n)||!N(e.s.charCodeAt(e.p++))||!N(e.s.charCodeAt(e.p++))||!N(e.s.charCodeAt(e.p++)))return Ne(e,e.p=t,n,0,r);if(e.p+=5,N(e.s.charCodeAt(e.p++))||p.x("invalid date-time: date part is malformed",e,t),e.p>=e.s.length||((n=e.s.charCodeAt(e.p))!==32||(o=!0,!N(e.s.charCodeAt(e.p+1))))&&n!==84&&n!==116){let i=e.s.slice(t,e.p);return Q(e,i,3,!1,t)}if(e.s.charCodeAt(e.p+=3)!==58&&p.x("invalid date-time: time part is malformed",e,t),e.s.charCodeAt(e.p+=3)===58&&(e.p+=3),e.s.charCodeAt(e.p)===46)for(;N(e.s.charCodeAt(++e.p)););if(n=e.s.charCodeAt(e.p)){if(n===90||n===122){let i=e.s.slice(t,++e.p);return Q(e,i,1,o,t,"[+00:00]")}if(n===43||n===45){let i=e.s.slice(t,e.p+=6);return Q(e,i,1,o,t,!e.ld&&"["+e.s.slice(e.p-6,e.p)+"]")}}let s=e.s.slice(t,e.p);return Q(e,s,2,o,t)}function Kt(e,n,r){let t=e.p;if(!N(n)||!N(e.s.charCodeAt(++e.p)))return Ne(e,--e.p,n,0,r);if(e.s.charCodeAt(e.p+=4)===58&&(e.p+=3),e.s.charCodeAt(e.p)===46)for(;N(e.s.charCodeAt(++e.p)););let o=e.s.slice(t,e.p);return Q(e,o,4,!1,t)}function Q(e,n,r,t,o,s){if(e.ld){let i=new Z(n,r,t);return i.isValid()||p.x("invalid date",e,o),i}try{switch(s&&(n+=s),r){case 1:return Temporal.ZonedDateTime.from(n);case 2:return Temporal.PlainDateTime.from(n);case 3:return Temporal.PlainDate.from(n);case 4:return Temporal.PlainTime.from(n)}}catch(i){p.x(i instanceof Error?i.message:""+i,e,o)}}function Zt(e){for(;e.p<e.s.length;e.p++){let n=e.s.charCodeAt(e.p);if(n===10)break;if(n===13&&e.s.charCodeAt(e.p+1)===10){e.p++;break}(n<32&&n!==9||n===127)&&p.x("control characters are not allowed in comments",e)}}function A(e,n,r){let t;for(;e.p<e.s.length;){for(;e.p<e.s.length&&((t=e.s.charCodeAt(e.p))===32||t===9||!n&&(t===10||t===13&&e.s.charCodeAt(e.p+1)===10));)e.p++;if(r||t!==35)break;Zt(e)}}function Se(e,n=61){let r,t=0,o=[],s,i=e.s.charCodeAt(r=e.p);do{if(i===n)return t||p.x("unexpected end of key",e),t===1&&o.push(e.s.slice(s,e.p)),e.p++,o;i===46?(t||p.x("illegal empty bare key",e),t===1&&o.push(e.s.slice(s,e.p)),t=0):!t&&(i===34||i===39)?(i===e.s.charCodeAt(e.p+1)&&i===e.s.charCodeAt(e.p+2)&&p.x("illegal quoted key: multiline strings are not allowed",e),o.push(be(e)),t=2,e.p--):i===32||i===9?t===1&&(o.push(e.s.slice(s,e.p)),t=2):t===2||i<48&&i!==45||i>57&&i<65||i>90&&i<97&&i!==95||i>122?p.x("illegal character in key",e):t||(t=1,s=e.p)}while(i=e.s.charCodeAt(++e.p));p.x("incomplete key-value: cannot find end of key",e,r)}function Fn(e){let n=e.p++,r=Object.create(null),t=new Set,o;for(;e.p<e.s.length;){if(A(e),(o=e.s.charCodeAt(e.p))===125)return e.p++,r;let s,i=r,l=!1,u=e.p,a=Se(e);for(let f=0;f<a.length;f++){f&&(i=l?i[s]:i[s]=Object.create(null)),s=a[f],(l=Object.hasOwn(i,s))&&(typeof i[s]!="object"||t.has(i[s]))&&p.x("trying to redefine an already defined value",e,u);let m=s==="__proto__";if(e.uk&&(m||s==="constructor")){i=e.uk!==1&&p.x("document contains an unsafe property",e,u);break}!l&&m&&Object.defineProperty(i,s,{enumerable:!0,configurable:!0,writable:!0})}l&&p.x("trying to redefine an already defined value",e,u),A(e,!0,!0);let c=ee(e,125);if(i&&typeof(i[s]=c)=="object"&&t.add(c),A(e),(o=e.s.charCodeAt(e.p++))===125)return r;o!==44&&p.x("expected comma or end of structure",e,e.p-1)}p.x("unfinished table",e,n)}function Cn(e){let n=e.p++,r=[],t;for(;e.p<e.s.length;){if(A(e),(t=e.s.charCodeAt(e.p))===93)return e.p++,r;if(r.push(ee(e,93)),A(e),(t=e.s.charCodeAt(e.p++))===93)return r;t!==44&&p.x("expected comma or end of structure",e,e.p-1)}p.x("unfinished array",e,n)}function Un(e,n,r,t,o){let s=r,i=t,l,u=!1,a;for(let c=0;c<n.length;c++){if(c){if(s=u?s[l]:s[l]=Object.create(null),i=(a=i[l]).c,o===0&&(a.t===1||a.t===2))return null;if(a.t===2){let f=s.length-1;s=s[f],i=i[f].c}}if(l=n[c],(u=Object.hasOwn(s,l))&&i[l]?.t===0&&i[l]?.d)return null;if(!u){let f=l==="__proto__";if(e.uk&&(f||l==="constructor"))return!1;f&&(Object.defineProperty(s,l,{enumerable:!0,configurable:!0,writable:!0}),Object.defineProperty(i,l,{enumerable:!0,configurable:!0,writable:!0})),i[l]={t:c<n.length-1&&o===2?3:o,d:!1,i:0,c:Object.create(null)}}}if(a=i[l],a.t!==o&&!(o===1&&a.t===3)||(o===2&&(a.d||(a.d=!0,s[l]=[]),s[l].push(s=Object.create(null)),a.c[a.i++]=a={t:1,d:!1,i:0,c:Object.create(null)}),a.d))return null;if(a.d=!0,o===1)s=u?s[l]:s[l]=Object.create(null);else if(o===0&&u)return null;return[l,s,a.c]}function Wn(e,n,r){(n===null||e.uk===2)&&p.x(n===null?"trying to redefine an already defined table or value":"document contains an unsafe property",e,r)}function Be(e,n={}){let r={s:e,p:0,d:n.maxDepth??1e3,bi:n.integersAsBigInt??!1,ld:n.useLegacyDate??!0,uk:n.unsafeKeyBehaviour==="throw"?2:n.unsafeKeyBehaviour==="drop"?1:0},t=Object.create(null),o=Object.create(null),s,i=!1,l=t,u=o;for(e.charCodeAt(0)===65279&&r.p++,A(r);r.p<e.length;){if(e.charCodeAt(r.p)===91){let a=e.charCodeAt(++r.p)===91;s=r.p+=+a,i=!1;let c=Se(r,93);a&&(e.charCodeAt(r.p)!==93&&p.x("expected end of table array declaration",r),r.p++);let f=Un(r,c,t,o,a?2:1);f?(u=f[2],l=f[1]):(Wn(r,f,s),i=!0)}else{s=r.p;let a=Se(r),c=Un(r,a,l,u,0);!c&&!i&&Wn(r,c,s),A(r,!0,!0);let f=ee(r,void 0);c&&!i&&(c[1][c[0]]=f)}A(r,!0),r.p<e.length&&(s=e.charCodeAt(r.p))!==10&&(s!==13||e.charCodeAt(r.p+1)!==10)&&p.x("each key-value declaration must be followed by an end-of-line",r),A(r)}return t}var co=!!"".isWellFormed;function Qt(e){try{return Be(e)}catch(n){if(n instanceof p)return null;throw n}}function er(e){return typeof e=="object"&&e!==null&&!Array.isArray(e)&&!(e instanceof Date)}function Ve(e){let n=Qt(e);if(!n)return null;let r=[],t=(o,s)=>{for(let[i,l]of Object.entries(o))er(l)?t(l,[...s,i]):r.push({path:[...s,i],value:nr(l)})};return t(n,[]),r}function nr(e){return JSON.stringify(e,(n,r)=>typeof r=="bigint"?r.toString():r)}var tr=["hooks","disableAllHooks","allowManagedHooksOnly","sandbox","enabledPlugins","extraKnownMarketplaces","tools","env"];function j(e,n,r){if(n===null)return null;let t=P(e);if(t==="env")return rr(n);if(t==="codex-toml")return Gn(e,n,r);let o=[],s=Ge(n,o,{allowTrailingComma:!0});if(o.length||typeof s!="object"||s===null||Array.isArray(s))return`raw:${n}`;if(t==="hooks-json")return JSON.stringify(s);let i=s,l={};if(t==="gemini-trust"){for(let[m,g]of Object.entries(i))(!r||r===m||r.startsWith(`${m.replace(/\/+$/,"")}/`))&&(l[m]=g);return Object.keys(l).length?JSON.stringify(l):null}let u=i.hooksConfig;u&&typeof u=="object"&&("enabled"in u&&(l["hooksConfig.enabled"]=u.enabled),"disabled"in u&&(l["hooksConfig.disabled"]=u.disabled));let a=i.security?.folderTrust;if(a!==void 0&&(l["security.folderTrust"]=a),e.startsWith("/")){for(let g of["disableAllHooks","allowManagedHooksOnly","sandbox"])g in i&&(l[g]=i[g]);let m=i.enabledPlugins;for(let[g,O]of Object.entries(m&&typeof m=="object"?m:{}))g.startsWith("continuity@")&&(l[`enabledPlugins.${g}`]=O);return Object.keys(l).length?JSON.stringify(l):null}for(let m of tr)m in i&&(l[m]=i[m]);let c=i.permissions?.deny;c!==void 0&&(l["permissions.deny"]=c);let f=i.permissions?.defaultMode;return f!==void 0&&(l["permissions.defaultMode"]=f),Object.keys(l).length?JSON.stringify(l):null}function Gn(e,n,r,t={}){let o=Ve(n);if(!o)return`raw:${n}`;let s=e.startsWith("/"),i=u=>!r||u===r||u.startsWith(`${r}/`)||r.startsWith(`${u.replace(/\/+$/,"")}/`),l=[];for(let{path:u,value:a}of o){let c=u.join("."),f=u[u.length-1],m=c==="profile"||c==="allow_managed_hooks_only"||u.includes("features")&&/hooks/.test(f)||t.trust!==!1&&u[0]==="projects"&&u.length===3&&f==="trust_level"&&i(u[1])||t.trust!==!1&&u[0]==="hooks"&&u[1]==="state"&&u.length>2&&i(u[2].replace(/:.*$/,"").replace(/\/\.codex\/hooks\.json$/,"")),g=!s&&(u[0]==="hooks"&&(t.trust!==!1||u[1]!=="state")||/^sandbox/.test(u[0])||u[0]==="permissions"||c==="default_permissions");(m||g)&&l.push([JSON.stringify(u),a])}return l.sort(([u],[a])=>u<a?-1:u>a?1:0),l.length?JSON.stringify(l):null}function rr(e){let n=new Map;for(let r of e.split(/\r?\n/)){let t=/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(r);t&&he.includes(t[1])&&n.set(t[1],t[2].trim())}return n.size?JSON.stringify([...n].sort()):null}function Hn(e,n,r){let t=l=>{let u=j(e,l);if(u===null)return{};if(u.startsWith("raw:"))return null;let a=JSON.parse(u),c=a.enabledPlugins;if(c&&typeof c=="object"&&!Array.isArray(c)){delete a.enabledPlugins;for(let[f,m]of Object.entries(c))a[`enabledPlugins.${f}`]=m}return a},o=t(n),s=t(r);if(!o||!s)return!1;let i=!1;for(let l of new Set([...Object.keys(o),...Object.keys(s)]))if(JSON.stringify(o[l])!==JSON.stringify(s[l])){if(!l.startsWith("enabledPlugins.continuity@")||s[l]!==!0)return!1;i=!0}return i}function Xn(e,n,r,t){let o=P(e);if(o==="gemini-trust"){let a=qn(n),c=qn(r);if(!a||!c)return!1;let f=m=>t===m||t.startsWith(`${m.replace(/\/+$/,"")}/`);for(let m of new Set([...Object.keys(a),...Object.keys(c)]))if(!(!f(m)||a[m]===c[m])&&c[m]!=="TRUST_FOLDER"&&c[m]!=="TRUST_PARENT")return!1;return!0}if(o!=="codex-toml")return!1;let s=a=>{let c=a===null?[]:Ve(a);if(!c)return null;let f=new Map;for(let{path:m,value:g}of c)(m[0]==="projects"||m[0]==="hooks"&&m[1]==="state")&&f.set(JSON.stringify(m),g);return{trust:f}},i=s(n),l=s(r);if(!i||!l)return!1;let u=a=>a===null?null:Gn(e,a,t,{trust:!1});if(u(n)!==u(r))return!1;for(let[a,c]of i.trust){let f=l.trust.get(a);if(f===c)continue;let m=JSON.parse(a).at(-1);if(!(f===void 0&&j(e,n,t)===j(e,r,t))&&!(m==="trust_level"&&f==='"trusted"')&&!(m==="trusted_hash"&&f!==void 0))return!1}for(let[a,c]of l.trust){if(i.trust.has(a))continue;let f=JSON.parse(a).at(-1);if((f==="trust_level"?c!=='"trusted"':f!=="trusted_hash")&&j(e,n,t)!==j(e,r,t))return!1}return!0}function qn(e){if(e===null)return{};let n=[],r=Ge(e,n,{allowTrailingComma:!0});return n.length||typeof r!="object"||r===null||Array.isArray(r)?null:r}function Bn(e,n,r,t,o={}){let s=r.protect.length?H(n,r.protect):()=>!1,i=[],l=[],u=[];for(let a of t){if(!Y(a))continue;let c=wn(e,a);if(!c)continue;let f=We(Te(n,a));if((f===null?null:R(f))===c.hash)continue;if(!s(Te(n,a))&&(j(a,f,n)===j(a,c.content,n)||Hn(a,c.content,f)||Xn(a,c.content,f,n))){u.push({path:a,content:f});continue}if(o.dryRun){i.push(c.content===null?`${a} (created)`:`${a} (changed)`);continue}let g=Ln(n,c);g?(l.push(`${a} (changed; could not be put back: ${g})`),u.push({path:a,content:f})):i.push(c.content===null?`${a} (created; removed)`:`${a} (content restored)`)}return{restored:i,unrestorable:l,renewed:u,persist(a,c){for(let f of u)a.run("UPDATE guard_snapshots SET content = ?, hash = ?, taken_at = ? WHERE path = ?",On(f.path,f.content),f.content===null?null:R(f.content),c,f.path)}}}function Vn(e){let n=[];return e.restored.length&&n.push(`put back: ${e.restored.join("; ")}`),e.unrestorable.length&&n.push(`not put back: ${e.unrestorable.join("; ")}`),`continuity: the settings that run an agent client's hooks had been changed outside any hook that could see it (a client with its hooks off runs none, so nothing was enforced there meanwhile): ${n.join("; ")}. If you made this change yourself, \`continuity config accept\` keeps it.`}var ir="hook_wiring_restored";function zn(e,n,r){let t=n.restored.length+n.unrestorable.length>0,o=e.persist;if(!t)return n.renewed.length?{...e,persist:(l,u)=>(o?.(l,u),n.persist(l,r.now))}:e;let s=Vn(n),i={...e.output??{}};return i.systemMessage=[i.systemMessage,s].filter(l=>typeof l=="string"&&l.length>0).join(" "),{...e,output:i,decision:{...e.decision,wiringRestored:n.restored,wiringUnrestorable:n.unrestorable},persist:(l,u)=>{o?.(l,u),n.persist(l,r.now),ye(l,{at:r.now,sessionId:r.sessionId,kind:ir,summary:`hook wiring changed outside a hook: ${[...n.restored,...n.unrestorable].join("; ")}`,eventId:u})}}}0&&(module.exports={repairWiring,snapshotPaths,withWiringRepair});
