// A stand-in for the agent client in the process tree: an executable named
// `claude` (a link to the Node running the suite) that runs the hook as its
// child, as Claude Code does. continuity tells a hook call a client started
// from one a script or a leftover background process started by looking at
// its ancestors (src/util/process-ancestry.ts).
import { copyFileSync, linkSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { cliCommand, cliEnv, type CliResult } from './cli.js';

const bins = new Map<string, string>();

/** The stand-in executable: `<tmp>/<name>` (`claude`, `gemini`, …), the same program as process.execPath. */
export function standInClient(name = 'claude'): string {
  const known = bins.get(name);
  if (known) return known;
  const dir = mkdtempSync(join(tmpdir(), 'continuity-client-'));
  const path = join(dir, name);
  try {
    linkSync(process.execPath, path);
  } catch {
    copyFileSync(process.execPath, path);
  }
  // Kept for the whole test file: every test's hooks run under it.
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  bins.set(name, path);
  return path;
}

/** Node code the stand-in runs: the command as its child, stdio passed through, its exit code kept. */
const RELAY = "const c=JSON.parse(process.env.CONTINUITY_STAND_IN_CMD);const r=require('child_process').spawnSync(c[0],c.slice(1),{stdio:'inherit'});process.exit(r.status===null?1:r.status)";

/** Runs `continuity ARGS` as a child of the stand-in client (`depth` clients nested: 2 is a session started inside an agent's command). */
export function runUnderClient(args: string[], opts: { cwd: string; input?: string; env?: NodeJS.ProcessEnv; depth?: number; client?: string }): CliResult {
  const c = cliCommand(args);
  return spawnUnderClient([c.cmd, ...c.args], opts);
}

/** Runs any command as a child of the stand-in client: a hook, or the agent's own Bash command as the client runs it. */
export function spawnUnderClient(argv: string[], opts: { cwd: string; input?: string; env?: NodeJS.ProcessEnv; depth?: number; /** The stand-in's executable name (default `claude`). */ client?: string }): CliResult {
  // Each level reads the command it runs from the environment, innermost first.
  const env: NodeJS.ProcessEnv = { ...cliEnv(opts.env) };
  let command = [...argv];
  for (let i = 0; i < (opts.depth ?? 1); i++) {
    env[`CONTINUITY_STAND_IN_CMD_${i}`] = JSON.stringify(command);
    command = [standInClient(opts.client), '-e', RELAY.replace('CONTINUITY_STAND_IN_CMD', `CONTINUITY_STAND_IN_CMD_${i}`)];
  }
  const r = spawnSync(command[0]!, command.slice(1), { cwd: opts.cwd, input: opts.input ?? '', encoding: 'utf8', env });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** runUnderClient without waiting: for commands two clients run at the same moment. */
export function runUnderClientAsync(args: string[], opts: { cwd: string; input?: string; env?: NodeJS.ProcessEnv; client?: string }): Promise<CliResult> {
  const c = cliCommand(args);
  const env: NodeJS.ProcessEnv = { ...cliEnv(opts.env), CONTINUITY_STAND_IN_CMD_0: JSON.stringify([c.cmd, ...c.args]) };
  const command = [standInClient(opts.client), '-e', RELAY.replace('CONTINUITY_STAND_IN_CMD', 'CONTINUITY_STAND_IN_CMD_0')];
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: opts.cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}
