import { CliError, ExitCode } from '../util/errors.js';
import { DRIVER_NAMES, type DriverFactory, type DriverName } from './driver.js';

/**
 * Picks the SQLite driver for this runtime: bun:sqlite under Bun, node:sqlite
 * where Node has it without a flag (≥ 22.13), else better-sqlite3.
 * CONTINUITY_SQLITE_DRIVER forces one (tests use it to exercise each driver).
 */
export async function loadDriver(env: NodeJS.ProcessEnv = process.env): Promise<{ name: DriverName; open: DriverFactory }> {
  const forced = env.CONTINUITY_SQLITE_DRIVER;
  if (forced) {
    if (!DRIVER_NAMES.includes(forced as DriverName)) {
      throw new CliError(`CONTINUITY_SQLITE_DRIVER must be one of ${DRIVER_NAMES.join(', ')} (got "${forced}")`, ExitCode.invalidInput);
    }
    try {
      return { name: forced as DriverName, open: await load(forced as DriverName) };
    } catch (err) {
      throw new CliError(`CONTINUITY_SQLITE_DRIVER=${forced} cannot be loaded on ${runtimeLabel()}: ${(err as Error).message.split('\n')[0]}`, ExitCode.ledger);
    }
  }
  const candidates: DriverName[] = isBun() ? ['bun:sqlite'] : hasNodeSqlite() ? ['node:sqlite', 'better-sqlite3'] : ['better-sqlite3'];
  const failures: string[] = [];
  for (const name of candidates) {
    try {
      return { name, open: await load(name) };
    } catch (err) {
      failures.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  throw new CliError(
    `no SQLite driver available on ${runtimeLabel()} (${failures.join('; ')}); use Node ≥ 22.13 or install better-sqlite3`,
    ExitCode.ledger,
  );
}

async function load(name: DriverName): Promise<DriverFactory> {
  switch (name) {
    case 'bun:sqlite':
      return (await import('./drivers/bun-sqlite.js')).loadBunSqlite();
    case 'node:sqlite':
      return (await import('./drivers/node-sqlite.js')).loadNodeSqlite();
    case 'better-sqlite3':
      return (await import('./drivers/better-sqlite3.js')).loadBetterSqlite3();
  }
}

function isBun(): boolean {
  return typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
}

function hasNodeSqlite(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}

function runtimeLabel(): string {
  return isBun() ? `Bun ${(globalThis as { Bun?: { version: string } }).Bun?.version}` : `Node ${process.versions.node}`;
}
