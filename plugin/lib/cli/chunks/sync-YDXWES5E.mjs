import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as c}from"./chunk-NLXOKQXE.mjs";import{a,b as h}from"./chunk-OHF3NXMJ.mjs";import"./chunk-LFWNAGAV.mjs";import"./chunk-IB5YEF4Q.mjs";import"./chunk-5NNQFPVO.mjs";import"./chunk-KAIHRIRW.mjs";import"./chunk-HLVIX3Q3.mjs";import"./chunk-WPZHBPW6.mjs";import"./chunk-MGVOMVTX.mjs";import"./chunk-OXABFHX2.mjs";import"./chunk-A2MMAJYD.mjs";import"./chunk-P6OXW77Q.mjs";import"./chunk-S3OCEF7D.mjs";import"./chunk-U22XTI3M.mjs";import"./chunk-LUPPJPQY.mjs";import"./chunk-PK4A6FCL.mjs";import"./chunk-QG6BCG2Z.mjs";import"./chunk-PS6UKSZ2.mjs";import"./chunk-KN42FDTL.mjs";import"./chunk-3HO6XTHY.mjs";import"./chunk-SUERCKUC.mjs";import"./chunk-MXUMY222.mjs";import"./chunk-IQICRNJK.mjs";import"./chunk-H4RTMIZK.mjs";import"./chunk-IY3KP4HV.mjs";import"./chunk-XVUAT6JP.mjs";import"./chunk-X3XDSH3H.mjs";import"./chunk-QCJK6WFZ.mjs";import"./chunk-ODJ523KK.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-3XLOZEKD.mjs";import"./chunk-XBBH6NRH.mjs";import"./chunk-3C2GUYKR.mjs";import"./chunk-T5KWVPFB.mjs";import"./chunk-4M2XKEYQ.mjs";import{a as e,b as t}from"./chunk-A5HBJMMP.mjs";import"./chunk-EAB74SYL.mjs";import"./chunk-CGZ7YNEZ.mjs";import"./chunk-HTNSWZ2W.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as m}from"node:util";var g=`usage: continuity sync [--json]
       continuity sync --daemon

One exchange with the team's shared ledger (docs/shared-ledger.md): this
machine's new events sent, the other machines' records read and taken in;
prints what moved. Exit 5 when the database cannot be reached (nothing is
lost: the backlog goes at the next exchange). --daemon runs the sync process
the hooks start (one per project; it exits when idle).`;async function f(d){let n;try{({values:n}=m({args:d,options:{json:{type:"boolean"},daemon:{type:"boolean"},help:{type:"boolean",short:"h"}},strict:!0}))}catch(o){throw new t(`sync: ${o.message}`,e.invalidInput)}if(n.help)return process.stdout.write(`${g}
`),e.ok;let i=a();return n.daemon?(await import("./sync-daemon-DRF6RV3S.mjs")).runSyncDaemon(i,process.env):h({create:!1},async(o,r)=>{if(!r.config.shared)throw new t("sync: this project shares no ledger (continuity init --shared URL joins one)",e.invalidInput);if(r.walled)throw new t("sync: this process runs inside the agent's sandbox; the hooks exchange with the shared ledger",e.refused);let{syncPass:p}=await import("./shared-sync-XRAMHMVR.mjs"),s=await p(o,i,r.config.shared,{env:process.env,now:()=>new Date().toISOString()});return process.stdout.write(n.json?`${JSON.stringify(s)}
`:`${c(s).join(`
`)}
`),s.offline?e.ledger:e.ok})}export{f as run};
