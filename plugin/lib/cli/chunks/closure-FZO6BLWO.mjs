import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as u,b as p}from"./chunk-ODDF5B3R.mjs";import"./chunk-6RKF642D.mjs";import{a as r}from"./chunk-HLVIX3Q3.mjs";import"./chunk-V3SUHJPC.mjs";import"./chunk-4ZQI5CHU.mjs";import"./chunk-KGX3EG2I.mjs";import"./chunk-4ZWRAVYG.mjs";import"./chunk-OXABFHX2.mjs";import"./chunk-LFWNAGAV.mjs";import"./chunk-7P3CBUXE.mjs";import"./chunk-WOA3HKLZ.mjs";import"./chunk-3XLOZEKD.mjs";import"./chunk-SBA4OXTX.mjs";import"./chunk-KSB6Y737.mjs";import"./chunk-HKYMGDQE.mjs";import"./chunk-ZZTAE656.mjs";import"./chunk-5HCPXA25.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-EBDPSTOY.mjs";import{a as e,b as t}from"./chunk-A5HBJMMP.mjs";import"./chunk-WH4J7M4T.mjs";import"./chunk-AFWJ5HLU.mjs";import"./chunk-ZBWUQEUR.mjs";import"./chunk-XVUYSP4M.mjs";import"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";import{parseArgs as h}from"node:util";var E=`usage: continuity closure waiting_user|blocked|pending_verification --reason TEXT [--session ID]

Declares why the current stop is legal. It applies to the next stop of the
session (CLAUDE_CODE_SESSION_ID, or --session), or of any session when neither
is known, until the user's next prompt.`;async function y(c){let n;try{n=h({args:c,options:{reason:{type:"string"},session:{type:"string"},help:{type:"boolean",short:"h"}},allowPositionals:!0})}catch(d){throw new t(`closure: ${d.message}`,e.invalidInput)}let{values:s,positionals:i}=n;if(s.help)return process.stdout.write(`${E}
`),e.ok;let o=i[0];if(!o||!r.includes(o)||i.length>1)throw new t(`closure: expected one of ${r.join(", ")}`,e.invalidInput);let a=s.reason?.trim();if(!a)throw new t("closure: --reason TEXT is required",e.invalidInput);let l=await u({kind:"closure",state:o,reason:a},{...s.session?{sessionId:s.session}:{}});return process.stdout.write(`${l.line}
${l.queued?`${p}
`:""}`),e.ok}export{y as run};
