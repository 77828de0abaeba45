import { StatementCache, type DriverFactory, type SqlDatabase, type SqlValue } from '../driver.js';

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
  // The specifier is built at run time so bundlers for Node never try to resolve it.
  const specifier = ['bun', 'sqlite'].join(':');
  const { Database } = (await import(specifier)) as BunSqliteModule;
  return (path, opts) => {
    const db = opts.readonly
      ? new Database(path, { readonly: true })
      : new Database(path, { create: !opts.mustExist, readwrite: true, strict: true });
    const stmts = new StatementCache((sql) => db.prepare(sql));
    const wrapper: SqlDatabase = {
      driver: 'bun:sqlite',
      exec: (sql) => db.exec(sql),
      run: (sql, ...params: SqlValue[]) => {
        const r = stmts.get(sql).run(...params);
        return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
      },
      get: <T extends object>(sql: string, ...params: SqlValue[]) => (stmts.get(sql).get(...params) ?? undefined) as T | undefined,
      all: <T extends object>(sql: string, ...params: SqlValue[]) => stmts.get(sql).all(...params) as T[],
      close: () => {
        stmts.clear();
        db.close();
      },
    };
    return wrapper;
  };
}
