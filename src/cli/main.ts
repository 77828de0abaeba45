/**
 * The CLI's commands, loaded by entry.ts for everything but `hook`. Every
 * command lives in its own module and is imported only when called.
 */
import { CliError, ExitCode } from '../util/errors.js';
import { runAndReport } from './report.js';

type CommandModule = { run(argv: string[]): Promise<number> };

const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  hook: () => import('./commands/hook.js'),
  plan: () => import('./commands/plan.js'),
  status: () => import('./commands/status.js'),
  log: () => import('./commands/log.js'),
  demo: () => import('./commands/demo.js'),
  gate: () => import('./commands/gate.js'),
  task: () => import('./commands/task.js'),
  closure: () => import('./commands/closure.js'),
  watchdog: () => import('./commands/watchdog.js'),
  summary: () => import('./commands/summary.js'),
  replan: () => import('./commands/replan.js'),
  approve: () => import('./commands/approve.js'),
  revoke: () => import('./commands/revoke.js'),
  config: () => import('./commands/config.js'),
  init: () => import('./commands/init.js'),
  doctor: () => import('./commands/doctor.js'),
  'build-executable': () => import('./commands/build-executable.js'),
  gc: () => import('./commands/gc.js'),
  sync: () => import('./commands/sync.js'),
};

const USAGE = `usage: continuity <command> [options]

commands:
  init [--agent A] [--uninstall]
                             wire continuity's hooks into the agent's project settings; create .continuity/
  init --shared URL          join the team's shared ledger (PostgreSQL); credentials stay outside the project
  sync [--json]              one exchange with the shared ledger: what went out, what came in
  doctor [--json]            check Node, SQLite, the ledger, the hooks, the config and a hook round-trip
  build-executable           compile the hook's executable for this machine (an installed package)
  gc [--dry-run]             remove recovery copies of projects that no longer exist or use continuity
  hook claude-code           answer one Claude Code hook payload (stdin → stdout)
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
  gate evaluate              evaluate a continuity envelope (stdin → verdict)
  task done ID [--summary F] record that a task of the active plan is complete
  task blocked ID --reason T record that a task is blocked
  closure STATE --reason T   declare the current stop waiting_user, blocked or pending_verification
  watchdog assess --now ISO  assess subagent runs: delivered, late, or lost (stdin → statuses)
  watchdog dispatch|child-done|complete|attempt
                             record an orchestrator's subagent receipts in the ledger (stdin JSON)
  summary parse FILE --json  the pending actions of a task summary
  replan --from-task ID …    record a replan that accounts for a task's pending actions
  demo [--claude PATH]       a real Claude Code session, offline (else a recorded one replayed)
  demo --hand-over           one plan handed across seven agents, Claude Code to OpenClaw, offline

Run \`continuity <command> --help\` for a command's options.`;

declare const __CONTINUITY_VERSION__: string | undefined;
const VERSION = typeof __CONTINUITY_VERSION__ === 'string' ? __CONTINUITY_VERSION__ : '0.0.0-dev';

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  // Copilot CLI also runs .claude/settings.json's hooks, but their `command` without its `args` (seen on 1.0.102):
  // continuity alone, a payload on stdin. Its usage error (exit 2) would deny every tool call there; where Copilot
  // CLI's own wiring runs `hook copilot`, that call speaks for the event and this one stands aside, as `hook claude-code` does;
  // where nothing else runs it, this one is Copilot CLI's hook.
  if (name === undefined && !process.stdin.isTTY) {
    const copilot = await import('../adapters/copilot/stand-aside.js');
    if (copilot.copilotSpeaksForIt(process.env)) return ExitCode.ok;
    if (copilot.copilotWithoutItsWiring(process.env)) return main(['hook', 'copilot']);
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE + '\n');
    return name === undefined ? ExitCode.invalidInput : ExitCode.ok;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return ExitCode.ok;
  }
  const load = COMMANDS[name];
  if (!load) throw new CliError(`unknown command "${name}" (run \`continuity --help\`)`);
  // A client whose hooks were switched off runs none: any command is a moment to see it and put it back.
  await (await import('./wiring-watch.js')).watchWiring(name, process.env, process.cwd(), new Date().toISOString());
  const mod = await load();
  return mod.run(rest);
}

export function start(argv: string[]): Promise<void> {
  // A reader that stops early (`continuity log | head`) closes the pipe: that ends the output, quietly.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
  return runAndReport(() => main(argv));
}
