// Running the real CLI the way the agent's sandboxed shell does: inside
// bubblewrap, with the project's .continuity/ bound read-only (what Claude
// Code's sandbox does with `sandbox.filesystem.denyWrite`), the rest of the
// machine writable. The project's test set-up installs bubblewrap
// (scripts/install-sandbox-tools.mjs); without it these tests fail, they
// never skip.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { cliCommand, cliEnv, type CliResult } from './cli.js';

export const BWRAP = process.env.CONTINUITY_BWRAP ?? 'bwrap';

/** bwrap's arguments for a wall around `readOnly` (absolute paths). */
export function wallArgs(readOnly: readonly string[]): string[] {
  return ['--bind', '/', '/', ...readOnly.flatMap((p) => ['--ro-bind', p, p]), '--dev', '/dev', '--proc', '/proc', '--die-with-parent', '--'];
}

/** Runs `continuity ARGS` inside a wall that makes the project's .continuity/ read-only. */
export function runInsideWall(project: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv; readOnly?: string[] } = {}): CliResult {
  const c = cliCommand(args);
  const r = spawnSync(BWRAP, [...wallArgs(opts.readOnly ?? [join(project, '.continuity')]), c.cmd, ...c.args], {
    cwd: project,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: cliEnv(opts.env),
  });
  if (r.error) throw new Error(`bubblewrap could not run (${r.error.message}); npm test installs it with scripts/install-sandbox-tools.mjs`);
  if (r.status !== 0 && /bwrap:/.test(r.stderr) && !/continuity:/.test(r.stderr)) throw new Error(`bubblewrap failed: ${r.stderr.trim()}`);
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a shell command inside the same wall (for attacks written as the agent would write them). */
export function shInsideWall(project: string, command: string, opts: { env?: NodeJS.ProcessEnv; readOnly?: string[] } = {}): CliResult {
  const r = spawnSync(BWRAP, [...wallArgs(opts.readOnly ?? [join(project, '.continuity')]), '/bin/sh', '-c', command], { cwd: project, encoding: 'utf8', env: cliEnv(opts.env) });
  if (r.error) throw new Error(`bubblewrap could not run (${r.error.message})`);
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
