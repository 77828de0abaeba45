import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a}from"./chunks/chunk-4Z52IXEF.mjs";import{a as t,b as r}from"./chunks/chunk-A5HBJMMP.mjs";import"./chunks/chunk-CXS6YJ7R.mjs";var s={hook:()=>import("./chunks/hook-44FWK7F4.mjs"),plan:()=>import("./chunks/plan-REQBBHI5.mjs"),status:()=>import("./chunks/status-ATI77SG2.mjs"),log:()=>import("./chunks/log-RKZ7WRCF.mjs"),demo:()=>import("./chunks/demo-GTIYIUJO.mjs"),gate:()=>import("./chunks/gate-J5VEPIGL.mjs"),task:()=>import("./chunks/task-XRLCOR5T.mjs"),closure:()=>import("./chunks/closure-37X7ACUM.mjs"),watchdog:()=>import("./chunks/watchdog-PTSDCTOL.mjs"),summary:()=>import("./chunks/summary-5AGZVH6T.mjs"),replan:()=>import("./chunks/replan-7UARFPGN.mjs"),approve:()=>import("./chunks/approve-LKX3X6PU.mjs"),revoke:()=>import("./chunks/revoke-CEDOPZV7.mjs"),config:()=>import("./chunks/config-YG3UGFG6.mjs"),init:()=>import("./chunks/init-CWLBHCA3.mjs"),doctor:()=>import("./chunks/doctor-A2IF3HZS.mjs"),"build-executable":()=>import("./chunks/build-executable-L4TJHY2A.mjs"),gc:()=>import("./chunks/gc-UW7TB626.mjs"),sync:()=>import("./chunks/sync-7GXM3Z2Y.mjs")},c=`usage: continuity <command> [options]

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

Run \`continuity <command> --help\` for a command's options.`,d="0.1.0";async function p(o){let[e,...i]=o;if(e===void 0&&!process.stdin.isTTY&&(await import("./chunks/stand-aside-E7YZHYTN.mjs")).copilotSpeaksForIt(process.env))return t.ok;if(e===void 0||e==="--help"||e==="-h"||e==="help")return process.stdout.write(c+`
`),e===void 0?t.invalidInput:t.ok;if(e==="--version"||e==="-v")return process.stdout.write(`${d}
`),t.ok;let n=s[e];if(!n)throw new r(`unknown command "${e}" (run \`continuity --help\`)`);return await(await import("./chunks/wiring-watch-3KIKY5DJ.mjs")).watchWiring(e,process.env,process.cwd(),new Date().toISOString()),(await n()).run(i)}function h(o){return process.stdout.on("error",e=>{if(e.code!=="EPIPE")throw e}),a(()=>p(o))}export{p as main,h as start};
