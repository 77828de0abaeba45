/**
 * The words an event's stored input is packed with (schema 11): the JSON
 * keys and markers that nearly every hook event repeats, each kept as one
 * control character. JSON text as continuity writes it never holds a raw
 * control character (JSON.stringify escapes U+0000–U+001F), so an input that
 * holds none of the codes packs and unpacks byte for byte; one that holds any
 * (a row written by hand) is stored as it is. Tab, line feed and carriage
 * return are never codes. Fixed: a different list is a new schema. Few, as
 * every read of an input writes each word out again (one replace() each).
 */
export const PACK_WORDS: readonly string[] = [
  // Every tool call (Claude Code's ids all begin toolu_01: the longer word first, so that it is the one used).
  '{"tool_name":"',
  '"tool_input":{"',
  '"tool_use_id":"toolu_01',
  '"tool_use_id":"',
  ',"tool_response":{"',
  // Every digest (src/ledger/audit-input.ts).
  '{"$sha256":"',
  '","bytes":',
  ',"head":"',
  '{"$same":"tool_input.',
  // The keys of the most common tools' inputs and results (Read, Write, Edit, Bash), without their opening quote,
  // which the word before them may have taken.
  'file_path":"',
  'filePath":"',
  'content":',
  'structuredPatch":',
  'originalFile":',
  'old_string":"',
  'new_string":"',
  'command":"',
  'description":"',
  'stdout":"',
  'stderr":"',
];

/** The code of each word, in order: the control characters but tab, line feed and carriage return. */
export const PACK_CODES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];

if (PACK_WORDS.length > PACK_CODES.length) throw new Error('more pack words than codes');

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** SQL: is the text `x` free of every code (so that it packs)? */
export function packableSql(x: string): string {
  return `(${x} NOT GLOB '*[' || char(${PACK_CODES.slice(0, PACK_WORDS.length).join(', ')}) || ']*')`;
}

/**
 * How many replace() calls are nested in one expression of the packing. A
 * SQLite before 3.46 parses with a stack of 100 (YYSTACKDEPTH): the system
 * SQLite of macOS, which Bun uses there, and the Debian sqlite3 a person
 * inspects the ledger with. Twenty replace() calls nested in the insert
 * trigger overflow it, and the whole schema then fails to load ("malformed
 * database schema"); in the view they leave it a margin of three. The
 * packing and unpacking nest at most this many per scalar subquery.
 */
export const PACK_NESTING = 5;

/** SQL: the text `x` packed (each word replaced by its code, in order), nested no deeper than PACK_NESTING replace() calls at a time. */
export function packSql(x: string): string {
  let sql = x;
  for (let from = 0; from < PACK_WORDS.length; from += PACK_NESTING) {
    const step = PACK_WORDS.slice(from, from + PACK_NESTING).reduce((e, w, i) => `replace(${e}, ${sqlText(w)}, char(${PACK_CODES[from + i]}))`, 'v');
    sql = `(SELECT ${step} FROM (SELECT ${sql} AS v))`;
  }
  return sql;
}

/** SQL: the packed text `x` unpacked, nested no deeper than PACK_NESTING replace() calls at a time. */
export function unpackSql(x: string): string {
  let sql = x;
  for (let from = 0; from < PACK_WORDS.length; from += PACK_NESTING) {
    const step = PACK_WORDS.slice(from, from + PACK_NESTING).reduce((e, w, i) => `replace(${e}, char(${PACK_CODES[from + i]}), ${sqlText(w)})`, 'v');
    sql = `(SELECT ${step} FROM (SELECT ${sql} AS v))`;
  }
  return sql;
}

/** The same packing in TypeScript (tests and measurements). */
export function pack(text: string): string | null {
  if (PACK_CODES.some((c) => text.includes(String.fromCharCode(c)))) return null;
  return PACK_WORDS.reduce((t, w, i) => t.split(w).join(String.fromCharCode(PACK_CODES[i]!)), text);
}

export function unpack(text: string): string {
  return PACK_WORDS.reduce((t, w, i) => t.split(String.fromCharCode(PACK_CODES[i]!)).join(w), text);
}
