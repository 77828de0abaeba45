// bun:sqlite exists only under Bun; bun-sqlite.ts describes the part it uses (BunSqliteModule).
declare module 'bun:sqlite' {
  export const Database: unknown;
}
