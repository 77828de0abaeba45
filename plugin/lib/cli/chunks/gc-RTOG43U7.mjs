import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as d,b as u}from"./chunk-5A7WY7XJ.mjs";import"./chunk-PS6UKSZ2.mjs";import"./chunk-VA67UDRY.mjs";import{a as c}from"./chunk-3C2GUYKR.mjs";import"./chunk-T5KWVPFB.mjs";import"./chunk-4M2XKEYQ.mjs";import{a as s,b as i}from"./chunk-A5HBJMMP.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as p}from"node:util";var l=`usage: continuity gc [--dry-run] [--json]

Removes what continuity keeps outside projects that no longer need it: the
recovery copies (and guarded-workspace records) of project folders that no
longer exist, copies taken of a folder since replaced by another at the same
path, and copies of projects that have neither a ledger nor continuity's hooks
in their settings and were not renewed for 7 days. A guarded workspace that
still exists keeps its record, so that its hooks fail closed should its
ledger and copy both go. The person's commands run this once a day anyway.

  --dry-run   say what would be removed, remove nothing
  --json      the records and their verdicts as JSON`;async function f(r){let e;try{e=p({args:r,options:{"dry-run":{type:"boolean"},json:{type:"boolean"},help:{type:"boolean",short:"h"}},strict:!0}).values}catch(n){throw new i(`gc: ${n.message}`,s.invalidInput)}if(e.help)return process.stdout.write(`${l}
`),s.ok;let t=Date.now(),a=e["dry-run"]?d(process.env,t).filter(n=>n.verdict.remove):u(process.env,t),o=e["dry-run"]?[]:d(process.env,t);return e.json?(process.stdout.write(`${JSON.stringify({stateHome:c(),dryRun:!!e["dry-run"],removed:a,kept:o},null,2)}
`),s.ok):(process.stdout.write(y(a,!!e["dry-run"])),s.ok)}function y(r,e){if(!r.length)return`Nothing to remove in ${c()}.
`;let t=r.reduce((o,n)=>o+n.bytes,0),a=r.map(o=>`  ${o.kind==="recovery-copy"?"recovery copy":"guarded record"} of ${o.root??"?"}: ${o.verdict.why}`);return`${e?"Would remove":"Removed"} ${r.length} record${r.length===1?"":"s"} (${(t/1024/1024).toFixed(1)} MB) from ${c()}:
${a.join(`
`)}
`}export{f as run};
