import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{i as d}from"./chunk-YSAQJWBH.mjs";import"./chunk-IQICRNJK.mjs";import"./chunk-GL4LNWX7.mjs";import"./chunk-CFIBSRVI.mjs";import"./chunk-VA67UDRY.mjs";import"./chunk-A5HBJMMP.mjs";import"./chunk-DBI4EWIB.mjs";import{f as a,g as b,j as c}from"./chunk-4M2XKEYQ.mjs";import"./chunk-G4GHYJ6C.mjs";import"./chunk-52QU4TEI.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as LEDGER_DIR,b as LEDGER_FILE,d as Ledger,c as ledgerDirExists};
