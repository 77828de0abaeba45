// Does a (lower-cased) command name a writing command? The pre-check asks
// this of every Bash call. As one regular expression — a writer's name after
// a word boundary, with a version suffix, before an operator — it costs about
// 2 ms to compile at each start (122 alternatives), more than the rest of a
// harmless call's checks together; this scan gives the same answer by hand.
// test/unit/shell-precheck.test.ts holds it equal to that expression:
//   (?:^|[\s;&|(){}!`/]|\$\()(?:NAME|…)(?:[\d.]*|@[\w.^~-]*)(?=$|[\s;&|()<>])
// Written with character codes, in one pass, with no regular expression, no
// closure and no slice: the hook runs it in Bun's interpreter (its JIT is held
// back for a process this short), where each of those costs at every start.
import { WRITER_NAMES } from './writer-names.js';

/** `\s` of a regular expression: ASCII white space, the no-break space, Unicode's space separators, line and paragraph separators, the BOM. */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Before a name: `^|[\s;&|(){}!`/]` (`$(` needs no case of its own: its `(` is one). */
function startsName(c: number): boolean {
  // ; & | ( ) { } ! ` /
  return c === 59 || c === 38 || c === 124 || c === 40 || c === 41 || c === 123 || c === 125 || c === 33 || c === 96 || c === 47 || isSpace(c);
}

/** After a name and its suffix: `$|[\s;&|()<>]`. */
function endsName(c: number): boolean {
  // ; & | ( ) < >
  return c === 59 || c === 38 || c === 124 || c === 40 || c === 41 || c === 60 || c === 62 || isSpace(c);
}

/** `[\w.^~-]`. */
function tagChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 94 || c === 126 || c === 45;
}

/** Does a version (`[\d.]*`) or a tag (`@[\w.^~-]*`) run from `at` to where a name must end? */
function suffixEnds(s: string, at: number): boolean {
  const n = s.length;
  // A version: digits and dots, any number of them (none too), then an end. An end character is neither.
  for (let i = at; ; i++) {
    if (i === n) return true;
    const c = s.charCodeAt(i);
    if (endsName(c)) return true;
    if (!((c >= 48 && c <= 57) || c === 46)) break;
  }
  if (s.charCodeAt(at) !== 64) return false; // @
  for (let i = at + 1; ; i++) {
    if (i === n) return true;
    const c = s.charCodeAt(i);
    if (endsName(c)) return true;
    if (!tagChar(c)) return false;
  }
}

export function namesAWriter(lower: string): boolean {
  const n = lower.length;
  for (let p = 0; p < n; p++) {
    if (p > 0 && !startsName(lower.charCodeAt(p - 1))) continue;
    const c = lower.charCodeAt(p);
    // Every name is tried where its first letter (lower-cased) is: no table built first, which at a process's start
    // costs more than these few comparisons (a command has a handful of places where a name may start).
    for (const name of WRITER_NAMES) {
      const f = name.charCodeAt(0);
      if ((f >= 65 && f <= 90 ? f + 32 : f) !== c) continue;
      const low = name.toLowerCase();
      if (lower.startsWith(low, p) && suffixEnds(lower, p + low.length)) return true;
    }
  }
  return false;
}
