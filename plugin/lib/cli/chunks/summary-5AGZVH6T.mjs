import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as s,b as i,c as p}from"./chunk-A5HBJMMP.mjs";import{a as u}from"./chunk-P7XKD53T.mjs";import"./chunk-R75TNOTS.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-CXS6YJ7R.mjs";import{readFileSync as d}from"node:fs";import{parseArgs as m}from"node:util";var g=`usage: continuity summary parse FILE [--json] [--task ID] [--plan ID]

Prints the Known Issues section and the pending actions of a task summary.
Action ids depend on the plan and task they belong to: give --plan and --task
to get the ids continuity records for them.`;async function k(l){let[r,...c]=l;if(r==="--help"||r==="-h")return process.stdout.write(`${g}
`),s.ok;if(r!=="parse")throw new i(`summary: unknown subcommand "${r??""}" (parse)`,s.invalidInput);let n;try{n=m({args:c,options:{json:{type:"boolean"},task:{type:"string"},plan:{type:"string"}},allowPositionals:!0})}catch(t){throw new i(`summary parse: ${t.message}`,s.invalidInput)}let e=n.positionals[0];if(!e||n.positionals.length>1)throw new i("summary parse: expected exactly one FILE",s.invalidInput);let a;try{a=d(e,"utf8")}catch(t){throw p(e,t)}let o=u(a,{...n.values.plan?{planId:n.values.plan}:{},...n.values.task?{taskId:n.values.task}:{}});return n.values.json?process.stdout.write(`${JSON.stringify(o)}
`):o.pendingActions.length?process.stdout.write(`${e}: ${o.pendingActions.length} pending action(s)
${o.pendingActions.map(t=>`  ${t.id}  ${t.text}`).join(`
`)}
`):process.stdout.write(`${e}: no pending actions${o.knownIssues?" (a Known Issues section without a Pending actions: list)":""}.
`),s.ok}export{k as run};
