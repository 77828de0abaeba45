import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadDriver } from '../../src/ledger/select-driver.js';
import { CliError } from '../../src/util/errors.js';

test('the driver follows the runtime: node:sqlite on Node ≥ 22.13, better-sqlite3 before', async () => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const expected = major > 22 || (major === 22 && minor >= 13) ? 'node:sqlite' : 'better-sqlite3';
  const { name, open } = await loadDriver({});
  assert.equal(name, expected);
  const db = open(':memory:', {});
  try {
    assert.equal(db.driver, expected);
    db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
    assert.equal(db.run('INSERT INTO t VALUES (?, ?)', 1, 'x').lastInsertRowid, 1);
    assert.deepEqual({ ...db.get<{ a: number; b: string }>('SELECT a, b FROM t')! }, { a: 1, b: 'x' });
  } finally {
    db.close();
  }
});

test('CONTINUITY_SQLITE_DRIVER forces a driver and refuses an unknown name', async () => {
  const forced = await loadDriver({ CONTINUITY_SQLITE_DRIVER: 'better-sqlite3' });
  assert.equal(forced.name, 'better-sqlite3');
  await assert.rejects(loadDriver({ CONTINUITY_SQLITE_DRIVER: 'mysql' }), (err: unknown) => err instanceof CliError && /must be one of/.test(err.message));
});

test('a forced driver this runtime cannot load is a ledger error naming it, not an internal one', async () => {
  // bun:sqlite exists only under Bun; this suite runs on Node.
  await assert.rejects(
    loadDriver({ CONTINUITY_SQLITE_DRIVER: 'bun:sqlite' }),
    (err: unknown) => err instanceof CliError && err.exitCode === 5 && /^CONTINUITY_SQLITE_DRIVER=bun:sqlite cannot be loaded on Node /.test(err.message),
  );
});
