const __continuityModuleUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";var Re=Object.defineProperty;var tt=Object.getOwnPropertyDescriptor;var rt=Object.getOwnPropertyNames;var it=Object.prototype.hasOwnProperty;var st=(e,n)=>{for(var t in n)Re(e,t,{get:n[t],enumerable:!0})},ot=(e,n,t,r)=>{if(n&&typeof n=="object"||typeof n=="function")for(let o of rt(n))!it.call(e,o)&&o!==t&&Re(e,o,{get:()=>n[o],enumerable:!(r=tt(n,o))||r.enumerable});return e};var ut=e=>ot(Re({},"__esModule",{value:!0}),e);var lr={};st(lr,{repairWiring:()=>Jn,snapshotPaths:()=>Ln,withWiringRepair:()=>Kn});module.exports=ut(lr);var en=require("node:module"),Ze,Qe=globalThis.Bun?.CryptoHasher;function R(e){let n;if(Qe?n=new Qe("sha256"):(Ze??=(0,en.createRequire)(__continuityModuleUrl)("node:crypto"),n=Ze.createHash("sha256")),typeof e=="string")n.update(e);else for(let t of e)n.update(t);return n.digest("hex")}var I=require("node:fs"),F=require("node:path");var un=require("node:path");var re,lt={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function nn(e){return!e&&!re?lt:{lang:e?.lang??re?.lang,message:e?.message,abortEarly:e?.abortEarly??re?.abortEarly,abortPipeEarly:e?.abortPipeEarly??re?.abortPipeEarly}}var at;function ct(e){return at?.get(e)}var ft;function pt(e){return ft?.get(e)}var dt;function mt(e,n){return dt?.get(e)?.get(n)}function ie(e){let n=typeof e;return n==="string"?`"${e}"`:n==="number"||n==="bigint"||n==="boolean"?`${e}`:n==="object"||n==="function"?(e&&Object.getPrototypeOf(e)?.constructor?.name)??"null":n}function S(e,n,t,r,o){let s=o&&"input"in o?o.input:t.value,i=o?.expected??e.expects??null,l=o?.received??ie(s),u={kind:e.kind,type:e.type,input:s,expected:i,received:l,message:`Invalid ${n}: ${i?`Expected ${i} but r`:"R"}eceived ${l}`,requirement:e.requirement,path:o?.path,issues:o?.issues,lang:r.lang,abortEarly:r.abortEarly,abortPipeEarly:r.abortPipeEarly},a=e.kind==="schema",c=o?.message??e.message??mt(e.reference,u.lang)??(a?pt(u.lang):null)??r.message??ct(u.lang);c!==void 0&&(u.message=typeof c=="function"?c(u):c),a&&(t.typed=!1),t.issues?t.issues.push(u):t.issues=[u]}function ht(e,n){return Object.prototype.hasOwnProperty.call(e,n)&&n!=="__proto__"&&n!=="prototype"&&n!=="constructor"}function yt(e,n){let t=[...new Set(e)];return t.length>1?`(${t.join(` ${n} `)})`:t[0]??"never"}function x(e){return e["~standard"]={version:1,vendor:"valibot",validate:n=>e["~run"]({value:n},nn())},e}var gt=class extends Error{constructor(e){super(e[0].message),this.name="ValiError",this.issues=e}};var fr=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function se(e){return{kind:"validation",type:"integer",reference:se,async:!1,expects:null,requirement:Number.isInteger,message:e,"~run"(n,t){return n.typed&&!this.requirement(n.value)&&S(this,"integer",n,t),n}}}function U(e,n){return{kind:"validation",type:"min_length",reference:U,async:!1,expects:`>=${e}`,requirement:e,message:n,"~run"(t,r){return t.typed&&t.value.length<this.requirement&&S(this,"length",t,r,{received:`${t.value.length}`}),t}}}function oe(e,n){return{kind:"validation",type:"min_value",reference:oe,async:!1,expects:`>=${e instanceof Date?e.toJSON():ie(e)}`,requirement:e,message:n,"~run"(t,r){return t.typed&&!(t.value>=this.requirement)&&S(this,"value",t,r,{received:t.value instanceof Date?t.value.toJSON():ie(t.value)}),t}}}function Et(e,n,t){return typeof e.fallback=="function"?e.fallback(n,t):e.fallback}function tn(e,n,t){return typeof e.default=="function"?e.default(n,t):e.default}function C(e,n){return x({kind:"schema",type:"array",reference:C,expects:"Array",async:!1,item:e,message:n,"~run"(t,r){let o=t.value;if(Array.isArray(o)){t.typed=!0,t.value=[];for(let s=0;s<o.length;s++){let i=o[s],l=this.item["~run"]({value:i},r);if(l.issues){let u={type:"array",origin:"value",input:o,key:s,value:i};for(let a of l.issues)a.path?a.path.unshift(u):a.path=[u],t.issues?.push(a);if(t.issues||(t.issues=l.issues),r.abortEarly){t.typed=!1;break}}l.typed||(t.typed=!1),t.value.push(l.value)}}else S(this,"type",t,r);return t}})}function ue(e){return x({kind:"schema",type:"number",reference:ue,expects:"number",async:!1,message:e,"~run"(n,t){return typeof n.value=="number"&&!isNaN(n.value)?n.typed=!0:S(this,"type",n,t),n}})}function T(e,n){return x({kind:"schema",type:"optional",reference:T,expects:`(${e.expects} | undefined)`,async:!1,wrapped:e,default:n,"~run"(t,r){return t.value===void 0&&(this.default!==void 0&&(t.value=tn(this,t,r)),t.value===void 0)?(t.typed=!0,t):this.wrapped["~run"](t,r)}})}function xe(e,n){return x({kind:"schema",type:"picklist",reference:xe,expects:yt(e.map(ie),"|"),async:!1,options:e,message:n,"~run"(t,r){return this.options.includes(t.value)?t.typed=!0:S(this,"type",t,r),t}})}function De(e,n,t){return x({kind:"schema",type:"record",reference:De,expects:"Object",async:!1,key:e,value:n,message:t,"~run"(r,o){let s=r.value;if(s&&typeof s=="object"){r.typed=!0,r.value={};for(let i in s)if(ht(s,i)){let l=s[i],u=this.key["~run"]({value:i},o);if(u.issues){let c={type:"object",origin:"key",input:s,key:i,value:l};for(let f of u.issues)f.path=[c],r.issues?.push(f);if(r.issues||(r.issues=u.issues),o.abortEarly){r.typed=!1;break}}let a=this.value["~run"]({value:l},o);if(a.issues){let c={type:"object",origin:"value",input:s,key:i,value:l};for(let f of a.issues)f.path?f.path.unshift(c):f.path=[c],r.issues?.push(f);if(r.issues||(r.issues=a.issues),o.abortEarly){r.typed=!1;break}}(!u.typed||!a.typed)&&(r.typed=!1),u.typed&&(r.value[u.value]=a.value)}}else S(this,"type",r,o);return r}})}function D(e,n){return x({kind:"schema",type:"strict_object",reference:D,expects:"Object",async:!1,entries:e,message:n,"~run"(t,r){let o=t.value;if(o&&typeof o=="object"){t.typed=!0,t.value={};for(let s in this.entries){let i=this.entries[s];if(s in o||(i.type==="exact_optional"||i.type==="optional"||i.type==="nullish")&&i.default!==void 0){let l=s in o?o[s]:tn(i),u=i["~run"]({value:l},r);if(u.issues){let a={type:"object",origin:"value",input:o,key:s,value:l};for(let c of u.issues)c.path?c.path.unshift(a):c.path=[a],t.issues?.push(c);if(t.issues||(t.issues=u.issues),r.abortEarly){t.typed=!1;break}}u.typed||(t.typed=!1),t.value[s]=u.value}else if(i.fallback!==void 0)t.value[s]=Et(i);else if(i.type!=="exact_optional"&&i.type!=="optional"&&i.type!=="nullish"&&(S(this,"key",t,r,{input:void 0,expected:`"${s}"`,path:[{type:"object",origin:"key",input:o,key:s,value:o[s]}]}),r.abortEarly))break}if(!t.issues||!r.abortEarly){for(let s in o)if(!Object.prototype.hasOwnProperty.call(this.entries,s)){S(this,"key",t,r,{input:s,expected:"never",path:[{type:"object",origin:"key",input:o,key:s,value:o[s]}]});break}}}else S(this,"type",t,r);return t}})}function $(e){return x({kind:"schema",type:"string",reference:$,expects:"string",async:!1,message:e,"~run"(n,t){return typeof n.value=="string"?n.typed=!0:S(this,"type",n,t),n}})}function rn(e,n,t){let r=e["~run"]({value:n},nn(t));if(r.issues)throw new gt(r.issues);return r.value}function M(...e){return x({...e[0],pipe:e,"~run"(n,t){for(let r of e)if(r.kind!=="metadata"){if(n.issues&&(r.kind==="schema"||r.kind==="transformation")){n.typed=!1;break}(!n.issues||!t.abortEarly&&!t.abortPipeEarly)&&(n=r["~run"](n,t))}return n}})}var Y={ok:0,failure:1,invalidInput:2,io:3,config:4,ledger:5,refused:6,internal:70},sn=Symbol.for("continuity.CliError"),W=class extends Error{constructor(t,r=Y.invalidInput){super(t);this.exitCode=r;this.name="CliError"}exitCode;[sn]=!0;static[Symbol.hasInstance](t){return typeof t=="object"&&t!==null&&t[sn]===!0}};var G=".continuity";var $e="config.json";var le=M(ue(),se(),oe(1)),Tt=M(ue(),se(),oe(0)),on=D({$schema:T($()),stopGate:T(D({maxConsecutiveBlocks:T(le,3)}),{}),watchdog:T(D({slaSeconds:T(le,900),forwardGraceSeconds:T(Tt,30),attemptTimeoutSeconds:T(le,300),slaSecondsByAgentType:T(De($(),le),{})}),{}),protect:T(C(M($(),U(1))),[]),approval:T(D({phrases:T(C(M($(),U(1))),["approve","approved","/approve"])}),{}),summaries:T(D({paths:T(C(M($(),U(1))),[".superpowers/sdd/{plan}/task-{task}-summary.md","docs/plans/{plan}/task-{task}-summary.md"])}),{}),sandbox:T(D({mode:T(xe(["required","preferred","off"]),"required")}),{}),highRiskStops:T(C(M($(),U(1))),[])}),kt=rn(on,{});var ln=(0,un.join)(G,$e);var Nt=String.raw`^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?`;function an(e){return new RegExp(String.raw`${Nt}(?:\*\*|__)?${e}(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$`,"i")}var Nr=an("status"),bt=an("approved");var q=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],ce=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(q.length>ce.length)throw new Error("more pack words than codes");var cn=e=>`'${e.replace(/'/g,"''")}'`;function fn(e){return`(${e} NOT GLOB '*[' || char(${ce.slice(0,q.length).join(", ")}) || ']*')`}var ae=5;function pn(e){let n=e;for(let t=0;t<q.length;t+=ae)n=`(SELECT ${q.slice(t,t+ae).reduce((o,s,i)=>`replace(${o}, ${cn(s)}, char(${ce[t+i]}))`,"v")} FROM (SELECT ${n} AS v))`;return n}function dn(e){let n=e;for(let t=0;t<q.length;t+=ae)n=`(SELECT ${q.slice(t,t+ae).reduce((o,s,i)=>`replace(${o}, char(${ce[t+i]}), ${cn(s)})`,"v")} FROM (SELECT ${n} AS v))`;return n}var hn='{"action":"none","output":null}',mn=1,St="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function Pe(e){return`CASE WHEN typeof(${e}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${e} / 1000, 'unixepoch') || '.' || substr(1000 + ${e} % 1000, 2) || 'Z' ELSE ${e} END`}function At(e){return`(CAST(strftime('%s', ${e}) AS INTEGER) * 1000 + CAST(substr(${e}, 21, 3) AS INTEGER))`}function pe(e){let n=At(e);return`CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${St} AND ${n} >= 0 AND (${Pe(n)}) = ${e} THEN ${n} ELSE ${e} END`}function de(e){return`CASE WHEN ${e} = '${hn}' THEN 0 ELSE ${e} END`}function yn(e){return`CASE WHEN typeof(${e}) = 'integer' THEN '${hn}' ELSE ${e} END`}var k=e=>`(SELECT id FROM event_names WHERE name = ${e})`;function me(e){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${e}source AS v UNION ALL SELECT ${e}kind UNION ALL SELECT ${e}session_id UNION ALL SELECT ${e}client) WHERE v IS NOT NULL;`}var gn=32,It=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${k("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${gn} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,Me="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",Ot=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${Pe("e.at")}, src.name, k.name, s.name, ${Me}, ${yn("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${me("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${pe("NEW.at")}, ${k("NEW.source")}, ${k("NEW.kind")}, ${k("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${de("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${k("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${It}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${me("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${pe("NEW.at")}, source = ${k("NEW.source")}, kind = ${k("NEW.kind")},
      session = ${k("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${de("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${k("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,En=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${mn}, 'Stop');
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
  ${Ot}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${mn} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;var je=1,he=2,Fe=fn("NEW.input"),fe=e=>`CASE WHEN ${Fe} THEN ${pn(e)} ELSE ${e} END`,wt=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${fe("NEW.input")} AS n, ${fe(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${fe(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${Fe} THEN ${he} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${k("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${gn} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${he} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,Lt=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${Pe("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${he} THEN ${dn(Me)} ELSE ${Me} END, ${yn("e.decision")},
           CASE WHEN e.flags & ${je} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${me("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${pe("NEW.at")}, ${k("NEW.source")}, ${k("NEW.kind")}, ${k("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${de("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${je} ELSE 0 END | CASE WHEN ${Fe} THEN ${he} ELSE 0 END, 0),
             ${k("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${fe("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${wt}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${me("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${pe("NEW.at")}, source = ${k("NEW.source")}, kind = ${k("NEW.kind")},
      session = ${k("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${de("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${je} END, client = ${k("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,vn=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${Lt}
`;var ye="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",Tn=`
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
    UPDATE session_tally SET n = n - 1 WHERE ${ye};
    DELETE FROM session_tally WHERE ${ye} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${ye};
    DELETE FROM session_tally WHERE ${ye} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var kn=[`
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
  `,En,vn,Tn],Rt=kn.length;var ge=["GEMINI_CLI_SYSTEM_SETTINGS_PATH","GEMINI_CLI_SYSTEM_DEFAULTS_PATH","GEMINI_CLI_HOME","GEMINI_CLI_TRUSTED_FOLDERS_PATH"];function _n(e){let n=/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(e);return!!n&&ge.includes(n[1])}function Ue(e){return e.split(/\r?\n/).filter(_n).map(n=>`${n}
