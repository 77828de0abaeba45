import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as c}from"./chunk-NLXOKQXE.mjs";import{a,b as h}from"./chunk-CBZAKAML.mjs";import"./chunk-LFWNAGAV.mjs";import"./chunk-X7WJ7NEX.mjs";import"./chunk-HRIE5H2Y.mjs";import"./chunk-2Z5ODR4G.mjs";import"./chunk-ZOMBX33Y.mjs";import"./chunk-L6PKNRRY.mjs";import"./chunk-DAINCPBS.mjs";import"./chunk-GI4IJ73G.mjs";import"./chunk-2DNIFA6E.mjs";import"./chunk-NFELB3KY.mjs";import"./chunk-HVOWTB6O.mjs";import"./chunk-V72IXPVY.mjs";import"./chunk-3XLOZEKD.mjs";import"./chunk-DE6CIABK.mjs";import"./chunk-BTDKKMNR.mjs";import"./chunk-DJMV2JVF.mjs";import"./chunk-IQICRNJK.mjs";import"./chunk-5S7ELUXG.mjs";import"./chunk-QUUWGOEQ.mjs";import"./chunk-IY3KP4HV.mjs";import"./chunk-GPLZ5RUI.mjs";import"./chunk-VA67UDRY.mjs";import{a as e,b as t}from"./chunk-A5HBJMMP.mjs";import"./chunk-EAB74SYL.mjs";import"./chunk-YX7UCPC7.mjs";import"./chunk-J3HDSRFP.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-ZBWUQEUR.mjs";import"./chunk-ICEFH5RB.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as m}from"node:util";var g=`usage: continuity sync [--json]
       continuity sync --daemon

One exchange with the team's shared ledger (docs/shared-ledger.md): this
machine's new events sent, the other machines' records read and taken in;
prints what moved. Exit 5 when the database cannot be reached (nothing is
lost: the backlog goes at the next exchange). --daemon runs the sync process
the hooks start (one per project; it exits when idle).`;async function f(d){let n;try{({values:n}=m({args:d,options:{json:{type:"boolean"},daemon:{type:"boolean"},help:{type:"boolean",short:"h"}},strict:!0}))}catch(o){throw new t(`sync: ${o.message}`,e.invalidInput)}if(n.help)return process.stdout.write(`${g}
`),e.ok;let i=a();return n.daemon?(await import("./sync-daemon-PVO7AZ5I.mjs")).runSyncDaemon(i,process.env):h({create:!1},async(o,r)=>{if(!r.config.shared)throw new t("sync: this project shares no ledger (continuity init --shared URL joins one)",e.invalidInput);if(r.walled)throw new t("sync: this process runs inside the agent's sandbox; the hooks exchange with the shared ledger",e.refused);let{syncPass:p}=await import("./shared-sync-KPV2Z4MJ.mjs"),s=await p(o,i,r.config.shared,{env:process.env,now:()=>new Date().toISOString()});return process.stdout.write(n.json?`${JSON.stringify(s)}
`:`${c(s).join(`
`)}
`),s.offline?e.ledger:e.ok})}export{f as run};
