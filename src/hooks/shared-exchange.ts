/**
 * A hook's part in the shared ledger, for a project that shares one: the
 * sync process is woken (started when none runs) so that what this call
 * records goes out without the call waiting for it; before a decision that
 * needs the other machines' records (a session's start, a stop, an approval
 * prompt) the call waits, at most `pullWaitMs`, for a pass begun after it
 * asked. The hook itself never talks to the database: on a timeout it
 * decides from this machine's ledger and says so in its record.
 *
 * The sync process runs continuity's own program (this executable, or the
 * Node entry that runs this hook) with fixed arguments, outside any tool
 * call's sandbox as the hook itself is; it reads only the ledger, the
 * config's address and the credentials, so it gives the agent no way out.
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { selfCommand } from '../util/code-dir.js';
import { readStamp, runningSyncPid, syncFilesDir } from '../shared/sync-files.js';

export type PullWait = { pulled: true; waitedMs: number } | { pulled: false; waitedMs: number; why: string };

const PULL_EVENTS = new Set(['SessionStart', 'Stop', 'UserPromptSubmit']);

/** Whether this call's decision waits for a pull. */
export function needsPull(event: string): boolean {
  return PULL_EVENTS.has(event);
}

/** Wakes the sync process (starts one when none runs); returns the time the request was made. */
export function wakeSync(root: string, env: NodeJS.ProcessEnv): number {
  const asked = Date.now();
  const pid = runningSyncPid(root, env);
  if (pid !== null) {
    try {
      process.kill(pid, 'SIGUSR1');
      return asked;
    } catch {
      // gone between the check and the signal: started below
    }
  }
  startSync(root, env);
  return asked;
}

function startSync(root: string, env: NodeJS.ProcessEnv): void {
  const c = selfCommand(import.meta.url, ['sync', '--daemon']);
  let log: number | null = null;
  try {
    mkdirSync(syncFilesDir(env), { recursive: true, mode: 0o700 });
    log = openSync(join(syncFilesDir(env), 'sync.log'), 'a', 0o600);
  } catch {
    // no log: its output is dropped
  }
  const child = spawn(c.cmd, c.args, { cwd: root, env: { ...env, CLAUDE_PROJECT_DIR: root }, detached: true, stdio: ['ignore', log ?? 'ignore', log ?? 'ignore'] });
  child.on('error', () => undefined);
  child.unref();
  if (log !== null) closeSync(log);
}

/**
 * The exchange before a call decides: the sync process woken, and for a call
 * that needs the other machines' records, a bounded wait for them. A sync
 * process whose last pass found the database unreachable is not waited for:
 * each call would otherwise pay the whole wait while the database is away.
 */
export async function pullBeforeDeciding(root: string, env: NodeJS.ProcessEnv, event: string, maxMs: number): Promise<PullWait | null> {
  if (!needsPull(event)) return null;
  const before = readStamp(root, env);
  const asked = wakeSync(root, env);
  if (before && !before.reached) return { pulled: false, waitedMs: 0, why: `offline since ${before.offlineSince ?? before.at}: ${before.error ?? 'the database was not reached'}` };
  if (maxMs <= 0) return { pulled: false, waitedMs: 0, why: 'shared.pullWaitMs is 0' };
  return waitForPull(root, env, asked, maxMs);
}

/** Waits, at most `maxMs`, for a pass of the sync process begun after `asked`. */
export async function waitForPull(root: string, env: NodeJS.ProcessEnv, asked: number, maxMs: number): Promise<PullWait> {
  const start = Date.now();
  for (;;) {
    const stamp = readStamp(root, env);
    if (stamp && stamp.passStartedMs >= asked) {
      return stamp.reached ? { pulled: true, waitedMs: Date.now() - start } : { pulled: false, waitedMs: Date.now() - start, why: `offline since ${stamp.offlineSince ?? stamp.at}: ${stamp.error ?? 'the database was not reached'}` };
    }
    if (Date.now() - start >= maxMs) return { pulled: false, waitedMs: Date.now() - start, why: `no pull within ${maxMs} ms` };
    await new Promise((r) => setTimeout(r, 10));
  }
}