`).join("")}function Nn(e,n){let r=[...(e??"").split(/\r?\n/).filter(o=>o!==""&&!_n(o)),...(n??"").split(`
`).filter(o=>o!=="")];return!r.length&&n===null?null:r.map(o=>`${o}
`).join("")}function Dt(e=""){let n=e?`${e}.`:"";return`coalesce(${n}client, CASE WHEN ${n}source LIKE 'hook:%' THEN substr(${n}source, 6) END, 'unknown')`}var $t=Dt();function Ee(e,n){e.run("INSERT INTO violations (at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?)",n.at,n.sessionId,n.kind,n.summary,n.eventId)}var ai=1024*1024;var ci=16*1024*1024;var H=require("node:path");function Ce(e){let n=(0,H.basename)(e.path);return(0,H.join)(".superpowers","sdd",n.slice(0,n.length-(0,H.extname)(n).length),"progress.md").split("\\").join("/")}var ve=[".claude/settings.json",".claude/settings.local.json",".codex/hooks.json",".codex/config.toml",".gemini/settings.json",".cursor/hooks.json"];var We=[".gemini/.env",".env"],O=e=>e&&e.startsWith("/")?e.replace(/\/+$/,""):null;function Sn(e){let n=O(e?.HOME),t=new Set,r=O(e?.CLAUDE_CONFIG_DIR)??(n?`${n}/.claude`:null);n&&t.add(`${n}/.claude/settings.json`),r&&t.add(`${r}/settings.json`);for(let i of[O(e?.CODEX_HOME),n?`${n}/.codex`:null])i&&(t.add(`${i}/config.toml`),t.add(`${i}/hooks.json`));let o=O(e?.GEMINI_CLI_HOME)??n;o&&(t.add(`${o}/.gemini/settings.json`),t.add(`${o}/.gemini/trustedFolders.json`));let s=O(e?.GEMINI_CLI_TRUSTED_FOLDERS_PATH);s&&t.add(s),n&&t.add(`${n}/.cursor/hooks.json`);for(let i of Mt(e))t.add(i);return[...t]}function Mt(e){let n=O(e?.GEMINI_CLI_SYSTEM_SETTINGS_PATH)??"/etc/gemini-cli/settings.json",t=O(e?.GEMINI_CLI_SYSTEM_DEFAULTS_PATH)??`${n.replace(/\/[^/]*$/,"")}/system-defaults.json`;return["/etc/claude-code/managed-settings.json","/etc/codex/config.toml","/etc/codex/managed_config.toml","/etc/codex/requirements.toml","/etc/codex/hooks.json",n,t,"/etc/cursor/hooks.json"]}function An(e){let n=O(e?.HOME),t=O(e?.GEMINI_CLI_HOME)??n;return[...new Set([...t?[`${t}/.gemini/.env`]:[],...n?[`${n}/.env`]:[]])]}function P(e){if(!e.startsWith("/")&&!ve.includes(e)&&!We.includes(e))return null;let n=e.slice(e.lastIndexOf("/")+1);return n===".env"?"env":n==="hooks.json"?"hooks-json":n.endsWith(".toml")?"codex-toml":n==="trustedFolders.json"||e.startsWith("/")&&/trust/i.test(n)&&n.endsWith(".json")?"gemini-trust":n.endsWith(".json")?"settings-json":null}function K(e){return P(e)!==null}var ke=require("node:fs"),B=require("node:path");var Te=require("node:path");function X(e,n){let t=Te.posix.normalize(e),r=n.filter(s=>s.startsWith("/")).map(s=>In(Te.posix.normalize(s))),o=n.filter(s=>!s.startsWith("/")).map(s=>In(s.replace(/^(\.\/)+/,"")));return s=>{let i=Te.posix.normalize(s);if(r.some(u=>u.test(i)))return!0;if(!i.startsWith(t+"/"))return!1;let l=i.slice(t.length+1);return o.some(u=>u.test(l))}}function In(e){let n="";for(let t=0;t<e.length;t++){let r=e[t];r==="*"&&e[t+1]==="*"?(n+=".*",t++):r==="*"?n+="[^/]*":r==="?"?n+="[^/]":n+=r.replace(/[.+^${}()|[\]\\]/g,"\\$&")}return n=n.replace(/\/\.\*$/,"(?:/.*)?"),new RegExp(`^${n}$`)}var Ge=200,Pt=new Set([".git","node_modules",".continuity"]);function wn(e,n){let t=new Set;for(let r of n){let o=B.posix.normalize(r.replace(/^(\.\/)+/,"")).replace(/\/+$/,"");if(!o||o==="."||o.startsWith(".."))continue;let s=o.split("/"),i=s.findIndex(a=>/[*?[]/.test(a));if(i===-1){Ft((0,B.join)(e,o))?On(e,o,()=>!0,t):t.add(o);continue}let l=s.slice(0,i).join("/"),u=X(e,[o]);On(e,l,a=>u(a),t)}return[...t].sort().slice(0,Ge)}function On(e,n,t,r){let o=[n];for(;o.length&&r.size<Ge;){let s=o.pop(),i;try{i=(0,ke.readdirSync)((0,B.join)(e,s),{withFileTypes:!0})}catch{continue}for(let l of i){let u=s?`${s}/${l.name}`:l.name;if(l.isDirectory()?Pt.has(l.name)||o.push(u):l.isFile()&&t(B.posix.join(e.split("\\").join("/"),u))&&r.add(u),r.size>=Ge)return}}}function Ft(e){try{return(0,ke.statSync)(e).isDirectory()}catch{return!1}}function Ln(e,n,t,r,o){let s=Ut(e),i=new Set([ln.split("\\").join("/"),...s?[s]:[],...ve,...We,...Sn(r),...An(r),...wn(t,n.protect)]);if(o)for(let l of o.all("SELECT path FROM guard_snapshots WHERE path LIKE '/%'"))K(l.path)&&i.add(l.path);if(o&&n.protect.length){let l=X(t,n.protect);for(let u of o.all("SELECT path FROM guard_snapshots"))l((0,F.join)(t,u.path).split("\\").join("/"))&&i.add(u.path)}return[...i]}function Ut(e){return!e||e.state==="approved"||e.state==="complete"?null:e.dialect==="tdd-progress"?e.path:Ce(e)}function Rn(e,n){let t=e.get("SELECT content, hash FROM guard_snapshots WHERE path = ?",n);return t?{path:n,content:t.content,hash:t.hash}:null}function _e(e,n){return(0,F.isAbsolute)(n)?n:(0,F.join)(e,n)}function xn(e,n){return n===null||P(e)!=="env"?n:Ue(n)}function Ct(e,n){let t=_e(e,n.path);if(P(n.path)==="env"){let r=Nn(qe(t),n.content);r===null?(0,I.rmSync)(t,{force:!0}):(0,I.writeFileSync)(t,r);return}n.content===null?(0,I.rmSync)(t,{force:!0}):((0,I.mkdirSync)((0,F.dirname)(t),{recursive:!0}),(0,I.writeFileSync)(t,n.content))}function Dn(e,n){try{return Ct(e,n),null}catch(t){return t.code??"error"}}function qe(e){try{return(0,I.readFileSync)(e,"utf8")}catch{return null}}function Ne(e,n=!1){let t=e.length,r=0,o="",s=0,i=16,l=0,u=0,a=0,c=0,f=0;function m(d,_){let N=0,E=0;for(;N<d||!_;){let h=e.charCodeAt(r);if(h>=48&&h<=57)E=E*16+h-48;else if(h>=65&&h<=70)E=E*16+h-65+10;else if(h>=97&&h<=102)E=E*16+h-97+10;else break;r++,N++}return N<d&&(E=-1),E}function g(d){r=d,o="",s=0,i=16,f=0}function w(){let d=r;if(e.charCodeAt(r)===48)r++;else for(r++;r<e.length&&V(e.charCodeAt(r));)r++;if(r<e.length&&e.charCodeAt(r)===46)if(r++,r<e.length&&V(e.charCodeAt(r)))for(r++;r<e.length&&V(e.charCodeAt(r));)r++;else return f=3,e.substring(d,r);let _=r;if(r<e.length&&(e.charCodeAt(r)===69||e.charCodeAt(r)===101))if(r++,(r<e.length&&e.charCodeAt(r)===43||e.charCodeAt(r)===45)&&r++,r<e.length&&V(e.charCodeAt(r))){for(r++;r<e.length&&V(e.charCodeAt(r));)r++;_=r}else f=3;return e.substring(d,_)}function Oe(){let d="",_=r;for(;;){if(r>=t){d+=e.substring(_,r),f=2;break}let N=e.charCodeAt(r);if(N===34){d+=e.substring(_,r),r++;break}if(N===92){if(d+=e.substring(_,r),r++,r>=t){f=2;break}switch(e.charCodeAt(r++)){case 34:d+='"';break;case 92:d+="\\";break;case 47:d+="/";break;case 98:d+="\b";break;case 102:d+="\f";break;case 110:d+=`
`;break;case 114:d+="\r";break;case 116:d+="	";break;case 117:let h=m(4,!0);h>=0?d+=String.fromCharCode(h):f=4;break;default:f=5}_=r;continue}if(N>=0&&N<=31)if(Z(N)){d+=e.substring(_,r),f=2;break}else f=6;r++}return d}function L(){if(o="",f=0,s=r,u=l,c=a,r>=t)return s=t,i=17;let d=e.charCodeAt(r);if(He(d)){do r++,o+=String.fromCharCode(d),d=e.charCodeAt(r);while(He(d));return i=15}if(Z(d))return r++,o+=String.fromCharCode(d),d===13&&e.charCodeAt(r)===10&&(r++,o+=`
`),l++,a=r,i=14;switch(d){case 123:return r++,i=1;case 125:return r++,i=2;case 91:return r++,i=3;case 93:return r++,i=4;case 58:return r++,i=6;case 44:return r++,i=5;case 34:return r++,o=Oe(),i=10;case 47:let _=r-1;if(e.charCodeAt(r+1)===47){for(r+=2;r<t&&!Z(e.charCodeAt(r));)r++;return o=e.substring(_,r),i=12}if(e.charCodeAt(r+1)===42){r+=2;let N=t-1,E=!1;for(;r<N;){let h=e.charCodeAt(r);if(h===42&&e.charCodeAt(r+1)===47){r+=2,E=!0;break}r++,Z(h)&&(h===13&&e.charCodeAt(r)===10&&r++,l++,a=r)}return E||(r++,f=1),o=e.substring(_,r),i=13}return o+=String.fromCharCode(d),r++,i=16;case 45:if(o+=String.fromCharCode(d),r++,r===t||!V(e.charCodeAt(r)))return i=16;case 48:case 49:case 50:case 51:case 52:case 53:case 54:case 55:case 56:case 57:return o+=w(),i=11;default:for(;r<t&&J(d);)r++,d=e.charCodeAt(r);if(s!==r){switch(o=e.substring(s,r),o){case"true":return i=8;case"false":return i=9;case"null":return i=7}return i=16}return o+=String.fromCharCode(d),r++,i=16}}function J(d){if(He(d)||Z(d))return!1;switch(d){case 125:case 93:case 123:case 91:case 34:case 58:case 44:case 47:return!1}return!0}function we(){let d;do d=L();while(d>=12&&d<=15);return d}return{setPosition:g,getPosition:()=>r,scan:n?we:L,getToken:()=>i,getTokenValue:()=>o,getTokenOffset:()=>s,getTokenLength:()=>r-s,getTokenStartLine:()=>u,getTokenStartCharacter:()=>s-c,getTokenError:()=>f}}function He(e){return e===32||e===9}function Z(e){return e===10||e===13}function V(e){return e>=48&&e<=57}var $n;(function(e){e[e.lineFeed=10]="lineFeed",e[e.carriageReturn=13]="carriageReturn",e[e.space=32]="space",e[e._0=48]="_0",e[e._1=49]="_1",e[e._2=50]="_2",e[e._3=51]="_3",e[e._4=52]="_4",e[e._5=53]="_5",e[e._6=54]="_6",e[e._7=55]="_7",e[e._8=56]="_8",e[e._9=57]="_9",e[e.a=97]="a",e[e.b=98]="b",e[e.c=99]="c",e[e.d=100]="d",e[e.e=101]="e",e[e.f=102]="f",e[e.g=103]="g",e[e.h=104]="h",e[e.i=105]="i",e[e.j=106]="j",e[e.k=107]="k",e[e.l=108]="l",e[e.m=109]="m",e[e.n=110]="n",e[e.o=111]="o",e[e.p=112]="p",e[e.q=113]="q",e[e.r=114]="r",e[e.s=115]="s",e[e.t=116]="t",e[e.u=117]="u",e[e.v=118]="v",e[e.w=119]="w",e[e.x=120]="x",e[e.y=121]="y",e[e.z=122]="z",e[e.A=65]="A",e[e.B=66]="B",e[e.C=67]="C",e[e.D=68]="D",e[e.E=69]="E",e[e.F=70]="F",e[e.G=71]="G",e[e.H=72]="H",e[e.I=73]="I",e[e.J=74]="J",e[e.K=75]="K",e[e.L=76]="L",e[e.M=77]="M",e[e.N=78]="N",e[e.O=79]="O",e[e.P=80]="P",e[e.Q=81]="Q",e[e.R=82]="R",e[e.S=83]="S",e[e.T=84]="T",e[e.U=85]="U",e[e.V=86]="V",e[e.W=87]="W",e[e.X=88]="X",e[e.Y=89]="Y",e[e.Z=90]="Z",e[e.asterisk=42]="asterisk",e[e.backslash=92]="backslash",e[e.closeBrace=125]="closeBrace",e[e.closeBracket=93]="closeBracket",e[e.colon=58]="colon",e[e.comma=44]="comma",e[e.dot=46]="dot",e[e.doubleQuote=34]="doubleQuote",e[e.minus=45]="minus",e[e.openBrace=123]="openBrace",e[e.openBracket=91]="openBracket",e[e.plus=43]="plus",e[e.slash=47]="slash",e[e.formFeed=12]="formFeed",e[e.tab=9]="tab"})($n||($n={}));var Gt=new Array(20).fill(0).map((e,n)=>" ".repeat(n)),z=200,qt={" ":{"\n":new Array(z).fill(0).map((e,n)=>`
`+" ".repeat(n)),"\r":new Array(z).fill(0).map((e,n)=>"\r"+" ".repeat(n)),"\r\n":new Array(z).fill(0).map((e,n)=>`\r
`+" ".repeat(n))},"	":{"\n":new Array(z).fill(0).map((e,n)=>`
`+"	".repeat(n)),"\r":new Array(z).fill(0).map((e,n)=>"\r"+"	".repeat(n)),"\r\n":new Array(z).fill(0).map((e,n)=>`\r
`+"	".repeat(n))}};var be;(function(e){e.DEFAULT={allowTrailingComma:!1}})(be||(be={}));function jn(e,n=[],t=be.DEFAULT){let r=null,o=[],s=[];function i(u){Array.isArray(o)?o.push(u):r!==null&&(o[r]=u)}return Mn(e,{onObjectBegin:()=>{let u={};i(u),s.push(o),o=u,r=null},onObjectProperty:u=>{r=u},onObjectEnd:()=>{o=s.pop()},onArrayBegin:()=>{let u=[];i(u),s.push(o),o=u,r=null},onArrayEnd:()=>{o=s.pop()},onLiteralValue:i,onError:(u,a,c)=>{n.push({error:u,offset:a,length:c})}},t),o[0]}function Mn(e,n,t=be.DEFAULT){let r=Ne(e,!1),o=[],s=0;function i(y){return y?()=>s===0&&y(r.getTokenOffset(),r.getTokenLength(),r.getTokenStartLine(),r.getTokenStartCharacter()):()=>!0}function l(y){return y?v=>s===0&&y(v,r.getTokenOffset(),r.getTokenLength(),r.getTokenStartLine(),r.getTokenStartCharacter()):()=>!0}function u(y){return y?v=>s===0&&y(v,r.getTokenOffset(),r.getTokenLength(),r.getTokenStartLine(),r.getTokenStartCharacter(),()=>o.slice()):()=>!0}function a(y){return y?()=>{s>0?s++:y(r.getTokenOffset(),r.getTokenLength(),r.getTokenStartLine(),r.getTokenStartCharacter(),()=>o.slice())===!1&&(s=1)}:()=>!0}function c(y){return y?()=>{s>0&&s--,s===0&&y(r.getTokenOffset(),r.getTokenLength(),r.getTokenStartLine(),r.getTokenStartCharacter())}:()=>!0}let f=a(n.onObjectBegin),m=u(n.onObjectProperty),g=c(n.onObjectEnd),w=a(n.onArrayBegin),Oe=c(n.onArrayEnd),L=u(n.onLiteralValue),J=l(n.onSeparator),we=i(n.onComment),d=l(n.onError),_=t&&t.disallowComments,N=t&&t.allowTrailingComma;function E(){for(;;){let y=r.scan();switch(r.getTokenError()){case 4:h(14);break;case 5:h(15);break;case 3:h(13);break;case 1:_||h(11);break;case 2:h(12);break;case 6:h(16);break}switch(y){case 12:case 13:_?h(10):we();break;case 16:h(1);break;case 15:case 14:break;default:return y}}}function h(y,v=[],Ke=[]){if(d(y),v.length+Ke.length>0){let te=r.getToken();for(;te!==17;){if(v.indexOf(te)!==-1){E();break}else if(Ke.indexOf(te)!==-1)break;te=E()}}}function Ye(y){let v=r.getTokenValue();return y?L(v):(m(v),o.push(v)),E(),!0}function Zn(){switch(r.getToken()){case 11:let y=r.getTokenValue(),v=Number(y);isNaN(v)&&(h(2),v=0),L(v);break;case 7:L(null);break;case 8:L(!0);break;case 9:L(!1);break;default:return!1}return E(),!0}function Qn(){return r.getToken()!==10?(h(3,[],[2,5]),!1):(Ye(!1),r.getToken()===6?(J(":"),E(),Le()||h(4,[],[2,5])):h(5,[],[2,5]),o.pop(),!0)}function et(){f(),E();let y=!1;for(;r.getToken()!==2&&r.getToken()!==17;){if(r.getToken()===5){if(y||h(4,[],[]),J(","),E(),r.getToken()===2&&N)break}else y&&h(6,[],[]);Qn()||h(4,[],[2,5]),y=!0}return g(),r.getToken()!==2?h(7,[2],[]):E(),!0}function nt(){w(),E();let y=!0,v=!1;for(;r.getToken()!==4&&r.getToken()!==17;){if(r.getToken()===5){if(v||h(4,[],[]),J(","),E(),r.getToken()===4&&N)break}else v&&h(6,[],[]);y?(o.push(0),y=!1):o[o.length-1]++,Le()||h(4,[],[4,5]),v=!0}return Oe(),y||o.pop(),r.getToken()!==4?h(8,[4],[]):E(),!0}function Le(){switch(r.getToken()){case 3:return nt();case 1:return et();case 10:return Ye(!0);default:return Zn()}}return E(),r.getToken()===17?t.allowEmptyContent?!0:(h(4,[],[]),!1):Le()?(r.getToken()!==17&&h(9,[],[]),!0):(h(4,[],[]),!1)}var Pn;(function(e){e[e.None=0]="None",e[e.UnexpectedEndOfComment=1]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=2]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=3]="UnexpectedEndOfNumber",e[e.InvalidUnicode=4]="InvalidUnicode",e[e.InvalidEscapeCharacter=5]="InvalidEscapeCharacter",e[e.InvalidCharacter=6]="InvalidCharacter"})(Pn||(Pn={}));var Fn;(function(e){e[e.OpenBraceToken=1]="OpenBraceToken",e[e.CloseBraceToken=2]="CloseBraceToken",e[e.OpenBracketToken=3]="OpenBracketToken",e[e.CloseBracketToken=4]="CloseBracketToken",e[e.CommaToken=5]="CommaToken",e[e.ColonToken=6]="ColonToken",e[e.NullKeyword=7]="NullKeyword",e[e.TrueKeyword=8]="TrueKeyword",e[e.FalseKeyword=9]="FalseKeyword",e[e.StringLiteral=10]="StringLiteral",e[e.NumericLiteral=11]="NumericLiteral",e[e.LineCommentTrivia=12]="LineCommentTrivia",e[e.BlockCommentTrivia=13]="BlockCommentTrivia",e[e.LineBreakTrivia=14]="LineBreakTrivia",e[e.Trivia=15]="Trivia",e[e.Unknown=16]="Unknown",e[e.EOF=17]="EOF"})(Fn||(Fn={}));var Xe=jn;var Un;(function(e){e[e.InvalidSymbol=1]="InvalidSymbol",e[e.InvalidNumberFormat=2]="InvalidNumberFormat",e[e.PropertyNameExpected=3]="PropertyNameExpected",e[e.ValueExpected=4]="ValueExpected",e[e.ColonExpected=5]="ColonExpected",e[e.CommaExpected=6]="CommaExpected",e[e.CloseBraceExpected=7]="CloseBraceExpected",e[e.CloseBracketExpected=8]="CloseBracketExpected",e[e.EndOfFileExpected=9]="EndOfFileExpected",e[e.InvalidCommentToken=10]="InvalidCommentToken",e[e.UnexpectedEndOfComment=11]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=12]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=13]="UnexpectedEndOfNumber",e[e.InvalidUnicode=14]="InvalidUnicode",e[e.InvalidEscapeCharacter=15]="InvalidEscapeCharacter",e[e.InvalidCharacter=16]="InvalidCharacter"})(Un||(Un={}));function Yt(e,n){let t=e.slice(0,n).split(/\r?\n/);return[t.length,t.pop().length+1]}function Kt(e,n,t){let r=e.split(/\r?\n/),o="",s=(Math.log10(n+1)|0)+1;for(let i=n-1;i<=n+1;i++){let l=r[i-1];l&&(o+=i.toString().padEnd(s," "),o+=":  ",o+=l,o+=`
`,i===n&&(o+=" ".repeat(s+t+2),o+=`^
`))}return o}var p=class e extends Error{line;column;codeblock;constructor(n,t){let[r,o]=Yt(t.toml,t.ptr),s=Kt(t.toml,r,o);super(`Invalid TOML document: ${n}

