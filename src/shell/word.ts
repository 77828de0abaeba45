// A shell word after expansion, as far as it can be known statically.

export type Part =
  /** Known text. */
  | { kind: 'lit'; text: string }
  /** An active glob: `*`, `?`, `[…]`, or an extglob `@(…)`. `dot`: it may match a leading dot (find's -name does). */
  | { kind: 'glob'; text: string; dot?: boolean }
  /**
   * Text that cannot be known here (a variable, a command substitution, what
   * xargs reads…). `deep` marks a path found by walking a directory tree
   * (`find … -exec {}`), which may be any name at any depth below its start.
   */
  | { kind: 'dyn'; deep?: boolean; why: string };

export type Word = Part[];

export const lit = (text: string): Part => ({ kind: 'lit', text });
export const dyn = (why: string, deep = false): Part => (deep ? { kind: 'dyn', deep, why } : { kind: 'dyn', why });

export function isStatic(word: Word): boolean {
  return word.every((p) => p.kind === 'lit');
}

/** The text of a static word, or null. */
export function staticText(word: Word): string | null {
  return isStatic(word) ? word.map((p) => (p as { text: string }).text).join('') : null;
}

/** Placeholder for unknown text when a word is re-parsed as shell code. */
export const DYN_VAR = '__CONTINUITY_DYNAMIC__';

/** A readable form: globs as written, unknown parts as `${…}`. */
export function display(word: Word): string {
  return word.map((p) => (p.kind === 'dyn' ? `\${${p.why}}` : p.text)).join('');
}

/** The word as code for a nested interpreter: unknown parts become a variable that is unknown there too. */
export function asCode(word: Word): string {
  return word.map((p) => (p.kind === 'dyn' ? `\${${DYN_VAR}}` : p.text)).join('');
}

export function mergeLits(word: Word): Word {
  const out: Word = [];
  for (const p of word) {
    const last = out[out.length - 1];
    if (p.kind === 'lit' && last?.kind === 'lit') out[out.length - 1] = lit(last.text + p.text);
    else if (!(p.kind === 'lit' && p.text === '')) out.push(p);
  }
  return out;
}

/** Splits a word at the `/` of its known text. An unknown part stays inside one segment (it may hold `/` itself). */
export function splitSegments(word: Word): Word[] {
  const segs: Word[] = [[]];
  for (const p of word) {
    if (p.kind !== 'lit') {
      segs[segs.length - 1]!.push(p);
      continue;
    }
    const pieces = p.text.split('/');
    pieces.forEach((piece, i) => {
      if (i > 0) segs.push([]);
      if (piece) segs[segs.length - 1]!.push(lit(piece));
    });
  }
  return segs;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function globToRe(glob: string): string {
  if (glob === '*') return '[^/]*';
  if (glob === '?') return '[^/]';
  if (glob.startsWith('[')) {
    const body = glob.slice(1, -1).replace(/^[!^]/, '^').replace(/\\/g, '\\\\');
    return `[${body}]`;
  }
  return '[^/]*'; // extglob: approximated by "anything in this segment"
}

/** A regular expression for the names one path segment can take (bash rules: a glob does not match a leading dot). */
export function segmentRegex(segment: Word): RegExp {
  let re = '';
  for (const p of segment) {
    if (p.kind === 'lit') re += escapeRe(p.text);
    else if (p.kind === 'glob') re += globToRe(p.text);
    else re += '.*';
  }
  const first = segment[0];
  const dotGuard = first?.kind === 'glob' && !first.dot ? '(?!\\.)' : '';
  return new RegExp(`^${dotGuard}${re}$`);
}

/** One name the segment certainly can take. */
export function segmentSample(segment: Word): string {
  return segment
    .map((p) => {
      if (p.kind === 'lit') return p.text;
      if (p.kind === 'glob') {
        if (p.text === '?') return 'a';
        if (p.text.startsWith('[')) {
          const body = p.text.slice(1, -1);
          return body.startsWith('!') || body.startsWith('^') ? '~' : body[0] ?? 'a';
        }
        return '';
      }
      return '';
    })
    .join('');
}

/** Glob syntax in known text (a quoted `-name '*.log'`) turned into pattern parts. */
export function globWord(text: string, dot = false): Word {
  const out: Part[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push(lit(buf));
    buf = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) buf += text[++i];
    else if (c === '*' || c === '?') {
      flush();
      out.push({ kind: 'glob', text: c, dot });
    } else if (c === '[' && text.indexOf(']', i + 2) !== -1) {
      flush();
      const close = text.indexOf(']', i + 2);
      out.push({ kind: 'glob', text: text.slice(i, close + 1), dot });
      i = close;
    } else buf += c;
  }
  flush();
  return out;
}

/** Text produced by asCode (unknown parts as the placeholder variable) turned back into a word. */
export function wordFromCode(text: string): Word {
  const marker = `\${${DYN_VAR}}`;
  const pieces = text.split(marker);
  const out: Word = [];
  pieces.forEach((piece, i) => {
    if (i > 0) out.push(dyn('input'));
    if (piece) out.push(lit(piece));
  });
  return out;
}

/** The last path segment of a word (`a/b/c.md` → `c.md`), unknown parts kept. */
export function basenameWord(word: Word): Word {
  const segs = splitSegments(mergeLits(word)).filter((s) => s.length > 0);
  return segs[segs.length - 1] ?? [];
}

/** `dir/name` as a word. */
export function joinWord(dir: Word, name: Word): Word {
  return mergeLits([...dir, lit('/'), ...name]);
}
