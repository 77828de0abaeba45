import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as l,b as E}from"./chunk-Y5UXFEQK.mjs";import{a as I}from"./chunk-4AJCHKKA.mjs";import{a as x,b as N,d as v,g as T}from"./chunk-IDQVNS54.mjs";import"./chunk-SNE3EGMN.mjs";import{b as p}from"./chunk-OXABFHX2.mjs";import{a as $}from"./chunk-3XLOZEKD.mjs";import{a as w}from"./chunk-A5HBJMMP.mjs";import{A as k,D as y,E as D,b as g,l as S,m as A,q as m,t as R,u,v as b,y as h}from"./chunk-HTNSWZ2W.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as U}from"node:util";var j=g(e=>!Array.isArray(e),"expected Object"),O=e=>y(k(),j,R(e)),f=y(h(),g(e=>p(e)!==null,"expected an ISO 8601 timestamp with a timezone")),C=y(h(),g(e=>e.trim()!=="","expected a non-empty string")),P=O({action:b(x),at:f,outcome:u(b(N)),timeoutAt:u(m(f))}),W=O({runId:C,childSessionKey:C,dispatchAt:f,expectedBy:f,completionReceivedAt:u(m(f)),forwardedToMain:u(m(A())),resultSource:u(m(h())),childDone:u(A()),childDoneAt:u(m(f)),capturedResult:u(m(h())),recoveryAttempts:u(S(P))}),B=O({runs:S(W)});function M(e){let r=D(B,e);if(!r.success)return{ok:!1,message:$(r.issues)};let t=G(r.output.runs);return t!==null?{ok:!1,message:t}:{ok:!0,runs:r.output.runs.map(o=>{let{childDone:a,recoveryAttempts:i,...d}=o;return{...d,childDone:a??o.childDoneAt!=null,recoveryAttempts:i??[]}})}}function G(e){let r=new Map;for(let t=0;t<e.length;t++){let n=e[t],o=`runs[${t}]`,a=r.get(n.runId);if(a!==void 0)return`${o}.runId: duplicate of runs[${a}] (${JSON.stringify(n.runId)}); one record per run`;if(r.set(n.runId,t),p(n.expectedBy)<p(n.dispatchAt))return`${o}.expectedBy: earlier than dispatchAt`;let i=n.completionReceivedAt!=null;if(i&&n.forwardedToMain==null)return`${o}.forwardedToMain: missing (required when completionReceivedAt is set)`;if(!i&&n.forwardedToMain===!0)return`${o}.completionReceivedAt: missing (required when forwardedToMain is true)`;if(n.childDone===!1&&n.childDoneAt!=null)return`${o}.childDoneAt: set while childDone is false`;let d=n.recoveryAttempts??[];for(let s=0;s<d.length;s++){let c=d[s];if(c.timeoutAt!=null&&p(c.timeoutAt)<p(c.at))return`${o}.recoveryAttempts[${s}].timeoutAt: earlier than at`}}return null}var q=`usage: continuity watchdog assess --now ISO [--forward-grace SECONDS] [--attempt-timeout SECONDS] [--pretty]

Reads subagent run records (JSON) on stdin and prints one assessment per run (JSON) on stdout:
  in:  { "runs": [ { runId, childSessionKey, dispatchAt, expectedBy,                  (the dispatch receipt: required)
                     childDone, childDoneAt, capturedResult,                          (optional: absent = not done)
                     completionReceivedAt, forwardedToMain, resultSource,             (optional: absent = no completion)
                     recoveryAttempts: [ { action, at, outcome?, timeoutAt? } ] } ] } (optional: absent = none made)
  out: { "runs": [ { runId, status, recoveryAction, ownerReport } ] }

statuses: active suspect_delivery_failure done_but_not_forwarded completed recovered blocked
recoveryAction: none fetch_history respawn escalate   (ladder: fetch_history \u2192 respawn \u2192 escalate)

options:
  --now ISO                the time to assess at, ISO 8601 with a timezone (required)
  --forward-grace SECONDS  how long a finished child's result may take to reach the
                           main conversation (default ${v.forwardGraceSeconds})
  --attempt-timeout SECONDS
                           how long a recovery attempt without an outcome is waited for
                           before it counts as failed (default ${v.attemptTimeoutSeconds})
  --pretty                 indent the output
  -h, --help               show this help

exit codes: 0 assessed, 2 invalid input (error JSON on stderr)
rules: docs/watchdog.md

Receipts from an orchestrator, one JSON object on stdin, recorded in the project's ledger:
  continuity watchdog dispatch|child-done|complete|attempt   (see continuity watchdog dispatch --help)`,_=["dispatch","child-done","complete","attempt"];async function re(e){let r=e[0];if(r!==void 0&&_.includes(r)){let{runRecord:c}=await import("./watchdog-record-ELFKG6KH.mjs");return c(r,e.slice(1))}let t;try{t=U({args:e,allowPositionals:!0,options:{now:{type:"string"},"forward-grace":{type:"string"},"attempt-timeout":{type:"string"},pretty:{type:"boolean",default:!1},help:{type:"boolean",short:"h",default:!1}}})}catch(c){return l(L(c))}if(t.values.help)return process.stdout.write(q+`
`),w.ok;let[n,...o]=t.positionals;if(n!=="assess"){let c=`expected "watchdog assess|${_.join("|")}"`;return l(n===void 0?`missing subcommand: ${c}`:`unknown subcommand "watchdog ${n}": ${c}`)}if(o.length>0)return l(`unexpected argument "${o[0]}": the runs are read from stdin`);let a=t.values.now;if(a===void 0)return l("--now: missing (expected an ISO 8601 timestamp with a timezone, e.g. 2026-04-24T10:30:00Z)");let i=p(a);if(i===null)return l(`--now: expected an ISO 8601 timestamp with a timezone, received ${JSON.stringify(a)}`);let d=J(t.values["forward-grace"],v.forwardGraceSeconds);if(d===null)return l(`--forward-grace: expected a non-negative number of seconds, received ${JSON.stringify(t.values["forward-grace"])}`);let s=J(t.values["attempt-timeout"],v.attemptTimeoutSeconds);return s===null?l(`--attempt-timeout: expected a non-negative number of seconds, received ${JSON.stringify(t.values["attempt-timeout"])}`):z(I(),i,{forwardGraceSeconds:d,attemptTimeoutSeconds:s},t.values.pretty===!0)}function J(e,r){if(e===void 0)return r;let t=Number(e);return e.trim()===""||!Number.isFinite(t)||t<0?null:t}function z(e,r,t,n){let o=E(e,'{ "runs": [ \u2026 ] } (JSON object)');if(!o.ok)return o.exitCode;let a=o.json,i=M(a);if(!i.ok)return l(`invalid runs: ${i.message}`);let d=T(i.runs,r,t).map(s=>({runId:s.runId,status:s.status,recoveryAction:s.recoveryAction,ownerReport:s.ownerReport}));return process.stdout.write(JSON.stringify({runs:d},null,n?2:void 0)+`
`),w.ok}function L(e){return(e instanceof Error?e.message:String(e)).split(`
`)[0]??""}export{re as run};
