/**
 * The few things continuity reads in Codex's `config.toml`: each simple
 * `key = value` line with the table it sits in. Not a TOML parser (none is a
 * dependency): multi-line strings and arrays are stepped over, a value is
 * kept as written except that a one-line string loses its quotes. Enough to
 * tell which sandbox Codex applies and whether continuity's profile is in
 * place; Codex itself refuses a file that is not valid TOML. Pure.
 */

export interface TomlLine {
  /** The table header it follows, as written between the brackets (`projects."/a/b"`); '' for the top level. */
  table: string;
  /** The key as written (`sandbox_mode`, `permissions.continuity.extends`, `"~/.codex"`). */
  key: string;
  /** The value: a one-line string without its quotes, anything else as written (an inline table, `true`). */
  value: string;
  /** 0-based line number. */
  line: number;
}

export function tomlLines(text: string): TomlLine[] {
  const out: TomlLine[] = [];
  const lines = text.split(/\r?\n/);
  let table = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[\[?\s*(.*?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      table = header[1]!;
      continue;
    }
    const eq = keyEnd(line);
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    let raw = line.slice(eq + 1).trim();
    // A multi-line string or array: step to its end; its value is not one continuity reads.
    const opener = raw.startsWith('"""') ? '"""' : raw.startsWith("'''") ? "'''" : null;
    if (opener && raw.indexOf(opener, 3) < 0) {
      while (i + 1 < lines.length && !lines[++i]!.includes(opener));
      raw = '';
    } else if (raw.startsWith('[') && depth(raw) > 0) {
      let d = depth(raw);
      while (d > 0 && i + 1 < lines.length) d += depth(lines[++i]!);
      raw = '';
    }
    out.push({ table, key, value: unquote(raw), line: i });
  }
  return out;
}

/** Where the `=` after a key is (keys may be quoted and hold `=`), or -1. */
function keyEnd(line: string): number {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '=') return i;
    else if (c === '#') return -1;
  }
  return -1;
}

/** Open brackets minus closed ones, outside strings. */
function depth(text: string): number {
  let d = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') break;
    else if (c === '[') d++;
    else if (c === ']') d--;
  }
  return d;
}

/** A one-line basic or literal string without its quotes (a trailing comment dropped); anything else trimmed of its comment. */
export function unquote(raw: string): string {
  if (raw.startsWith('"')) {
    let s = '';
    for (let i = 1; i < raw.length; i++) {
      const c = raw[i]!;
      if (c === '"') return s;
      if (c === '\\' && i + 1 < raw.length) {
        const n = raw[++i]!;
        s += n === 'n' ? '\n' : n === 't' ? '\t' : n;
      } else s += c;
    }
    return raw;
  }
  if (raw.startsWith("'")) {
    const end = raw.indexOf("'", 1);
    return end > 0 ? raw.slice(1, end) : raw;
  }
  const hash = raw.startsWith('{') ? -1 : raw.indexOf('#');
  return (hash >= 0 ? raw.slice(0, hash) : raw).trim();
}

/** The keys of a one-line inline table (`{ ".continuity" = "read", x = "write" }`), unquoted, with their values unquoted. */
export function inlineTable(raw: string): Map<string, string> | null {
  const t = raw.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return null;
  const out = new Map<string, string>();
  let rest = t.slice(1, -1);
  while (rest.trim() !== '') {
    const eq = keyEnd(rest);
    if (eq < 0) return null;
    const key = unquote(rest.slice(0, eq).trim());
    rest = rest.slice(eq + 1).trimStart();
    const end = valueEnd(rest);
    out.set(key, unquote(rest.slice(0, end).trim()));
    rest = rest.slice(end + 1);
  }
  return out;
}

/** Where a value in an inline table ends (its comma, or the end). */
function valueEnd(text: string): number {
  let quote: string | null = null;
  let d = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') d++;
    else if (c === ']' || c === '}') d--;
    else if (c === ',' && d === 0) return i;
  }
  return text.length;
}

/** A key path as written (`permissions.continuity."~/.codex"`) split into its parts, unquoted. */
export function keyPath(key: string): string[] {
  const parts: string[] = [];
  let rest = key.trim();
  while (rest !== '') {
    if (rest.startsWith('"') || rest.startsWith("'")) {
      const q = rest[0]!;
      let i = 1;
      for (; i < rest.length && rest[i] !== q; i++) if (q === '"' && rest[i] === '\\') i++;
      parts.push(unquote(rest.slice(0, i + 1)));
      rest = rest.slice(i + 1).trim().replace(/^\./, '').trim();
    } else {
      const dot = rest.indexOf('.');
      parts.push((dot < 0 ? rest : rest.slice(0, dot)).trim());
      rest = dot < 0 ? '' : rest.slice(dot + 1).trim();
    }
  }
  return parts;
}