${s}`,t),this.line=r,this.column=o,this.codeblock=s}static x(n,t,r){throw new e(n,{toml:t.s,ptr:r??t.p})}};function Se(e){let n=e.p,t=e.s.charCodeAt(e.p++),r=t,o=t===39,s=t===e.s.charCodeAt(e.p)&&t===e.s.charCodeAt(e.p+1);s&&((t=e.s.charCodeAt(e.p+=2))===10?e.p++:t===13&&e.s.charCodeAt(e.p+1)===10&&(e.p+=2));let i="",l=e.p,u=0;for(;e.p<e.s.length;e.p++)if(t=e.s.charCodeAt(e.p),s&&(t===10||t===13&&e.s.charCodeAt(e.p+1)===10))u=u&&3;else if(t<32&&t!==9||t===127)p.x("control characters are not allowed in strings",e);else if((!u||u===3)&&t===r&&(!s||e.s.charCodeAt(e.p+1)===r&&e.s.charCodeAt(e.p+2)===r)){if(s&&(e.s.charCodeAt(e.p+3)===r&&e.p++,e.s.charCodeAt(e.p+3)===r&&e.p++),!u){let a=e.s.slice(l,e.p);i=i?i+a:a}return e.p+=s?3:1,i}else if(!u)!o&&t===92&&(i+=e.s.slice(l,l=e.p),u=1);else if(u===1)if(t===120||t===117||t===85){let a=e.p++-1,c=0,f=t===120?2:t===117?4:8;for(let m=0;m<f;m++,e.p++){let g=e.s.charCodeAt(e.p),w=g>=48&&g<=57?g-48:g>=65&&g<=70?g-65+10:g>=97&&g<=102?g-97+10:-1;w<0&&p.x("invalid non-hex character in unicode escape",e),c=c<<4|w}(c<0||c>1114111||c>=55296&&c<=57343)&&p.x("invalid unicode escape",e,a),i+=String.fromCodePoint(c),l=e.p--,u=0}else s&&(t===32||t===9)?u=2:(t===98?i+="\b":t===116?i+="	":t===110?i+=`
`:t===102?i+="\f":t===114?i+="\r":t===101?i+="\x1B":t===34?i+='"':t===92?i+="\\":p.x("unrecognised escape sequence",e),l=e.p+1,u=0);else t!==32&&t!==9&&(u===2&&p.x("invalid escape: only line-ending whitespace may be escaped",e,l),u=!o&&t===92?1:0,l=e.p);p.x("unfinished string",e,n)}var Zt=/^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i,Q=class e extends Date{#n=!1;#t=!1;#e=null;constructor(n,t,r){let o=!0,s=!0,i="Z",l;if(typeof n=="string")if(t)e:{if(t<3){if(+n.slice(11,13)>23){n="";break e}t===2?(i=null,n+="Z"):(l=n.charCodeAt(n.length-1))!==90&&l!==122&&(i=n.slice(n.length-6)),r&&(n=n.slice(0,10)+"T"+n.slice(11))}else t===4&&(n=+n.slice(0,2)>23?"":`0000-01-01T${n}Z`);o=t!==4,s=t!==3}else{let u=n.match(Zt);u?(u[1]||(o=!1,n=`0000-01-01T${n}`),s=!!u[2],s&&n[10]===" "&&(n=n.replace(" ","T")),u[2]&&+u[2]>23?n="":(i=u[3]||null,!i&&s&&(n+="Z"))):n=""}super(n),isNaN(this.getTime())||(this.#n=o,this.#t=s,this.#e=i)}isDateTime(){return this.#n&&this.#t}isLocal(){return!this.#n||!this.#t||!this.#e}isDate(){return this.#n&&!this.#t}isTime(){return this.#t&&!this.#n}isValid(){return this.#n||this.#t}toISOString(){let n=super.toISOString();if(this.isDate())return n.slice(0,10);if(this.isTime())return n.slice(11,23);if(this.#e===null)return n.slice(0,-1);if(this.#e==="Z"||this.#e==="z")return n;let t=+this.#e.slice(1,3)*60+ +this.#e.slice(4,6);return t=this.#e[0]==="-"?t:-t,new Date(this.getTime()-t*6e4).toISOString().slice(0,-1)+this.#e}static wrapAsOffsetDateTime(n,t="Z"){let r=new e(n);return r.#e=t,r}static wrapAsLocalDateTime(n){let t=new e(n);return t.#e=null,t}static wrapAsLocalDate(n){let t=new e(n);return t.#t=!1,t.#e=null,t}static wrapAsLocalTime(n){let t=new e(n);return t.#n=!1,t.#e=null,t}};function b(e,n=10){return n===16?e>47&&e<58||e>64&&e<71||e>96&&e<103:e>47&&e<48+n}function Ve(e,n){return e===32||e===9||e===10||e===13||n&&(e===n||e===44)||e===35}function ne(e,n){let t=e.p,r=e.s.charCodeAt(e.p);if(r===91||r===123){e.d--||p.x("document contains excessively nested structures. aborting.",e);let o=r===91?Gn(e):Wn(e);return e.d++,o}return r===34||r===39?Se(e):r===116?((e.s.charCodeAt(++e.p)!==114||e.s.charCodeAt(++e.p)!==117||e.s.charCodeAt(++e.p)!==101)&&p.x("invalid value",e,t),e.p++,!0):r===102?((e.s.charCodeAt(++e.p)!==97||e.s.charCodeAt(++e.p)!==108||e.s.charCodeAt(++e.p)!==115||e.s.charCodeAt(++e.p)!==101)&&p.x("invalid value",e,t),e.p++,!1):r===43||r===45?Ae(e,e.p,e.s.charCodeAt(++e.p),44-r,n):e.s.charCodeAt(e.p+4)===45&&e.s.charCodeAt(e.p+7)===45?Qt(e,r,n):e.s.charCodeAt(e.p+2)===58?er(e,r,n):Ae(e,e.p,r,0,n)}function Ae(e,n,t,r,o){let s=t,i=0,l=!1;if(s===105)return(e.s.charCodeAt(++e.p)!==110||e.s.charCodeAt(++e.p)!==102)&&p.x("invalid value",e,n),e.p++,(r||1)/0;if(s===110)return(e.s.charCodeAt(++e.p)!==97||e.s.charCodeAt(++e.p)!==110)&&p.x("invalid value",e,n),e.p++,NaN;if(s===48){if(++e.p>=e.s.length||Ve(s=e.s.charCodeAt(e.p),o))return e.bi===!0?0n:0;if(!r){if(s===120)return Be(e,n,16,o);if(s===98)return Be(e,n,2,o);if(s===111)return Be(e,n,8,o)}s===46?i=2:s===101||s===69?i=4:p.x("illegal leading zero",e,n)}else b(s)||p.x("invalid value",e,n);for(;++e.p<e.s.length&&(s=e.s.charCodeAt(e.p),!Ve(s,o));)i||(i=1),s===95?(i&1||p.x("illegal underscore",e),i+=11,l=!0):i===1&&s===46?i=2:(i===1||i===3)&&(s===101||s===69)?i=4:i===4&&(s===43||s===45)?i=6:b(s)?i>9?i-=11:i&1||i++:p.x("illegal character in numeric literal",e);if(!i){let a=(t-48)*(r||1);return e.bi===!0?BigInt(a):a}i&1||p.x("unfinished numeric value",e,n);let u=e.s.slice(n,e.p);return l&&(u=u.replaceAll("_","")),i>1?parseFloat(u):Cn(e,u,10,n)}function Be(e,n,t,r){let o,s=1;for(;++e.p<e.s.length&&(o=e.s.charCodeAt(e.p),!Ve(o,r));)o===95?(s&1&&p.x("illegal underscore",e),s=3):b(o,t)?s&1&&s--:p.x("illegal character in numeric literal",e);s&1&&p.x("unfinished numeric value",e);let i=e.s.slice(n+2,e.p);return s&&(i=i.replaceAll("_","")),Cn(e,i,t,n)}function Cn(e,n,t,r){if(e.bi!==!0)e:{let o=parseInt(n,t);if(!Number.isSafeInteger(o)){if(e.bi)break e;p.x("integer value cannot be represented losslessly",e,r)}return o}return BigInt(t===10?n:(t===2?"0b":t===8?"0o":"0x")+n)}function Qt(e,n,t){let r=e.p++,o;if(!b(n)||!b(e.s.charCodeAt(e.p++))||!b(e.s.charCodeAt(e.p++))||!b(e.s.charCodeAt(e.p++)))return Ae(e,e.p=r,n,0,t);if(e.p+=5,b(e.s.charCodeAt(e.p++))||p.x("invalid date-time: date part is malformed",e,r),e.p>=e.s.length||((n=e.s.charCodeAt(e.p))!==32||(o=!0,!b(e.s.charCodeAt(e.p+1))))&&n!==84&&n!==116){let i=e.s.slice(r,e.p);return ee(e,i,3,!1,r)}if(e.s.charCodeAt(e.p+=3)!==58&&p.x("invalid date-time: time part is malformed",e,r),e.s.charCodeAt(e.p+=3)===58&&(e.p+=3),e.s.charCodeAt(e.p)===46)for(;b(e.s.charCodeAt(++e.p)););if(n=e.s.charCodeAt(e.p)){if(n===90||n===122){let i=e.s.slice(r,++e.p);return ee(e,i,1,o,r,"[+00:00]")}if(n===43||n===45){let i=e.s.slice(r,e.p+=6);return ee(e,i,1,o,r,!e.ld&&"["+e.s.slice(e.p-6,e.p)+"]")}}let s=e.s.slice(r,e.p);return ee(e,s,2,o,r)}function er(e,n,t){let r=e.p;if(!b(n)||!b(e.s.charCodeAt(++e.p)))return Ae(e,--e.p,n,0,t);if(e.s.charCodeAt(e.p+=4)===58&&(e.p+=3),e.s.charCodeAt(e.p)===46)for(;b(e.s.charCodeAt(++e.p)););let o=e.s.slice(r,e.p);return ee(e,o,4,!1,r)}function ee(e,n,t,r,o,s){if(e.ld){let i=new Q(n,t,r);return i.isValid()||p.x("invalid date",e,o),i}try{switch(s&&(n+=s),t){case 1:return Temporal.ZonedDateTime.from(n);case 2:return Temporal.PlainDateTime.from(n);case 3:return Temporal.PlainDate.from(n);case 4:return Temporal.PlainTime.from(n)}}catch(i){p.x(i instanceof Error?i.message:""+i,e,o)}}function nr(e){for(;e.p<e.s.length;e.p++){let n=e.s.charCodeAt(e.p);if(n===10)break;if(n===13&&e.s.charCodeAt(e.p+1)===10){e.p++;break}(n<32&&n!==9||n===127)&&p.x("control characters are not allowed in comments",e)}}function A(e,n,t){let r;for(;e.p<e.s.length;){for(;e.p<e.s.length&&((r=e.s.charCodeAt(e.p))===32||r===9||!n&&(r===10||r===13&&e.s.charCodeAt(e.p+1)===10));)e.p++;if(t||r!==35)break;nr(e)}}function Ie(e,n=61){let t,r=0,o=[],s,i=e.s.charCodeAt(t=e.p);do{if(i===n)return r||p.x("unexpected end of key",e),r===1&&o.push(e.s.slice(s,e.p)),e.p++,o;i===46?(r||p.x("illegal empty bare key",e),r===1&&o.push(e.s.slice(s,e.p)),r=0):!r&&(i===34||i===39)?(i===e.s.charCodeAt(e.p+1)&&i===e.s.charCodeAt(e.p+2)&&p.x("illegal quoted key: multiline strings are not allowed",e),o.push(Se(e)),r=2,e.p--):i===32||i===9?r===1&&(o.push(e.s.slice(s,e.p)),r=2):r===2||i<48&&i!==45||i>57&&i<65||i>90&&i<97&&i!==95||i>122?p.x("illegal character in key",e):r||(r=1,s=e.p)}while(i=e.s.charCodeAt(++e.p));p.x("incomplete key-value: cannot find end of key",e,t)}function Wn(e){let n=e.p++,t=Object.create(null),r=new Set,o;for(;e.p<e.s.length;){if(A(e),(o=e.s.charCodeAt(e.p))===125)return e.p++,t;let s,i=t,l=!1,u=e.p,a=Ie(e);for(let f=0;f<a.length;f++){f&&(i=l?i[s]:i[s]=Object.create(null)),s=a[f],(l=Object.hasOwn(i,s))&&(typeof i[s]!="object"||r.has(i[s]))&&p.x("trying to redefine an already defined value",e,u);let m=s==="__proto__";if(e.uk&&(m||s==="constructor")){i=e.uk!==1&&p.x("document contains an unsafe property",e,u);break}!l&&m&&Object.defineProperty(i,s,{enumerable:!0,configurable:!0,writable:!0})}l&&p.x("trying to redefine an already defined value",e,u),A(e,!0,!0);let c=ne(e,125);if(i&&typeof(i[s]=c)=="object"&&r.add(c),A(e),(o=e.s.charCodeAt(e.p++))===125)return t;o!==44&&p.x("expected comma or end of structure",e,e.p-1)}p.x("unfinished table",e,n)}function Gn(e){let n=e.p++,t=[],r;for(;e.p<e.s.length;){if(A(e),(r=e.s.charCodeAt(e.p))===93)return e.p++,t;if(t.push(ne(e,93)),A(e),(r=e.s.charCodeAt(e.p++))===93)return t;r!==44&&p.x("expected comma or end of structure",e,e.p-1)}p.x("unfinished array",e,n)}function qn(e,n,t,r,o){let s=t,i=r,l,u=!1,a;for(let c=0;c<n.length;c++){if(c){if(s=u?s[l]:s[l]=Object.create(null),i=(a=i[l]).c,o===0&&(a.t===1||a.t===2))return null;if(a.t===2){let f=s.length-1;s=s[f],i=i[f].c}}if(l=n[c],(u=Object.hasOwn(s,l))&&i[l]?.t===0&&i[l]?.d)return null;if(!u){let f=l==="__proto__";if(e.uk&&(f||l==="constructor"))return!1;f&&(Object.defineProperty(s,l,{enumerable:!0,configurable:!0,writable:!0}),Object.defineProperty(i,l,{enumerable:!0,configurable:!0,writable:!0})),i[l]={t:c<n.length-1&&o===2?3:o,d:!1,i:0,c:Object.create(null)}}}if(a=i[l],a.t!==o&&!(o===1&&a.t===3)||(o===2&&(a.d||(a.d=!0,s[l]=[]),s[l].push(s=Object.create(null)),a.c[a.i++]=a={t:1,d:!1,i:0,c:Object.create(null)}),a.d))return null;if(a.d=!0,o===1)s=u?s[l]:s[l]=Object.create(null);else if(o===0&&u)return null;return[l,s,a.c]}function Hn(e,n,t){(n===null||e.uk===2)&&p.x(n===null?"trying to redefine an already defined table or value":"document contains an unsafe property",e,t)}function ze(e,n={}){let t={s:e,p:0,d:n.maxDepth??1e3,bi:n.integersAsBigInt??!1,ld:n.useLegacyDate??!0,uk:n.unsafeKeyBehaviour==="throw"?2:n.unsafeKeyBehaviour==="drop"?1:0},r=Object.create(null),o=Object.create(null),s,i=!1,l=r,u=o;for(e.charCodeAt(0)===65279&&t.p++,A(t);t.p<e.length;){if(e.charCodeAt(t.p)===91){let a=e.charCodeAt(++t.p)===91;s=t.p+=+a,i=!1;let c=Ie(t,93);a&&(e.charCodeAt(t.p)!==93&&p.x("expected end of table array declaration",t),t.p++);let f=qn(t,c,r,o,a?2:1);f?(u=f[2],l=f[1]):(Hn(t,f,s),i=!0)}else{s=t.p;let a=Ie(t),c=qn(t,a,l,u,0);!c&&!i&&Hn(t,c,s),A(t,!0,!0);let f=ne(t,void 0);c&&!i&&(c[1][c[0]]=f)}A(t,!0),t.p<e.length&&(s=e.charCodeAt(t.p))!==10&&(s!==13||e.charCodeAt(t.p+1)!==10)&&p.x("each key-value declaration must be followed by an end-of-line",t),A(t)}return r}var yo=!!"".isWellFormed;function tr(e){try{return ze(e)}catch(n){if(n instanceof p)return null;throw n}}function rr(e){return typeof e=="object"&&e!==null&&!Array.isArray(e)&&!(e instanceof Date)}function Je(e){let n=tr(e);if(!n)return null;let t=[],r=(o,s)=>{for(let[i,l]of Object.entries(o))rr(l)?r(l,[...s,i]):t.push({path:[...s,i],value:ir(l)})};return r(n,[]),t}function ir(e){return JSON.stringify(e,(n,t)=>typeof t=="bigint"?t.toString():t)}var sr=["hooks","disableAllHooks","allowManagedHooksOnly","sandbox","enabledPlugins","extraKnownMarketplaces","tools","env"];function j(e,n,t){if(n===null)return null;let r=P(e);if(r==="env")return or(n);if(r==="codex-toml")return Bn(e,n,t);let o=[],s=Xe(n,o,{allowTrailingComma:!0});if(o.length||typeof s!="object"||s===null||Array.isArray(s))return`raw:${n}`;if(r==="hooks-json")return JSON.stringify(s);let i=s,l={};if(r==="gemini-trust"){for(let[m,g]of Object.entries(i))(!t||t===m||t.startsWith(`${m.replace(/\/+$/,"")}/`))&&(l[m]=g);return Object.keys(l).length?JSON.stringify(l):null}let u=i.hooksConfig;u&&typeof u=="object"&&("enabled"in u&&(l["hooksConfig.enabled"]=u.enabled),"disabled"in u&&(l["hooksConfig.disabled"]=u.disabled));let a=i.security?.folderTrust;if(a!==void 0&&(l["security.folderTrust"]=a),e.startsWith("/")){for(let g of["disableAllHooks","allowManagedHooksOnly","sandbox"])g in i&&(l[g]=i[g]);let m=i.enabledPlugins;for(let[g,w]of Object.entries(m&&typeof m=="object"?m:{}))g.startsWith("continuity@")&&(l[`enabledPlugins.${g}`]=w);return Object.keys(l).length?JSON.stringify(l):null}for(let m of sr)m in i&&(l[m]=i[m]);let c=i.permissions?.deny;c!==void 0&&(l["permissions.deny"]=c);let f=i.permissions?.defaultMode;return f!==void 0&&(l["permissions.defaultMode"]=f),Object.keys(l).length?JSON.stringify(l):null}function Bn(e,n,t,r={}){let o=Je(n);if(!o)return`raw:${n}`;let s=e.startsWith("/"),i=u=>!t||u===t||u.startsWith(`${t}/`)||t.startsWith(`${u.replace(/\/+$/,"")}/`),l=[];for(let{path:u,value:a}of o){let c=u.join("."),f=u[u.length-1],m=c==="profile"||c==="allow_managed_hooks_only"||u.includes("features")&&/hooks/.test(f)||r.trust!==!1&&u[0]==="projects"&&u.length===3&&f==="trust_level"&&i(u[1])||r.trust!==!1&&u[0]==="hooks"&&u[1]==="state"&&u.length>2&&i(u[2].replace(/:.*$/,"").replace(/\/\.codex\/hooks\.json$/,"")),g=!s&&(u[0]==="hooks"&&(r.trust!==!1||u[1]!=="state")||/^sandbox/.test(u[0])||u[0]==="permissions"||c==="default_permissions");(m||g)&&l.push([JSON.stringify(u),a])}return l.sort(([u],[a])=>u<a?-1:u>a?1:0),l.length?JSON.stringify(l):null}function or(e){let n=new Map;for(let t of e.split(/\r?\n/)){let r=/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(t);r&&ge.includes(r[1])&&n.set(r[1],r[2].trim())}return n.size?JSON.stringify([...n].sort()):null}function Vn(e,n,t){let r=l=>{let u=j(e,l);if(u===null)return{};if(u.startsWith("raw:"))return null;let a=JSON.parse(u),c=a.enabledPlugins;if(c&&typeof c=="object"&&!Array.isArray(c)){delete a.enabledPlugins;for(let[f,m]of Object.entries(c))a[`enabledPlugins.${f}`]=m}return a},o=r(n),s=r(t);if(!o||!s)return!1;let i=!1;for(let l of new Set([...Object.keys(o),...Object.keys(s)]))if(JSON.stringify(o[l])!==JSON.stringify(s[l])){if(!l.startsWith("enabledPlugins.continuity@")||s[l]!==!0)return!1;i=!0}return i}function zn(e,n,t,r){let o=P(e);if(o==="gemini-trust"){let a=Xn(n),c=Xn(t);if(!a||!c)return!1;let f=m=>r===m||r.startsWith(`${m.replace(/\/+$/,"")}/`);for(let m of new Set([...Object.keys(a),...Object.keys(c)]))if(!(!f(m)||a[m]===c[m])&&c[m]!=="TRUST_FOLDER"&&c[m]!=="TRUST_PARENT")return!1;return!0}if(o!=="codex-toml")return!1;let s=a=>{let c=a===null?[]:Je(a);if(!c)return null;let f=new Map;for(let{path:m,value:g}of c)(m[0]==="projects"||m[0]==="hooks"&&m[1]==="state")&&f.set(JSON.stringify(m),g);return{trust:f}},i=s(n),l=s(t);if(!i||!l)return!1;let u=a=>a===null?null:Bn(e,a,r,{trust:!1});if(u(n)!==u(t))return!1;for(let[a,c]of i.trust){let f=l.trust.get(a);if(f===c)continue;let m=JSON.parse(a).at(-1);if(!(f===void 0&&j(e,n,r)===j(e,t,r))&&!(m==="trust_level"&&f==='"trusted"')&&!(m==="trusted_hash"&&f!==void 0))return!1}for(let[a,c]of l.trust){if(i.trust.has(a))continue;let f=JSON.parse(a).at(-1);if((f==="trust_level"?c!=='"trusted"':f!=="trusted_hash")&&j(e,n,r)!==j(e,t,r))return!1}return!0}function Xn(e){if(e===null)return{};let n=[],t=Xe(e,n,{allowTrailingComma:!0});return n.length||typeof t!="object"||t===null||Array.isArray(t)?null:t}function Jn(e,n,t,r,o={}){let s=t.protect.length?X(n,t.protect):()=>!1,i=[],l=[],u=[];for(let a of r){if(!K(a))continue;let c=Rn(e,a);if(!c)continue;let f=qe(_e(n,a));if((f===null?null:R(f))===c.hash)continue;if(!s(_e(n,a))&&(j(a,f,n)===j(a,c.content,n)||Vn(a,c.content,f)||zn(a,c.content,f,n))){u.push({path:a,content:f});continue}if(o.dryRun){i.push(c.content===null?`${a} (created)`:`${a} (changed)`);continue}let g=Dn(n,c);g?(l.push(`${a} (changed; could not be put back: ${g})`),u.push({path:a,content:f})):i.push(c.content===null?`${a} (created; removed)`:`${a} (content restored)`)}return{restored:i,unrestorable:l,renewed:u,persist(a,c){for(let f of u)a.run("UPDATE guard_snapshots SET content = ?, hash = ?, taken_at = ? WHERE path = ?",xn(f.path,f.content),f.content===null?null:R(f.content),c,f.path)}}}function Yn(e){let n=[];return e.restored.length&&n.push(`put back: ${e.restored.join("; ")}`),e.unrestorable.length&&n.push(`not put back: ${e.unrestorable.join("; ")}`),`continuity: the settings that run an agent client's hooks had been changed outside any hook that could see it (a client with its hooks off runs none, so nothing was enforced there meanwhile): ${n.join("; ")}. If you made this change yourself, \`continuity config accept\` keeps it.`}var ur="hook_wiring_restored";function Kn(e,n,t){let r=n.restored.length+n.unrestorable.length>0,o=e.persist;if(!r)return n.renewed.length?{...e,persist:(l,u)=>(o?.(l,u),n.persist(l,t.now))}:e;let s=Yn(n),i={...e.output??{}};return i.systemMessage=[i.systemMessage,s].filter(l=>typeof l=="string"&&l.length>0).join(" "),{...e,output:i,decision:{...e.decision,wiringRestored:n.restored,wiringUnrestorable:n.unrestorable},persist:(l,u)=>{o?.(l,u),n.persist(l,t.now),Ee(l,{at:t.now,sessionId:t.sessionId,kind:ur,summary:`hook wiring changed outside a hook: ${[...n.restored,...n.unrestorable].join("; ")}`,eventId:u})}}}0&&(module.exports={repairWiring,snapshotPaths,withWiringRepair});
