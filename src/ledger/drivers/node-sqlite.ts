import { existsSync } from 'node:fs';
import { wrapDatabase, type DriverFactory, type SqlValue } from '../driver.js';

// Declared here rather than taken from @types/node so the types match every
// Node this runs on (node:sqlite does not exist on Node 20).
interface NodeStatement {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
}
interface NodeSqlite {
  DatabaseSync: new (path: string, opts?: { readOnly?: boolean }) => {
    exec(sql: string): void;
    prepare(sql: string): NodeStatement;
    close(): void;
  };
}

/** node:sqlite: built into Node ≥ 22.13, no native build needed. */
export async function loadNodeSqlite(): Promise<DriverFactory> {
  const sqlite = await importQuietly();
  return (path, opts) => {
    if (opts.mustExist) assertExists(path);
    const db = new sqlite.DatabaseSync(path, { readOnly: !!opts.readonly });
    return wrapDatabase('node:sqlite', db);
  };
}

// Some Node versions print an ExperimentalWarning for node:sqlite on stderr;
// a hook's stderr is shown to the user, so that one warning is filtered out.
async function importQuietly(): Promise<NodeSqlite> {
  const original = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/sqlite/i.test(text)) return;
    return (original as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    const specifier: string = 'node:sqlite';
    return (await import(specifier)) as NodeSqlite;
  } finally {
    process.emitWarning = original;
  }
}

function assertExists(path: string): void {
  if (!existsSync(path)) {
    const err = new Error(`unable to open database file: ${path}`) as NodeJS.ErrnoException;
    err.code = 'SQLITE_CANTOPEN';
    throw err;
  }
}
