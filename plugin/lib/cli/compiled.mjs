import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
async function t(i){if(i[0]==="hook"){let{start:s}=await import("./chunks/hook-main-6YEM3SSW.mjs");await s(i.slice(1))}else{globalThis.Bun?.unsafe?.setJITPolicy?.(1);let{start:s}=await import("./main.mjs");await s(i)}}t(process.argv.slice(2));
