import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as e,b as s}from"./chunk-A5HBJMMP.mjs";async function n(t){try{process.exitCode=await t()}catch(r){if(r instanceof s){process.stderr.write(`continuity: ${r.message}
`),process.exitCode=r.exitCode;return}let o=r instanceof Error?r.message:String(r);process.stderr.write(`continuity: internal error: ${o.split(`
`)[0]}
`),process.env.CONTINUITY_DEBUG&&process.stderr.write(`${r?.stack??""}
`),process.exitCode=e.internal}}export{n as a};
