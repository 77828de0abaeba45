// Text-level facts about a command or a piece of inline code: which protected
// names it mentions (seeing through quotes, backslashes and string
// concatenation), and whether it encodes or builds names the reader cannot
// see. Shared by the cheap pre-check and the full analysis, so the pre-check
// can never miss what the analysis keys on.

import { withoutLeadingDotSlashes, withoutTrailingSlashes, withoutTrailingStars } from './name-trim.js';

/** Joins `'a' + 'b'`, `"a" "b"`, `'a'"b"` and drops quotes and backslashes: `.tdd-'pro'"gress".md` → `.tdd-progress.md`. */
export function squash(text: string): string {
  // Both expressions need a quote, a backtick or a backslash: most commands hold none, and do not compile them.
  if (!text.includes("'") && !text.includes('"') && !text.includes('`') && !text.includes('\\')) return text;
  return text.replace(/(['"`])\s*\+?\s*(['"`])/g, '').replace(/['"`\\]/g, '');
}

export interface NameFragments {
  /** Whole names and their last segments: a mention of one of these is a mention of a protected path. */
  names: string[];
  /** Directory segments of names (`docs`, `plans`, `.superpowers`): they matter next to a recursive or renaming write. */
  dirSegments: string[];
}

export function nameFragments(protectedNames: readonly string[]): NameFragments {
  const names = new Set<string>();
  const dirSegments = new Set<string>();
  for (const raw of protectedNames) {
    // Trimmed with loops (name-trim.ts): this runs over every guarded name at every hook call.
    let n = raw.trim();
    n = withoutTrailingSlashes(withoutTrailingStars(withoutLeadingDotSlashes(n)));
    n = n.toLowerCase();
    if (!n) continue;
    if (!n.includes('*')) names.add(n);
    // The segments (empty ones left out): the last is the base, those before it the directories. Index loops, no
    // closure or copy: in the hook's interpreter each costs at every start, and this runs over every name.
    const segs = n.split('/');
    let last = segs.length - 1;
    while (last >= 0 && !segs[last]) last--;
    const base = last >= 0 ? segs[last]! : '';
    // Under `.git/` the last segment is a common word (`config`, `hooks`): `.git`, a directory segment, stands for it (protectedNamesFor says why).
    // The same under the person's `~/.config/git/`; and `git` there is no directory segment of its own (every git command names it): `.config` stands for it.
    let gitDir = false;
    for (let i = 0; i < last; i++) {
      const s = segs[i]!;
      if (!s) continue;
      if (s === '.git' || s === 'git') gitDir = true;
      if (!s.includes('*') && s !== '.' && s !== '..' && s !== 'git') dirSegments.add(s);
    }
    if (base && !base.includes('*') && !gitDir) names.add(base);
  }
  return { names: [...names], dirSegments: [...dirSegments] };
}

/** The fragments of two lists of names together: nameFragments works name by name, so this is nameFragments of both lists. */
export function withFragments(a: NameFragments, b: NameFragments): NameFragments {
  if (!b.names.length && !b.dirSegments.length) return a;
  return { names: [...new Set([...a.names, ...b.names])], dirSegments: [...new Set([...a.dirSegments, ...b.dirSegments])] };
}

export interface Mention {
  name: string;
  /** The path-like token around the mention, as written (`docs/plans/approved-plan.md`). */
  token: string;
}

const PATH_CHAR = /[\w.\-/~@+%]/;

/** Protected names mentioned in `text` (after squash), each with the path-like token that holds it. */
export function findMentions(text: string, protectedNames: readonly string[]): Mention[] {
  const original = squash(text);
  const s = original.toLowerCase();
  const out: Mention[] = [];
  const seen = new Set<string>();
  for (const name of nameFragments(protectedNames).names) {
    let at = s.indexOf(name);
    while (at !== -1) {
      let start = at;
      let end = at + name.length;
      while (start > 0 && PATH_CHAR.test(s[start - 1]!)) start--;
      while (end < s.length && PATH_CHAR.test(s[end]!)) end++;
      const token = (s.length === original.length ? original : s).slice(start, end);
      if (!seen.has(token)) {
        seen.add(token);
        out.push({ name, token });
      }
      at = s.indexOf(name, at + 1);
    }
  }
  return out;
}

/**
 * Encoded or computed text: base64/hex/octal escapes, `printf`/`echo -e`
 * escapes, ANSI-C `$'…'` strings, `rev`, `tr` rotations, decoders.
 */
export const OBFUSCATION = /base64|b64decode|atob\b|\bxxd\b|\bod\b|uudecode|\bopenssl\b|\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4}|\$'|\brev\b|\btr\b|rot13|fromhex|unhexlify|fromcharcode|\bchr\s*\(|\bpack\s*\(|\bzcat\b|gzip\s+-d|\bgunzip\b/i;

/**
 * Inline code that computes file names instead of spelling them: character
 * codes, joins and concatenation, directory listings and globbing, the
 * environment and argv, format strings.
 */
export const BUILDS_NAMES = /\bchr\s*\(|\bchar\s*\(|['"]\s*\|\||\|\|\s*['"]|fromcharcode|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[0-7]{3}|base64|b64decode|\batob\b|fromhex|unhexlify|\bcodecs\b|rot13|\[::-1\]|\breverse\b|\.join\s*\(|\bjoin\s*\(|\blistdir\b|\bscandir\b|\bos\.walk\b|\bwalk\s*\(|\breaddir|\bglob\b|\biterdir\b|\brglob\b|\benviron\b|process\.env|\bgetenv\b|\bENV\b|\$ENV|\bsys\.argv\b|process\.argv|\bARGV\b|\$ARGV|\bsprintf\b|\bformat\s*\(|%\s*\(|\bf['"]|\$\{|\+\s*['"]|['"]\s*\+|\.\.\s*['"]|['"]\s*\.\.|\bconcat\b/i;
