import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{g as d}from"./chunk-W5KTLEGO.mjs";import"./chunk-2E6M3RXL.mjs";import"./chunk-RLIATDTR.mjs";import"./chunk-5HCPXA25.mjs";import"./chunk-JMAUXSVE.mjs";import{a,b,e as c}from"./chunk-ODA7YJTQ.mjs";import"./chunk-A5HBJMMP.mjs";import"./chunk-XVUYSP4M.mjs";import"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as LEDGER_DIR,b as LEDGER_FILE,d as Ledger,c as ledgerDirExists};
