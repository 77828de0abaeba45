import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as r}from"./chunk-32VI6XOL.mjs";import{l as i}from"./chunk-DGS6YZZW.mjs";function o(e){let t=r(e.db);if(!t)return null;let s=i(e.db,t.id).map(a=>({id:a.id,title:a.title,state:a.state,highRiskStop:a.highRiskStop}));return{id:t.id,path:t.path,dialect:t.dialect,title:t.title,structureHash:t.structureHash,state:t.state,approval:t.approvedAt&&t.approvedHash?{at:t.approvedAt,via:t.approvedVia,structureHash:t.approvedHash}:null,tasks:s}}export{o as a};
