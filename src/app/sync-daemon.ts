/**
 * The sync process: one per project (its pid file is the lock), started by
 * a hook or a command of a project that shares its ledger. It passes
 * (push, pull) whenever a hook wakes it (SIGUSR1) and every `intervalMs`
 * while there is traffic; with nothing moved for `idleSeconds` it exits, and
 * the next hook starts another. After each pass it writes what it did to its
 * stamp file, which the hooks waiting for a pull read.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config/load.js';
import { Ledger } from '../ledger/ledger.js';
import { pidFile, runningSyncPid, syncFilesDir, writeStamp } from '../shared/sync-files.js';
import type { SharedStore } from '../shared/pg-store.js';
import type { ProjectIdentity } from '../shared/identity.js';
import { connectShared, syncPass, type SharedConfig } from './shared-sync.js';
import { saveHotState } from './hot-state.js';

const INTERVAL_MS = 250;

export async function runSyncDaemon(root: string, env: NodeJS.ProcessEnv): Promise<number> {
  if (!takeLock(root, env)) return 0;
  let wake: (() => void) | null = null;
  let woken = false;
  process.on('SIGUSR1', () => {
    woken = true;
    wake?.();
  });
  let stop = false;
  for (const s of ['SIGTERM', 'SIGINT'] as const) process.on(s, () => {
    stop = true;
    wake?.();
  });
  let conn: { store: SharedStore; identity: ProjectIdentity } | null = null;
  let lastMoved = Date.now();
  try {
    while (!stop) {
      const config = await loadConfig(root);
      const shared = config.shared;
      if (!shared) return 0;
      const passStartedMs = Date.now();
      woken = false;
      if (!conn) {
        try {
          conn = await connectShared(root, shared, env, 2000);
          await conn.store.migrate();
        } catch {
          conn = null;
        }
      }
      const ledger = await Ledger.open(root, { env, lagRecovery: true });
      let report;
      try {
        report = conn ? await syncPass(ledger, root, shared, { env, now: () => new Date().toISOString(), connection: conn }) : await syncPass(ledger, root, shared, { env, now: () => new Date().toISOString(), timeoutMs: 2000 });
        // What came in changes what the hooks read before opening the ledger.
        if (report.taken.length) saveHotState(ledger, config);
      } finally {
        ledger.close();
      }
      if (report.offline && conn) {
        await conn.store.close();
        conn = null;
      }
      const cursor = stampOf(report, passStartedMs);
      writeStamp(root, env, cursor);
      if (report.pushed || report.pulled) lastMoved = Date.now();
      if (Date.now() - lastMoved > idleMs(shared)) break;
      if (!woken) await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, report.offline ? 1000 : INTERVAL_MS);
      });
      wake = null;
    }
  } finally {
    await conn?.store.close();
    releaseLock(root, env);
  }
  return 0;
}

function idleMs(shared: SharedConfig): number {
  return shared.idleSeconds * 1000;
}

function stampOf(r: Awaited<ReturnType<typeof syncPass>>, passStartedMs: number) {
  return { passStartedMs, at: new Date().toISOString(), reached: !r.offline, offlineSince: r.offline ? (r.offlineSince ?? new Date(passStartedMs).toISOString()) : null, error: r.offline, backlog: r.backlog, machine: r.machine };
}

/** The pid file, made exclusively; one left by a process that is gone is taken over. */
function takeLock(root: string, env: NodeJS.ProcessEnv): boolean {
  mkdirSync(syncFilesDir(env), { recursive: true, mode: 0o700 });
  const path = pidFile(root, env);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (runningSyncPid(root, env) !== null) return false;
      try {
        unlinkSync(path);
      } catch {
        // another starter took it over first
      }
    }
  }
  return false;
}

function releaseLock(root: string, env: NodeJS.ProcessEnv): void {
  const path = pidFile(root, env);
  try {
    if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
  } catch {
    // already gone
  }
}
