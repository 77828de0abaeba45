/**
 * The one bundled entry. It does as little as possible before dispatching:
 * every command lives in its own module and is imported only when called,
 * so a hook call never pays for the plan parser, the markdown library or the
 * commands it does not run.
 */
import { CliError, ExitCode } from './errors.js';

type CommandModule = { run(argv: string[]): Promise<number> };

const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  hook: () => import('./commands/hook.js'),
  plan: () => import('./commands/plan.js'),
  status: () => import('./commands/status.js'),
  demo: () => import('./commands/demo.js'),
  gate: () => import('./commands/gate.js'),
};

const USAGE = `usage: continuity <command> [options]

commands:
  hook claude-code           answer one Claude Code hook payload (stdin → stdout)
  plan import FILE           register or refresh the project's active plan
  plan show [--json]         print the active plan and its tasks
  status [--json]            the whole picture: plan, approval, tasks, next step
  gate evaluate              evaluate a continuity envelope (stdin → verdict)
  demo                       replay a recorded Claude Code session through the hooks

Run \`continuity <command> --help\` for a command's options.`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
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
  const mod = await load();
  return mod.run(rest);
}

declare const __CONTINUITY_VERSION__: string | undefined;
const VERSION = typeof __CONTINUITY_VERSION__ === 'string' ? __CONTINUITY_VERSION__ : '0.0.0-dev';

// Exit codes are set, never forced with process.exit, so piped output is always flushed.
function report(err: unknown): void {
  if (err instanceof CliError) {
    process.stderr.write(`continuity: ${err.message}\n`);
    process.exitCode = err.exitCode;
    return;
  }
  // A bug: still one line. CONTINUITY_DEBUG=1 shows the stack for whoever is fixing it.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`continuity: internal error: ${message.split('\n')[0]}\n`);
  if (process.env.CONTINUITY_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
  process.exitCode = ExitCode.internal;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, report);
