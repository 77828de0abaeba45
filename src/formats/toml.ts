/**
 * TOML as Codex reads it (its `config.toml`), through smol-toml, a complete
 * TOML 1.0 parser: tables, dotted and quoted keys, inline tables, arrays of
 * tables, multi-line strings and comments all read the way Codex reads them.
 * Null where the text is not valid TOML: Codex refuses such a file too.
 */
import { parse, TomlError } from 'smol-toml';

export type TomlTable = Record<string, unknown>;

/** One leaf of a document: its key path (table and key parts, unquoted) and its value as JSON. */
export interface TomlEntry {
  path: string[];
  value: string;
}

export function parseToml(text: string): TomlTable | null {
  try {
    return parse(text) as TomlTable;
  } catch (err) {
    if (err instanceof TomlError) return null;
    throw err;
  }
}

/** Why the text is not valid TOML, in one line (with its line number), or null when it is. */
export function tomlError(text: string): string | null {
  try {
    parse(text);
    return null;
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    return `line ${err.line}: ${err.message.split('\n')[0]}`;
  }
}

/** The value at a key path, or undefined. */
export function tomlGet(doc: TomlTable | null, path: readonly string[]): unknown {
  let at: unknown = doc;
  for (const part of path) {
    if (!isTable(at) || !Object.prototype.hasOwnProperty.call(at, part)) return undefined;
    at = at[part];
  }
  return at;
}

export function isTable(v: unknown): v is TomlTable {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/**
 * The document's leaves, flattened to key paths (`[features]\nhooks = false`
 * → `features.hooks` = `false`; dotted keys and inline tables the same), each
 * value as JSON (a string keeps its quotes: `"trusted"`). Arrays, arrays of
 * tables included, are leaves. Null where the text is not valid TOML.
 */
export function tomlKeys(text: string): TomlEntry[] | null {
  const doc = parseToml(text);
  if (!doc) return null;
  const out: TomlEntry[] = [];
  const walk = (table: TomlTable, path: string[]): void => {
    for (const [key, value] of Object.entries(table)) {
      if (isTable(value)) walk(value, [...path, key]);
      else out.push({ path: [...path, key], value: asJson(value) });
    }
  };
  walk(doc, []);
  return out;
}

function asJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}
