// One agent client process (Codex, Gemini CLI), bounded: it runs in a process
// group of its own, killed with everything it started when it ends, when its
// time is up, or when the caller is interrupted (killRunningClients).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';

export interface ProcessResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  crashed: boolean;
  durationMs: number;
}

/**
 * The environment a client runs in: nothing inherited but PATH and locale,
 * so a surrounding agent's variables never leak in. `<home>/bin` (where the
 * `continuity` shim is) and the directory of `node` come first on PATH.
 */
export function clientEnv(home: string, extra: Record<string, string> = {}, node = process.execPath): NodeJS.ProcessEnv {
  return {
    PATH: `${join(home, 'bin')}:${dirname(node)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    USER: process.env.USER ?? 'continuity',
    LANG: process.env.LANG ?? 'C.UTF-8',
    TMPDIR: join(home, 'tmp'),
    SHELL: '/bin/bash',
    TERM: 'dumb',
    NO_COLOR: '1',
    ...extra,
  };
}

const running = new Set<number>();

/**
 * Runs `bin args` bounded by `timeoutMs`. `crashWhen` is polled every 200 ms:
 * when it says yes the client is killed (a crash at a chosen moment).
 */
export async function runProcess(o: { bin: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; crashWhen?: () => boolean; log?: (l: string) => void }): Promise<ProcessResult> {
  const started = Date.now();
  const child = spawn(o.bin, o.args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  if (child.pid) running.add(child.pid);
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  let crashed = false;
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => {
    timedOut = true;
    o.log?.(`killing ${o.bin} after ${o.timeoutMs} ms`);
    killGroup(child.pid);
  }, o.timeoutMs);
  const poll = o.crashWhen
    ? setInterval(() => {
        if (!crashed && o.crashWhen!()) {
          crashed = true;
          o.log?.(`crashing ${o.bin}`);
          killGroup(child.pid);
        }
      }, 200)
    : null;
  try {
    const exitCode = await new Promise<number | null>((ok, fail) => {
      child.on('error', fail);
      child.on('close', (c) => ok(c));
    });
    return { stdout, stderr, exitCode, timedOut, crashed, durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
    if (poll) clearInterval(poll);
    killGroup(child.pid);
    if (child.pid) running.delete(child.pid);
  }
}

/** Kills every client started here that still runs, with what it started. */
export function killRunningClients(): void {
  for (const pid of running) killGroup(pid);
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
