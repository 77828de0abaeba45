/**
 * continuity's own wall, for clients whose sandbox continuity cannot set up
 * (Gemini CLI, OpenClaw): each shell command the agent asks for is rewritten,
 * through the client's own input rewrite, into the same command run by the
 * same shell inside bubblewrap. Everything the command starts (children,
 * background jobs, a shell left running on a pseudo-terminal) lives in the
 * wall's mount and PID namespaces. Pure: the spec comes from spec.ts.
 *
 * The mounts, in the order bubblewrap applies them (a later one covers an earlier one):
 *   1. the whole machine read-only (`--ro-bind / /`), the devices as they are
 *      (`--dev-bind /dev /dev`: the client's pseudo-terminals keep working),
 *      a /proc of the wall's own PID namespace (`--unshare-pid --proc /proc`:
 *      the client's and the hooks' processes are not there, so no
 *      `/proc/<pid>/root` leads back to the unwalled file system);
 *   2. writable: the project, the temporary folders, the package caches;
 *   3. hidden (an empty tmpfs, or /dev/null over a file): the client's own
 *      state and config folder, with its token;
 *   4. writable again inside a hidden folder (OpenClaw's workspace in ~/.openclaw);
 *   5. read-only over all of that: continuity's state, the hook wiring, the
 *      program the hooks run, the recovery copy, the `protect` list; the
 *      folders above them in the project pinned as mount points (a mount
 *      point cannot be renamed away and made again); the client's own
 *      project settings folder, empty and read-only where there is none.
 * The network is left as it is, and no `--die-with-parent`: a job the agent
 * leaves running in the background outlives the call, inside the wall.
 */
import { shQuote, shWord, unquote } from './quote.js';

export interface WallSpec {
  /** bubblewrap, absolute. */
  bwrap: string;
  /** The shell the client runs commands with, absolute, and its arguments before the command (`-c`). */
  shell: { path: string; args: readonly string[] };
  /** Writable folders (absolute, existing). */
  writable: readonly string[];
  /** The client's own folders and files, hidden (absolute, existing). */
  hidden: { dirs: readonly string[]; files: readonly string[] };
  /** Writable folders inside a hidden one (absolute, existing). */
  reopened: readonly string[];
  /**
   * Folders between a writable folder and a read-only path, mounted on
   * themselves (writable): a mount point cannot be renamed or removed, so no
   * `mv .codex elsewhere && mkdir .codex` puts a new file where the
   * read-only one was.
   */
  anchors: readonly string[];
  /** Read-only paths (absolute; a missing one is skipped). */
  readOnly: readonly string[];
  /** Read-only folders that must exist even where they do not (an empty one is made): the client's own project settings folder. */
  placeholders: readonly string[];
  /** Environment variables the agent's commands do not get (the client's credentials). */
  unsetEnv: readonly string[];
}

/** Set inside the wall; also the mark unwrapCommand() finds the original command by. */
export const WALL_ENV = 'CONTINUITY_WALL';
const MARK = `--setenv ${WALL_ENV} bwrap --`;

/** bubblewrap's arguments, up to and including the `--` before the command. */
export function bwrapArgs(spec: WallSpec): string[] {
  const args = ['--ro-bind', '/', '/', '--dev-bind', '/dev', '/dev', '--unshare-pid', '--proc', '/proc'];
  for (const p of spec.writable) args.push('--bind', p, p);
  for (const p of spec.hidden.dirs) args.push('--tmpfs', p);
  for (const p of spec.hidden.files) args.push('--ro-bind', '/dev/null', p);
  for (const p of spec.reopened) args.push('--bind', p, p);
  for (const p of spec.anchors) args.push('--bind-try', p, p);
  for (const p of spec.readOnly) args.push('--ro-bind-try', p, p);
  for (const p of spec.placeholders) args.push('--tmpfs', p, '--remount-ro', p);
  for (const name of spec.unsetEnv) args.push('--unsetenv', name);
  args.push('--setenv', WALL_ENV, 'bwrap', '--');
  return args;
}

/** The argv that runs `command` inside the wall: bwrap, its arguments, the client's shell, the command as one argument. */
export function wallArgv(spec: WallSpec, command: string): string[] {
  return [spec.bwrap, ...bwrapArgs(spec), spec.shell.path, ...spec.shell.args, command];
}

/**
 * The shell command the client runs instead of `command`: bubblewrap by its
 * absolute path (no alias, function or PATH entry can stand in for it), the
 * original as one single-quoted word for the same shell. Always wrapped,
 * even a command that looks wrapped already: it gets a wall of its own.
 */
export function wrapCommand(spec: WallSpec, command: string): string {
  const argv = wallArgv(spec, command);
  return [...argv.slice(0, -1).map(shWord), shQuote(command)].join(' ');
}

/**
 * The original command of one wrapCommand() made (the client hands the
 * rewritten one to the hook after the call), or null when `command` is not
 * one: exactly one layer is taken off.
 */
export function unwrapCommand(command: string): string | null {
  const at = command.indexOf(` ${MARK} `);
  if (at < 0) return null;
  // After the mark: the shell and its options (plain words), then the original as one quoted word.
  const rest = command.slice(at + MARK.length + 2);
  const m = /^((?:[A-Za-z0-9_./@%+=:,-]+ )+)('.*)$/s.exec(rest);
  return m ? unquote(m[2]!) : null;
}
