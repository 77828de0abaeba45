// Does a (lower-cased) command name a writing command? The pre-check asks
// this of every Bash call. As one regular expression — a writer's name after
// a word boundary, with a version suffix, before an operator — it costs about
// 2 ms to compile at each start (122 alternatives), more than the rest of a
// harmless call's checks together; this scan gives the same answer with a
// set lookup. test/unit/shell-precheck.test.ts holds it equal to that
// expression:
//   (?:^|[\s;&|(){}!`/]|\$\()(?:NAME|…)(?:[\d.]*|@[\w.^~-]*)(?=$|[\s;&|()<>])
import { WRITER_NAMES } from './writer-names.js';

const NAMES = new Set(WRITER_NAMES.map((n) => n.toLowerCase()));
const LONGEST = Math.max(...[...NAMES].map((n) => n.length));
const SPACE = /\s/;

// `$(` needs no case of its own: `(` already starts a name.
const startsName = (c: string) => SPACE.test(c) || ';&|(){}!`/'.includes(c);
const endsName = (c: string) => SPACE.test(c) || ';&|()<>'.includes(c);
const versionChar = (c: string) => (c >= '0' && c <= '9') || c === '.';
const tagChar = (c: string) => /[\w.^~-]/.test(c);

export function namesAWriter(lower: string): boolean {
  const n = lower.length;
  // From each position: does a version (`[\d.]*`) or a tag (`@[\w.^~-]*`) run from here to where a name must end?
  const toEnd = new Uint8Array(n + 1);
  const versionToEnd = new Uint8Array(n + 1);
  const tagToEnd = new Uint8Array(n + 1);
  toEnd[n] = versionToEnd[n] = 1;
  for (let i = n - 1; i >= 0; i--) {
    const c = lower[i]!;
    toEnd[i] = endsName(c) ? 1 : 0;
    versionToEnd[i] = toEnd[i] || (versionChar(c) && versionToEnd[i + 1]) ? 1 : 0;
    tagToEnd[i] = tagChar(c) && (toEnd[i + 1] || tagToEnd[i + 1]) ? 1 : 0;
  }
  for (let p = 0; p < n; p++) {
    if (p > 0 && !startsName(lower[p - 1]!)) continue;
    for (let len = 1; len <= LONGEST && p + len <= n; len++) {
      const after = p + len;
      if (!NAMES.has(lower.slice(p, after))) continue;
      if (versionToEnd[after] || (lower[after] === '@' && (toEnd[after + 1] || tagToEnd[after + 1]))) return true;
    }
  }
  return false;
}
