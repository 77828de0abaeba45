import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { StatementCache, type DriverFactory, type SqlDatabase, type SqlValue } from '../driver.js';

/** better-sqlite3: the driver for Node versions without node:sqlite (Node 20). */
export function loadBetterSqlite3(): DriverFactory {
  const require = createRequire(import.meta.url);
  const Database = require('better-sqlite3') as typeof BetterSqlite3;
  return (path, opts) => {
    const db = new Database(path, { fileMustExist: !!opts.mustExist, readonly: !!opts.readonly });
    const stmts = new StatementCache((sql) => db.prepare(sql));
    const wrapper: SqlDatabase = {
      driver: 'better-sqlite3',
      exec: (sql) => void db.exec(sql),
      run: (sql, ...params: SqlValue[]) => {
        const r = stmts.get(sql).run(...params);
        return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
      },
      get: <T extends object>(sql: string, ...params: SqlValue[]) => stmts.get(sql).get(...params) as T | undefined,
      all: <T extends object>(sql: string, ...params: SqlValue[]) => stmts.get(sql).all(...params) as T[],
      close: () => {
        stmts.clear();
        db.close();
      },
    };
    return wrapper;
  };
}
