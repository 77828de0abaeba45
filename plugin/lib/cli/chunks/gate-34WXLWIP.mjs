import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as l,b as A}from"./chunk-Y5UXFEQK.mjs";import{a as f}from"./chunk-4AJCHKKA.mjs";import{b as S}from"./chunk-HLVIX3Q3.mjs";import{b as x}from"./chunk-OXABFHX2.mjs";import{a as b}from"./chunk-3XLOZEKD.mjs";import{a as v}from"./chunk-A5HBJMMP.mjs";import{A as d,D as i,E as h,b as m,h as c,m as p,o as y,q as s,t as k,u as a,y as e}from"./chunk-HTNSWZ2W.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as N}from"node:util";var w=m(t=>!Array.isArray(t),"expected Object"),E=t=>i(d(),w,k(t)),C=i(e(),m(t=>x(t)!==null,"expected an ISO 8601 timestamp with a timezone")),O=E({planId:e(),fromTaskId:e(),nextTaskId:e(),dispatchedAt:e(),channel:e(),evidence:a(d())}),I=i(d(),w,y({})),j=E({planId:i(e(),c("expected a non-empty string")),currentTask:i(e(),c("expected a non-empty string")),taskState:e(),nextTaskKnown:p(),sameApprovedPlan:p(),taskBoundaryStop:p(),nextDerivedAction:a(s(I)),derivedAction:a(s(I)),replyClosureState:s(e()),highRiskStop:p(),dispatchReceipt:s(O),nextTaskId:a(s(i(e(),c("expected a non-empty string")))),currentTaskCompletedAt:a(s(C))});function T(t){let n=h(j,t);return n.success?{ok:!0,envelope:n.output}:{ok:!1,message:b(n.issues)}}var P=`usage: continuity gate evaluate [--pretty]

Reads a continuity envelope (JSON) on stdin and prints the verdict (JSON) on stdout:
  { ok, status, verdict: "pass"|"continuity_failure", reason, autoNextObligatory, message, derived, receipt }

envelope fields:
  planId currentTask taskState nextTaskKnown sameApprovedPlan taskBoundaryStop
  replyClosureState highRiskStop dispatchReceipt          (required)
  nextDerivedAction|derivedAction nextTaskId currentTaskCompletedAt   (optional)

options:
  --pretty    indent the verdict
  -h, --help  show this help

exit codes: 0 pass, 1 continuity failure, 2 invalid input (error JSON on stderr)
reason codes: docs/reason-codes.md`;async function F(t){let n;try{n=N({args:t,allowPositionals:!0,options:{pretty:{type:"boolean",default:!1},help:{type:"boolean",short:"h",default:!1}}})}catch(r){return l(r instanceof Error?r.message:String(r))}let[o,...u]=n.positionals;return n.values.help?(process.stdout.write(P+`
`),v.ok):o!=="evaluate"?l(o===void 0?'missing subcommand: expected "gate evaluate"':`unknown subcommand "gate ${o}": expected "gate evaluate"`):u.length>0?l(`unexpected argument "${u[0]}": the envelope is read from stdin`):J(f(),n.values.pretty===!0)}function J(t,n){let o=A(t,"a continuity envelope (JSON object)");if(!o.ok)return o.exitCode;let u=o.json,r=T(u);if(!r.ok)return l(`invalid envelope: ${r.message}`);let g=S(r.envelope);return process.stdout.write(JSON.stringify(g,null,n?2:void 0)+`
`),g.ok?v.ok:v.failure}export{F as run};
