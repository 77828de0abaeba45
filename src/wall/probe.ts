/**
 * Does bubblewrap start here, as the wall starts it (a read-only root, a new
 * PID namespace)? Started once per machine state, not per call: the answer
 * is kept in continuity's state home, keyed by what could change it
 * (bubblewrap's file, the kernel, the user-namespace switches), and in the
 * process for a client that runs continuity in its own process. A wrong
 * cached "yes" only makes a wrapped command fail to start, never run outside
 * the wall; the state home is read-only inside the wall.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateHome } from '../ledger/recovery-copy.js';
import { isExecutable } from '../util/on-path.js';
import type { WallProbe } from './verdict.js';
import { SANDBOX_EXEC } from './sandbox-exec.js';

/**
 * Where bubblewrap is looked for: system folders only, never PATH (a folder
 * the agent can write could hold a "bwrap" the hooks would then start
 * outside the wall). CONTINUITY_BWRAP names another, set in the client's
 * own environment.
 */
const SYSTEM_DIRS = ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin'];

export function findBwrap(env: NodeJS.ProcessEnv): string | null {
  const named = env.CONTINUITY_BWRAP;
  if (named) return named.startsWith('/') && isExecutable(named) ? named : null;
  for (const dir of SYSTEM_DIRS) if (isExecutable(join(dir, 'bwrap'))) return join(dir, 'bwrap');
  return null;
}

const SWITCHES = ['/proc/sys/kernel/osrelease', '/proc/sys/kernel/unprivileged_userns_clone', '/proc/sys/user/max_user_namespaces', '/proc/sys/kernel/apparmor_restrict_unprivileged_userns'];

function keyOf(bwrap: string): string {
  let file = 'missing';
  try {
    const s = statSync(realpathSync(bwrap));
    file = `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    // keyed as missing
  }
  const switches = SWITCHES.map((p) => {
    try {
      return readFileSync(p, 'utf8').trim();
    } catch {
      return '-';
    }
  });
  return [process.platform, bwrap, file, ...switches].join('|');
}

const inProcess = new Map<string, WallProbe>();
/** A process that runs many calls (the OpenClaw plugin in the gateway) looks at what could change the answer every few seconds, not at every call. */
const RECHECK_MS = 5000;
let lastKey: { bwrap: string; key: string; at: number } | null = null;

function currentKey(bwrap: string): string {
  const now = Date.now();
  if (lastKey && lastKey.bwrap === bwrap && now - lastKey.at < RECHECK_MS) return lastKey.key;
  lastKey = { bwrap, key: keyOf(bwrap), at: now };
  return lastKey.key;
}

export function probeWall(env: NodeJS.ProcessEnv): WallProbe {
  // macOS: Seatbelt through the profile @anthropic-ai/sandbox-runtime generates (seatbelt.ts); sandbox-exec is part of the system.
  if (process.platform === 'darwin') return isExecutable(SANDBOX_EXEC) ? { ok: true, bwrap: SANDBOX_EXEC, engine: 'seatbelt' } : { ok: false, why: `${SANDBOX_EXEC} is not there` };
  if (process.platform !== 'linux') return { ok: false, why: `continuity's own wall needs Linux (bubblewrap) or macOS (Seatbelt); this is ${process.platform}` };
  const bwrap = findBwrap(env);
  if (!bwrap) return { ok: false, why: env.CONTINUITY_BWRAP ? `CONTINUITY_BWRAP (${env.CONTINUITY_BWRAP}) is not an executable file` : 'bubblewrap (bwrap) is not installed', fix: 'Install bubblewrap (apt-get install bubblewrap, dnf install bubblewrap)' };
  const key = currentKey(bwrap);
  const known = inProcess.get(key) ?? readCache(env, key);
  if (known) return known;
  const r = spawnSync(bwrap, ['--ro-bind', '/', '/', '--dev-bind', '/dev', '/dev', '--unshare-pid', '--proc', '/proc', '--', '/bin/sh', '-c', ':'], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'ignore', 'pipe'] });
  const result: WallProbe = r.status === 0 ? { ok: true, bwrap } : { ok: false, why: `bubblewrap cannot start here (${r.error ? r.error.message : (r.stderr || '').trim().split('\n')[0] || `exit ${r.status ?? r.signal}`})`, fix: 'Allow unprivileged user namespaces (kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 an AppArmor profile for bwrap)' };
  inProcess.set(key, result);
  writeCache(env, key, result);
  return result;
}

function cachePath(env: NodeJS.ProcessEnv): string {
  return join(stateHome(env), 'wall-probe.json');
}

function readCache(env: NodeJS.ProcessEnv, key: string): WallProbe | null {
  try {
    const c = JSON.parse(readFileSync(cachePath(env), 'utf8')) as { key?: unknown; result?: WallProbe };
    return c.key === key && c.result && typeof c.result.ok === 'boolean' ? c.result : null;
  } catch {
    return null;
  }
}

function writeCache(env: NodeJS.ProcessEnv, key: string, result: WallProbe): void {
  try {
    const path = cachePath(env);
    mkdirSync(join(path, '..'), { recursive: true });
    const tmp = `${path}.${process.pid}`;
    writeFileSync(tmp, JSON.stringify({ key, result }));
    renameSync(tmp, path);
  } catch {
    // Not kept: probed again next time.
  }
}
