import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a as c}from"./chunk-X3PLMNZ6.mjs";import{a,d as l}from"./chunk-RCXEH2PE.mjs";import"./chunk-EI2JKDOB.mjs";import"./chunk-Q6POLIRL.mjs";import{a as t,b as o}from"./chunk-A5HBJMMP.mjs";import"./chunk-HTNSWZ2W.mjs";import"./chunk-CXS6YJ7R.mjs";import{appendFileSync as h,writeFileSync as b}from"node:fs";import{parseArgs as p}from"node:util";var f=`usage: continuity build-executable [--log FILE]

Compiles continuity's executable for this machine into the installed
package's dist/bin/continuity, with the Bun pinned in dist/executable.json
(fetched by npm pack, or from CONTINUITY_BUN_PACKAGE_DIR, and used only when
its sha512 is the pinned one). The hooks that \`continuity init\` wired through
dist/launcher/continuity run it from then on instead of Node. Nothing to do
when it is built. With --log, the account goes to FILE (written only by the
build that runs). Exit 0 when it is built (or another build is under way),
1 when it could not be built (the reason is kept in dist/bin/build-failed).`;async function k(d){let i;try{let{values:e}=p({args:d,options:{log:{type:"string"},help:{type:"boolean",short:"h"}},strict:!0});if(e.help)return process.stdout.write(`${f}
`),t.ok;i=e.log}catch(e){throw new o(`build-executable: ${e.message}`,t.invalidInput)}if(a())throw new o("build-executable: the Claude Code plugin builds its own executable at a session start (its lib/build-executable.sh)",t.invalidInput);let r=l();if(!r)throw new o("build-executable: this continuity is not an installed package (no dist/cli.cjs as its entry)",t.invalidInput);let u=!1,s=e=>{if(!i)return void process.stdout.write(`${e}
`);u?h(i,`${e}
`):b(i,`${e}
`),u=!0},n=c(r,s);switch(n.state){case"present":return s(`${n.path} is built`),t.ok;case"built":return t.ok;case"busy":return i||process.stdout.write(`another build (process ${n.pid}) is under way
`),t.ok;case"failed":if(s(`the executable was not built: ${n.reason}`),i)return t.failure;throw new o(`build-executable: ${n.reason}`,t.failure)}}export{k as run};
