import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{i as d}from"./chunk-36YN3BVI.mjs";import"./chunk-NSQWFXGG.mjs";import"./chunk-5HCPXA25.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-A5HBJMMP.mjs";import"./chunk-4P7LME2S.mjs";import{a,b,e as c}from"./chunk-ODA7YJTQ.mjs";import"./chunk-XVUYSP4M.mjs";import"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as LEDGER_DIR,b as LEDGER_FILE,d as Ledger,c as ledgerDirExists};
