import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import type { AgentName, HookCommand } from './hook-target.js';

/** A compiled continuity executable, built separately; used when present (no Node start-up per hook call). */
export const COMPILED_PATH = join('dist', 'bin', 'continuity');
/** The CLI's Node entry, always built. */
export const SCRIPT_PATH = join('dist', 'cli.cjs');

/**
 * The process an agent's hook runs for this installation of continuity:
 * the compiled executable when it exists, else Node with the bundled CLI.
 * `packageRoot` is the absolute directory holding `dist/`.
 */
export function resolveHookCommand(opts: { packageRoot: string; agent: AgentName; compiledExists: boolean }): HookCommand {
  if (!isAbsolute(opts.packageRoot)) throw new Error(`packageRoot must be absolute (got ${opts.packageRoot})`);
  return opts.compiledExists
    ? { command: join(opts.packageRoot, COMPILED_PATH), args: ['hook', opts.agent] }
    : { command: 'node', args: [join(opts.packageRoot, SCRIPT_PATH), 'hook', opts.agent] };
}

const EXECUTABLE = /^continuity(\.exe)?$/;
const SCRIPT = /^(cli\.[cm]?js|continuity(\.[cm]?js)?)$/;

/**
 * Is this hook continuity's own `hook <agent>`? Either continuity's
 * executable with exactly `hook <agent>`, or a runtime running continuity's
 * script (`cli.cjs`, an older `cli.mjs`, the plugin's former `continuity.mjs`,
 * or `sh` running the plugin's launcher `bin/continuity`) with `hook <agent>`.
 */
export function isContinuityCommand(cmd: HookCommand, agent: AgentName): boolean {
  const { args } = cmd;
  if (args.length < 2 || args[args.length - 2] !== 'hook' || args[args.length - 1] !== agent) return false;
  if (args.length === 2) return EXECUTABLE.test(baseName(cmd.command));
  return args.length === 3 && SCRIPT.test(baseName(args[0]!));
}

/**
 * A shell-form hook (`node /x/dist/cli.cjs hook claude-code`) read as a
 * command and its arguments; quotes are honoured, nothing else of the shell.
 */
export function splitShellCommand(line: string): HookCommand | null {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) words.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]!));
  const [command, ...args] = words;
  return command === undefined ? null : { command, args };
}

// Windows paths in settings written elsewhere still name the file.
function baseName(path: string): string {
  return basename(path.replace(/\\/g, '/'));
}

/**
 * What a continuity hook command runs, on disk: the `dist/` folder of an
 * installation (its executable `dist/bin/continuity` or script
 * `dist/cli.cjs`), or a lone executable; null for anything else (the
 * plugin's launcher, whose folder is in the person's home).
 */
export function programOf(cmd: HookCommand): { path: string; folder: boolean } | null {
  const file = cmd.args.length === 2 ? cmd.command : cmd.args.length === 3 && /^cli\.[cm]?js$/.test(baseName(cmd.args[0]!)) ? cmd.args[0]! : null;
  if (!file || !isAbsolute(file)) return null;
  if (file.endsWith(`/${COMPILED_PATH}`)) return { path: dirname(dirname(file)), folder: true };
  if (basename(dirname(file)) === 'dist' && cmd.args.length === 3) return { path: dirname(file), folder: true };
  return { path: file, folder: false };
}

/** That program's path relative to the project root, when it lies inside the project (a project's own node_modules), else null. */
export function programInProject(cmd: HookCommand, root: string): string | null {
  const program = programOf(cmd);
  if (!program) return null;
  const rel = relative(root, program.path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : null;
}
