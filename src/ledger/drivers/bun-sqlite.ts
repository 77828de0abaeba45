import { wrapDatabase, type DriverFactory, type SqlValue } from '../driver.js';

interface BunStatement {
  run(...params: SqlValue[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
}
interface BunDatabase {
  exec(sql: string): void;
  prepare(sql: string): BunStatement;
  close(): void;
}
interface BunSqliteModule {
  Database: new (path: string, opts: { create?: boolean; readonly?: boolean; readwrite?: boolean; strict?: boolean }) => BunDatabase;
}

/** bun:sqlite: the driver of the compiled Bun hook. */
export async function loadBunSqlite(): Promise<DriverFactory> {
  // A literal specifier: Bun resolves it when it builds the executable (a computed
  // one costs ~1 ms at each start). The Node bundles keep it external (scripts/build.mjs).
  const { Database } = (await import('bun:sqlite')) as unknown as BunSqliteModule;
  return (path, opts) => {
    const db = opts.readonly
      ? new Database(path, { readonly: true })
      : new Database(path, { create: !opts.mustExist, readwrite: true, strict: true });
    return wrapDatabase('bun:sqlite', db);
  };
}
