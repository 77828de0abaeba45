// Installs what the agent's OS sandbox needs on Linux, for the tests that run
// commands inside it (bubblewrap for the wall, socat for Claude Code's
// sandboxed network proxy): from Debian's packages with apt-get when they
// are missing and this process may install them (root). Nothing to do on
// macOS (Seatbelt is part of the system) or where both are present.
//   node scripts/install-sandbox-tools.mjs
// A failure exits 1 with one line saying what is missing and how to get it:
// the tests that need the sandbox then fail, they never skip.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const NEEDED = [
  { command: 'bwrap', pkg: 'bubblewrap' },
  { command: 'socat', pkg: 'socat' },
  // Not the sandbox's: Debian's SQLite shell (3.40, a parser of fixed depth, as every SQLite before 3.46), for the test that the ledger's schema loads there.
  { command: 'sqlite3', pkg: 'sqlite3' },
  // Not the sandbox's either: a real PostgreSQL for the shared ledger's tests (test/helpers/postgres.ts), whose server programs Debian keeps off PATH.
  { command: 'initdb', pkg: 'postgresql', also: postgresBins },
  { command: 'pg_ctl', pkg: 'postgresql', also: postgresBins },
];

/** Debian's /usr/lib/postgresql/<version>/bin folders, newest first. */
function postgresBins() {
  const base = '/usr/lib/postgresql';
  try {
    return readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)).map((v) => join(base, v, 'bin'));
  } catch {
    return [];
  }
}

function onPath(command, also = () => []) {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), ...also()]) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not here
    }
  }
  return false;
}

function aptGet(args) {
  return spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function main() {
  if (process.platform !== 'linux') return 0;
  const missing = NEEDED.filter((n) => !onPath(n.command, n.also));
  if (missing.length === 0) return 0;
  const pkgs = [...new Set(missing.map((m) => m.pkg))];
  const how = `apt-get install -y ${pkgs.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    process.stderr.write(`install-sandbox-tools: ${missing.map((m) => m.command).join(' and ')} not found; install them as root (${how}) and run the tests again\n`);
    return 1;
  }
  process.stderr.write(`install-sandbox-tools: installing ${pkgs.join(' ')} from Debian's packages\n`);
  let r = aptGet(['install', '-y', '--no-install-recommends', ...pkgs]);
  if (r.status !== 0) {
    // A fresh machine's package lists may be empty or old.
    aptGet(['update']);
    r = aptGet(['install', '-y', '--no-install-recommends', ...pkgs]);
  }
  const still = NEEDED.filter((n) => !onPath(n.command, n.also));
  if (r.error || r.status !== 0 || still.length) {
    const why = r.error ? r.error.message : (r.stderr || '').trim().split('\n').pop();
    process.stderr.write(`install-sandbox-tools: could not install ${pkgs.join(' ')} (${why || 'apt-get failed'}); run ${how} as root\n`);
    return 1;
  }
  return 0;
}

process.exit(main());
