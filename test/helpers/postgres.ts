/**
 * A real PostgreSQL server for the tests of the shared ledger: a cluster made
 * with initdb in a temporary folder, listening only on a unix socket in that
 * folder (no TCP port at all), started once per test file and stopped after
 * it. The server refuses to run as root, so as root the folder is handed to
 * the `postgres` user and every server command runs as that user (runuser).
 * initdb and pg_ctl are found on PATH or in Debian's /usr/lib/postgresql/<v>/bin;
 * scripts/install-sandbox-tools.mjs installs Debian's postgresql where neither has them.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after } from 'node:test';

export interface TestPostgres {
  /** The socket folder: the `host` of a connection URL. */
  socketDir: string;
  port: number;
  /** A URL naming a fresh database of its own, with the credentials of the cluster's superuser (trust authentication on the socket). */
  url(db: string): string;
  createDatabase(name: string): void;
  /** Runs SQL through psql against a database, returning its unaligned output. */
  psql(db: string, sql: string): string;
  stop(): void;
  start(): void;
}

export function pgBinary(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin', name))) return join(base, v, 'bin', name);
  throw new Error(`${name} not found on PATH or in ${base}/<version>/bin: run node scripts/install-sandbox-tools.mjs (Debian's postgresql)`);
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(cmd: string, args: string[], input?: string): string {
  const argv = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const : [cmd, args] as const;
  const r = spawnSync(argv[0], [...argv[1]], { encoding: 'utf8', input: input ?? '', env: { ...process.env, LC_ALL: 'C' } });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.trim()}`);
  return r.stdout;
}

/** Starts a server for this test file; stopped and removed after it. */
export function startPostgres(): TestPostgres {
  const pg = launchPostgres();
  after(() => pg.remove());
  return pg;
}

/** Starts a server; `remove()` stops it and deletes its folder (a benchmark calls it itself). */
export function launchPostgres(): TestPostgres & { remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-pg-'));
  chmodSync(dir, 0o755);
  const data = join(dir, 'data');
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) throw new Error('no user postgres: run node scripts/install-sandbox-tools.mjs (Debian\'s postgresql creates it)');
    chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
  }
  // A port number only names the socket file (.s.PGSQL.<port>); nothing listens on TCP.
  const port = 40000 + (process.pid % 20000);
  run(pgBinary('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-c listen_addresses='' -c unix_socket_directories='${dir}' -p ${port} -c fsync=off -c max_connections=200`;
  const pgCtl = pgBinary('pg_ctl');
  const start = (): void => void run(pgCtl, ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = (): void => void run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  let running = true;
  const psql = (db: string, sql: string): string => run(pgBinary('psql'), ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', db, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
  return {
    remove: () => {
      try {
        if (running) stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    socketDir: dir,
    port,
    url: (db) => `postgres://postgres@localhost:${port}/${db}?host=${encodeURIComponent(dir)}`,
    createDatabase: (name) => void psql('postgres', `CREATE DATABASE "${name}"`),
    psql,
    stop: () => {
      stop();
      running = false;
    },
    start: () => {
      start();
      running = true;
    },
  };
}
