import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as c,b as E}from"./chunk-OEZA3VX6.mjs";import{c as D,d as N,e as A,h as T}from"./chunk-WB3JIEHZ.mjs";import{a as O}from"./chunk-4AJCHKKA.mjs";import{b as m}from"./chunk-YNEDNTHY.mjs";import{a as $}from"./chunk-3XLOZEKD.mjs";import{a as w}from"./chunk-DXLVEWFK.mjs";import{A as x,a as g,i as y,j as S,n as l,p as R,q as u,r as b,u as f,w as k,z as v}from"./chunk-H2LLLYFO.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as q}from"node:util";var j=g(e=>!Array.isArray(e),"expected Object"),I=e=>v(k(),j,R(e)),h=v(f(),g(e=>m(e)!==null,"expected an ISO 8601 timestamp with a timezone")),M=v(f(),g(e=>e.trim()!=="","expected a non-empty string")),J=I({action:b(D),at:h,outcome:u(b(N))}),W=I({runId:M,childSessionKey:M,dispatchAt:h,expectedBy:h,completionReceivedAt:u(l(h)),forwardedToMain:u(l(S())),resultSource:u(l(f())),childDone:S(),childDoneAt:u(l(h)),capturedResult:u(l(f())),recoveryAttempts:y(J)}),P=I({runs:y(W)});function C(e){let r=x(P,e);if(!r.success)return{ok:!1,message:$(r.issues)};let n=r.output.runs,t=B(n);return t===null?{ok:!0,runs:n}:{ok:!1,message:t}}function B(e){let r=new Map;for(let n=0;n<e.length;n++){let t=e[n],o=`runs[${n}]`,a=r.get(t.runId);if(a!==void 0)return`${o}.runId: duplicate of runs[${a}] (${JSON.stringify(t.runId)}); one record per run`;if(r.set(t.runId,n),m(t.expectedBy)<m(t.dispatchAt))return`${o}.expectedBy: earlier than dispatchAt`;let s=t.completionReceivedAt!=null;if(s&&t.forwardedToMain==null)return`${o}.forwardedToMain: missing (required when completionReceivedAt is set)`;if(!s&&t.forwardedToMain===!0)return`${o}.completionReceivedAt: missing (required when forwardedToMain is true)`;if(!t.childDone&&t.childDoneAt!=null)return`${o}.childDoneAt: set while childDone is false`}return null}var G=`usage: continuity watchdog assess --now ISO [--forward-grace SECONDS] [--pretty]

Reads subagent run records (JSON) on stdin and prints one assessment per run (JSON) on stdout:
  in:  { "runs": [ { runId, childSessionKey, dispatchAt, expectedBy,            (required)
                     childDone, recoveryAttempts: [ { action, at, outcome? } ],  (required)
                     completionReceivedAt, forwardedToMain, resultSource,       (optional)
                     childDoneAt, capturedResult } ] }                          (optional)
  out: { "runs": [ { runId, status, recoveryAction, ownerReport } ] }

statuses: active suspect_delivery_failure done_but_not_forwarded completed recovered blocked
recoveryAction: none fetch_history respawn escalate   (ladder: fetch_history \u2192 respawn \u2192 escalate)

options:
  --now ISO                the time to assess at, ISO 8601 with a timezone (required)
  --forward-grace SECONDS  how long a finished child's result may take to reach the
                           main conversation (default ${A.forwardGraceSeconds})
  --pretty                 indent the output
  -h, --help               show this help

exit codes: 0 assessed, 2 invalid input (error JSON on stderr)
rules: docs/watchdog.md

Receipts from an orchestrator, one JSON object on stdin, recorded in the project's ledger:
  continuity watchdog dispatch|child-done|complete|attempt   (see continuity watchdog dispatch --help)`,_=["dispatch","child-done","complete","attempt"];async function re(e){let r=e[0];if(r!==void 0&&_.includes(r)){let{runRecord:p}=await import("./watchdog-record-AFKKAMLL.mjs");return p(r,e.slice(1))}let n;try{n=q({args:e,allowPositionals:!0,options:{now:{type:"string"},"forward-grace":{type:"string"},pretty:{type:"boolean",default:!1},help:{type:"boolean",short:"h",default:!1}}})}catch(p){return c(z(p))}if(n.values.help)return process.stdout.write(G+`
`),w.ok;let[t,...o]=n.positionals;if(t!=="assess"){let p=`expected "watchdog assess|${_.join("|")}"`;return c(t===void 0?`missing subcommand: ${p}`:`unknown subcommand "watchdog ${t}": ${p}`)}if(o.length>0)return c(`unexpected argument "${o[0]}": the runs are read from stdin`);let a=n.values.now;if(a===void 0)return c("--now: missing (expected an ISO 8601 timestamp with a timezone, e.g. 2026-04-24T10:30:00Z)");let s=m(a);if(s===null)return c(`--now: expected an ISO 8601 timestamp with a timezone, received ${JSON.stringify(a)}`);let d=A.forwardGraceSeconds,i=n.values["forward-grace"];return i!==void 0&&(d=Number(i),i.trim()===""||!Number.isFinite(d)||d<0)?c(`--forward-grace: expected a non-negative number of seconds, received ${JSON.stringify(i)}`):U(O(),s,d,n.values.pretty===!0)}function U(e,r,n,t){let o=E(e,'{ "runs": [ \u2026 ] } (JSON object)');if(!o.ok)return o.exitCode;let a=o.json,s=C(a);if(!s.ok)return c(`invalid runs: ${s.message}`);let d=T(s.runs,r,{forwardGraceSeconds:n}).map(i=>({runId:i.runId,status:i.status,recoveryAction:i.recoveryAction,ownerReport:i.ownerReport}));return process.stdout.write(JSON.stringify({runs:d},null,t?2:void 0)+`
`),w.ok}function z(e){return(e instanceof Error?e.message:String(e)).split(`
`)[0]??""}export{re as run};
