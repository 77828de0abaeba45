import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as h,b as $}from"./chunk-ABMSPZLI.mjs";import{a as d}from"./chunk-YEHK2CPV.mjs";import{a as w,b as f}from"./chunk-JOG56KWW.mjs";import"./chunk-LFWNAGAV.mjs";import"./chunk-SEDSTYSV.mjs";import"./chunk-CZFXMZ7M.mjs";import"./chunk-2FVH3SIR.mjs";import"./chunk-HLVIX3Q3.mjs";import{g as m}from"./chunk-4SAFITU3.mjs";import"./chunk-QHKWFXTS.mjs";import"./chunk-TQOPXPE7.mjs";import"./chunk-FTHSBWJM.mjs";import"./chunk-OXABFHX2.mjs";import"./chunk-7A7ACAXN.mjs";import"./chunk-Y73R5CDX.mjs";import{h as p,k as u}from"./chunk-VWFIQDPA.mjs";import"./chunk-WYSEBE5I.mjs";import"./chunk-KRV2Q4GC.mjs";import"./chunk-CJIPZ53M.mjs";import"./chunk-GL4LNWX7.mjs";import"./chunk-CFIBSRVI.mjs";import"./chunk-Z53F5TIG.mjs";import"./chunk-YLN57FBG.mjs";import"./chunk-JVZUJKZ4.mjs";import"./chunk-62PTOIYO.mjs";import"./chunk-3XLOZEKD.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-WCLK6I2I.mjs";import{a as o,b as i}from"./chunk-A5HBJMMP.mjs";import"./chunk-DBI4EWIB.mjs";import"./chunk-4M2XKEYQ.mjs";import{a as c}from"./chunk-WH4J7M4T.mjs";import"./chunk-ZBWUQEUR.mjs";import"./chunk-WT7NUQOH.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as k}from"node:util";var g=`usage:
  continuity plan import FILE [--dialect superpowers|tdd-progress|checkbox|json]
  continuity plan show [--json]`;async function T(r){let[n,...t]=r;switch(n){case"import":return E(t);case"show":return j(t);case"--help":case"-h":return process.stdout.write(`${g}
`),o.ok;default:throw new i(`plan: unknown subcommand "${n??""}"
${g}`.split(`
`)[0],o.invalidInput)}}async function E(r){let{values:n,positionals:t}=y(()=>k({args:r,options:{dialect:{type:"string"},json:{type:"boolean"}},allowPositionals:!0})),e=t[0];if(!e||t.length>1)throw new i("plan import: expected exactly one FILE",o.invalidInput);let s=n.dialect;if(s!==void 0&&!c.includes(s))throw new i(`plan import: unknown dialect "${s}" (known: ${c.join(", ")})`,o.invalidInput);let b=w(),l=p(b,e);await u(l,s?{dialect:s}:{});let a=await h({kind:"plan-import",file:l.absPath,...s?{dialect:s}:{}},{create:!0});return n.json?process.stdout.write(`${JSON.stringify(a.json)}
`):process.stdout.write(`${a.line}
`),a.queued&&(n.json?process.stderr:process.stdout).write(`${$}
`),o.ok}async function j(r){let{values:n}=y(()=>k({args:r,options:{json:{type:"boolean"}}})),t=await f({create:!1},e=>d(e));if(!t)throw new i("no active plan: run `continuity plan import FILE`",o.invalidInput);if(n.json)return process.stdout.write(`${JSON.stringify(t,null,2)}
`),o.ok;process.stdout.write(`${t.id} \xB7 ${t.dialect} \xB7 ${t.path}
${m(t.state)}

`);for(let e of t.tasks){let s=e.state==="complete"?"[x]":e.state==="in_progress"?"[~]":e.state==="blocked"?"[!]":"[ ]";process.stdout.write(`  ${s} Task ${e.id}: ${e.title}${e.highRiskStop?"  (high-risk stop)":""}
`)}return o.ok}function y(r){try{return r()}catch(n){throw new i(`plan: ${n.message}`,o.invalidInput)}}export{T as run};
