import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import type { AgentName, HookCommand } from './hook-target.js';

/** A compiled continuity executable, built separately; used when present (no Node start-up per hook call). */
export const COMPILED_PATH = join('dist', 'bin', 'continuity');
/** The CLI's Node entry, always built. */
export const SCRIPT_PATH = join('dist', 'cli.cjs');
/** The hook launcher of an installed package (src/install/launcher.sh): the executable once built on first use, else Node. */
export const LAUNCHER_PATH = join('dist', 'launcher', 'continuity');
/** Left beside an executable built on first use (src/install/build-executable.ts), not by the package's own build. */
export const FIRST_USE_MARK = join('dist', 'bin', 'built-on-first-use');

/**
 * How this installation's hooks start: the executable the package's build
 * compiled; the launcher (a package without one: it runs the executable
 * built on first use, else Node); or Node with the bundled CLI.
 */
export type HookEntry = 'compiled' | 'launcher' | 'node';

/** The entry for an installation, from what is on disk (a launcher needs sh: not on Windows). */
export function hookEntryOf(f: { compiledExists: boolean; launcherExists: boolean; builtOnFirstUse: boolean; windows: boolean }): HookEntry {
  if (f.compiledExists && !f.builtOnFirstUse) return 'compiled';
  return f.launcherExists && !f.windows ? 'launcher' : f.compiledExists ? 'compiled' : 'node';
}

/**
 * The process an agent's hook runs for this installation of continuity.
 * `packageRoot` is the absolute directory holding `dist/`.
 */
export function resolveHookCommand(opts: { packageRoot: string; agent: AgentName; entry: HookEntry }): HookCommand {
  if (!isAbsolute(opts.packageRoot)) throw new Error(`packageRoot must be absolute (got ${opts.packageRoot})`);
  switch (opts.entry) {
    case 'compiled':
      return { command: join(opts.packageRoot, COMPILED_PATH), args: ['hook', opts.agent] };
    case 'launcher':
      return { command: 'sh', args: [join(opts.packageRoot, LAUNCHER_PATH), 'hook', opts.agent] };
    case 'node':
      return { command: 'node', args: [join(opts.packageRoot, SCRIPT_PATH), 'hook', opts.agent] };
  }
}

/** Is this hook command an installed package's launcher (`sh <package>/dist/launcher/continuity hook …`)? */
export function isPackageLauncher(cmd: HookCommand): boolean {
  return cmd.args.length === 3 && baseName(cmd.command) === 'sh' && cmd.args[0]!.replace(/\\/g, '/').endsWith(`/${LAUNCHER_PATH}`);
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
 * installation (its executable `dist/bin/continuity`, script `dist/cli.cjs`
 * or launcher `dist/launcher/continuity`), or a lone executable; null for anything else (the
 * plugin's launcher, whose folder is in the person's home).
 */
export function programOf(cmd: HookCommand): { path: string; folder: boolean } | null {
  if (isPackageLauncher(cmd) && isAbsolute(cmd.args[0]!)) return { path: dirname(dirname(cmd.args[0]!)), folder: true };
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
