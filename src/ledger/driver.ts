/**
 * The one small interface the ledger needs from SQLite. Three drivers sit
 * behind it (bun:sqlite, node:sqlite, better-sqlite3), chosen at run time, so
 * nothing above this file knows which runtime it is on.
 */
export type DriverName = 'bun:sqlite' | 'node:sqlite' | 'better-sqlite3';
export const DRIVER_NAMES: readonly DriverName[] = ['bun:sqlite', 'node:sqlite', 'better-sqlite3'];

export type SqlValue = string | number | bigint | null | Uint8Array;
export type Row = Record<string, SqlValue>;

export interface SqlDatabase {
  readonly driver: DriverName;
  exec(sql: string): void;
  run(sql: string, ...params: SqlValue[]): { changes: number; lastInsertRowid: number };
  get<T extends object = Row>(sql: string, ...params: SqlValue[]): T | undefined;
  all<T extends object = Row>(sql: string, ...params: SqlValue[]): T[];
  close(): void;
}

export interface OpenOptions {
  /** Refuse to create the file when it does not exist. */
  mustExist?: boolean;
  readonly?: boolean;
}

export type DriverFactory = (path: string, opts: OpenOptions) => SqlDatabase;

/**
 * Caches prepared statements by SQL text: a hook prepares the same handful of
 * statements, and preparing is the larger part of a small query's cost.
 */
export class StatementCache<S> {
  private readonly cache = new Map<string, S>();
  constructor(private readonly prepare: (sql: string) => S) {}
  get(sql: string): S {
    let stmt = this.cache.get(sql);
    if (!stmt) {
      stmt = this.prepare(sql);
      this.cache.set(sql, stmt);
    }
    return stmt;
  }
  /** Forgets the statements, finalizing them where the driver can (bun:sqlite): a database closes only once its statements are gone. */
  clear(): void {
    for (const stmt of this.cache.values()) (stmt as { finalize?: () => void }).finalize?.();
    this.cache.clear();
  }
}

/** The statement and database shape the three drivers have in common. */
interface RawStatement {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
}
interface RawDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): RawStatement;
  close(): unknown;
}

/** Adapts a driver's database to SqlDatabase, with a statement cache. */
export function wrapDatabase(driver: DriverName, db: RawDatabase): SqlDatabase {
  const stmts = new StatementCache((sql) => db.prepare(sql));
  return {
    driver,
    exec: (sql) => void db.exec(sql),
    run: (sql, ...params) => {
      const r = stmts.get(sql).run(...params);
      return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
    },
    // bun:sqlite answers null for "no row"; the others undefined.
    get: <T extends object>(sql: string, ...params: SqlValue[]) => (stmts.get(sql).get(...params) ?? undefined) as T | undefined,
    all: <T extends object>(sql: string, ...params: SqlValue[]) => stmts.get(sql).all(...params) as T[],
    close: () => {
      stmts.clear();
      db.close();
    },
  };
}
