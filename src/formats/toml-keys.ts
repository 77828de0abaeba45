/** One key of a TOML document: its path (table and key parts, unquoted) and its value as written. */
export interface TomlEntry {
  path: string[];
  value: string;
}

/**
 * The keys of a TOML document, flattened to dotted paths with the text of
 * their values (`[features]\nhooks = false` → `features.hooks` = `false`;
 * `[profiles.x.features]`, dotted keys, quoted keys and inline tables the
 * same). Enough to compare the few keys of Codex's `config.toml` that decide
 * whether hooks run, without a TOML library; values are compared as written
 * (whitespace outside strings removed). Returns null where the reader cannot
 * follow the document (a multi-line string or array spanning a table
 * header): the caller then compares the file whole.
 */
export function tomlKeys(text: string): TomlEntry[] | null {
  const out: TomlEntry[] = [];
  let table: string[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = stripComment(lines[i]!).trim();
    if (!line) continue;
    const header = /^\[\[?(.*?)\]\]?$/.exec(line);
    if (header) {
      const path = splitKey(header[1]!);
      if (!path) return null;
      table = path;
      continue;
    }
    const eq = findEquals(line);
    if (eq < 0) return null;
    const key = splitKey(line.slice(0, eq));
    if (!key) return null;
    let value = line.slice(eq + 1).trim();
    // A value that continues on the next lines (an array, an inline table, a multi-line string): joined, up to where it closes.
    while (!balanced(value)) {
      i++;
      if (i >= lines.length) return null;
      line = stripComment(lines[i]!).trim();
      if (/^\[[^\]"'=]*\]$/.test(line) && !value.includes('"""') && !value.includes("'''")) return null;
      value += `\n${line}`;
    }
    put(out, [...table, ...key], value);
  }
  return out;
}

function put(out: TomlEntry[], path: string[], value: string): void {
  if (value.startsWith('{') && value.endsWith('}')) {
    const inner = value.slice(1, -1);
    for (const part of splitTop(inner, ',')) {
      const eq = findEquals(part);
      if (eq < 0) continue;
      const key = splitKey(part.slice(0, eq));
      if (key) put(out, [...path, ...key], part.slice(eq + 1).trim());
    }
    return;
  }
  out.push({ path, value: squashOutsideStrings(value) });
}

/** `a.b."c.d"` → ['a', 'b', 'c.d']; null when it is not a key. */
function splitKey(text: string): string[] | null {
  const parts: string[] = [];
  let i = 0;
  const s = text.trim();
  while (i < s.length) {
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (s[i] === '"' || s[i] === "'") {
      const q = s[i]!;
      let j = i + 1;
      let v = '';
      while (j < s.length && s[j] !== q) {
        if (q === '"' && s[j] === '\\' && j + 1 < s.length) {
          v += s[j + 1];
          j += 2;
          continue;
        }
        v += s[j];
        j++;
      }
      if (j >= s.length) return null;
      parts.push(v);
      i = j + 1;
    } else {
      const m = /^[A-Za-z0-9_-]+/.exec(s.slice(i));
      if (!m) return null;
      parts.push(m[0]);
      i += m[0].length;
    }
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (i < s.length) {
      if (s[i] !== '.') return null;
      i++;
    }
  }
  return parts.length ? parts : null;
}

/** The index of the `=` that ends a key (outside quotes), or -1. */
function findEquals(line: string): number {
  let q: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === '\\' && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '=') return i;
  }
  return -1;
}

function stripComment(line: string): string {
  let q: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === '\\' && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

/** Are the brackets, braces and multi-line strings of a value closed? */
function balanced(value: string): boolean {
  for (const fence of ['"""', "'''"]) {
    const n = value.split(fence).length - 1;
    if (n % 2) return false;
  }
  let depth = 0;
  let q: string | null = null;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (q) {
      if (c === '\\' && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
  }
  return depth <= 0;
}

function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let q: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (q) {
      if (c === '\\' && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((p) => p.trim());
}

function squashOutsideStrings(value: string): string {
  let out = '';
  let q: string | null = null;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (q) {
      out += c;
      if (c === '\\' && q === '"' && i + 1 < value.length) out += value[++i];
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") {
      q = c;
      out += c;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}
