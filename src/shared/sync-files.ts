/**
 * The sync process's files in the state home (outside the project, beyond
 * the agent's reach inside the wall): its pid (one process per project), and
 * what its last pass did (when, the backlog, offline or not), which a hook
 * reads to know that a pull it asked for is done, and `status` to say how
 * the exchange goes. Plain files and signals: nothing here loads the
 * database's client, so a hook can use it.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathKey, stateHome } from '../ledger/recovery-copy.js';

export interface SyncStamp {
  /** When the last pass began (ms): a hook that asked for a pull at t is answered by a pass begun after t. */
  passStartedMs: number;
  /** When it ended, ISO. */
  at: string;
  /** The database was reached. */
  reached: boolean;
  /** Since when it has not been (ISO), and why. */
  offlineSince: string | null;
  error: string | null;
  backlog: number;
  machine: string;
}

export function syncFilesDir(env: NodeJS.ProcessEnv): string {
  return join(stateHome(env), 'shared');
}

export function pidFile(root: string, env: NodeJS.ProcessEnv): string {
  return join(syncFilesDir(env), `${pathKey(root)}.pid`);
}

export function stampFile(root: string, env: NodeJS.ProcessEnv): string {
  return join(syncFilesDir(env), `${pathKey(root)}.json`);
}

export function readStamp(root: string, env: NodeJS.ProcessEnv): SyncStamp | null {
  try {
    const s = JSON.parse(readFileSync(stampFile(root, env), 'utf8')) as SyncStamp;
    return typeof s.passStartedMs === 'number' ? s : null;
  } catch {
    return null;
  }
}

export function writeStamp(root: string, env: NodeJS.ProcessEnv, s: SyncStamp): void {
  mkdirSync(syncFilesDir(env), { recursive: true, mode: 0o700 });
  const path = stampFile(root, env);
  const tmp = `${path}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify(s));
  renameSync(tmp, path);
}

/** The running sync process's pid, or null (none, or one that is gone). */
export function runningSyncPid(root: string, env: NodeJS.ProcessEnv): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(root, env), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 1) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: a process of another user holds the number now, not ours.
    return null;
  }
}
