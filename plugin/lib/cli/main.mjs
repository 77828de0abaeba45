import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunks/chunk-4Z52IXEF.mjs";import{a as t,b as i}from"./chunks/chunk-A5HBJMMP.mjs";import"./chunks/chunk-CXS6YJ7R.mjs";var d={hook:()=>import("./chunks/hook-F4GNEWX2.mjs"),plan:()=>import("./chunks/plan-SNSVEAWZ.mjs"),status:()=>import("./chunks/status-JBPLHMCO.mjs"),log:()=>import("./chunks/log-AIL72BBI.mjs"),demo:()=>import("./chunks/demo-TZZ4DTY3.mjs"),gate:()=>import("./chunks/gate-34WXLWIP.mjs"),task:()=>import("./chunks/task-CUBLC3CV.mjs"),closure:()=>import("./chunks/closure-V36FLD3Y.mjs"),watchdog:()=>import("./chunks/watchdog-2CG2F4JB.mjs"),summary:()=>import("./chunks/summary-5AGZVH6T.mjs"),replan:()=>import("./chunks/replan-WCFV6U2I.mjs"),approve:()=>import("./chunks/approve-AFPFX2DD.mjs"),revoke:()=>import("./chunks/revoke-BQYNIHPA.mjs"),config:()=>import("./chunks/config-A4B4ADDW.mjs"),init:()=>import("./chunks/init-2JNMICFO.mjs"),doctor:()=>import("./chunks/doctor-VPA2GXMG.mjs"),"build-executable":()=>import("./chunks/build-executable-US52AXMH.mjs"),gc:()=>import("./chunks/gc-RTOG43U7.mjs"),sync:()=>import("./chunks/sync-YDXWES5E.mjs")},p=`usage: continuity <command> [options]

commands:
  init [--agent A] [--uninstall]
                             wire continuity's hooks into the agent's project settings; create .continuity/
  init --shared URL          join the team's shared ledger (PostgreSQL); credentials stay outside the project
  sync [--json]              one exchange with the shared ledger: what went out, what came in
  doctor [--json]            check Node, SQLite, the ledger, the hooks, the config and a hook round-trip
  build-executable           compile the hook's executable for this machine (an installed package)
  gc [--dry-run]             remove recovery copies of projects that no longer exist or use continuity
  hook claude-code           answer one Claude Code hook payload (stdin \u2192 stdout)
  hook codex|gemini|cursor|pi|copilot|opencode  the same for OpenAI Codex CLI, Gemini CLI, Cursor, pi, GitHub Copilot CLI, OpenCode
  plan import FILE           register or refresh the project's active plan
  plan show [--json]         print the active plan and its tasks
  approve                    approve the active plan (a person at a terminal only)
  revoke                     take back the active plan's approval (a person at a terminal only)
  config accept              take a person's edit of continuity's guarded files as authorised
  status [--json]            the whole picture: plan, approval, tasks, next step
  status --watch [--interval S]
                             the same picture, redrawn until Ctrl-C
  log [FILTERS] [--json]     the audit trail: every hook call and its decision, newest last
                             (--session ID --event NAME --decision WORD --since T --limit N)
  gate evaluate              evaluate a continuity envelope (stdin \u2192 verdict)
  task done ID [--summary F] record that a task of the active plan is complete
  task blocked ID --reason T record that a task is blocked
  closure STATE --reason T   declare the current stop waiting_user, blocked or pending_verification
  watchdog assess --now ISO  assess subagent runs: delivered, late, or lost (stdin \u2192 statuses)
  watchdog dispatch|child-done|complete|attempt
                             record an orchestrator's subagent receipts in the ledger (stdin JSON)
  summary parse FILE --json  the pending actions of a task summary
  replan --from-task ID \u2026    record a replan that accounts for a task's pending actions
  demo [--claude PATH]       a real Claude Code session, offline (else a recorded one replayed)
  demo --hand-over           one plan handed across seven agents, Claude Code to OpenClaw, offline

Run \`continuity <command> --help\` for a command's options.`,l="0.1.0";async function s(o){let[e,...c]=o;if(e===void 0&&!process.stdin.isTTY){let r=await import("./chunks/stand-aside-QZN3FWWU.mjs");if(r.copilotSpeaksForIt(process.env))return t.ok;if(r.copilotWithoutItsWiring(process.env))return s(["hook","copilot"])}if(e===void 0||e==="--help"||e==="-h"||e==="help")return process.stdout.write(p+`
`),e===void 0?t.invalidInput:t.ok;if(e==="--version"||e==="-v")return process.stdout.write(`${l}
`),t.ok;let n=d[e];if(!n)throw new i(`unknown command "${e}" (run \`continuity --help\`)`);return await(await import("./chunks/wiring-watch-W75JSAL7.mjs")).watchWiring(e,process.env,process.cwd(),new Date().toISOString()),(await n()).run(c)}function g(o){return process.stdout.on("error",e=>{if(e.code!=="EPIPE")throw e}),a(()=>s(o))}export{s as main,g as start};
