// What is protected, seen from a path: the caller's isProtected predicate plus
// the protected names, turned into the few strings a dynamic word is tried
// against. Symbolic links are out of scope: paths are compared as written
// (after `..`/`.` normalisation); a write through a symlink is caught by the
// after-the-fact revert, not here.
import { posix } from 'node:path';
import { withoutLeadingDotSlashes, withoutTrailingStars } from './name-trim.js';

export interface ProtectedModel {
  root: string;
  home: string;
  isProtected(absPath: string): boolean;
  /** Normalised names, each split into path segments (a `*` segment stays `*`). */
  names: string[][];
  /** Every segment of every name, `*` replaced by a probe name. */
  segments: string[];
  /** Contiguous runs of name segments (`docs/plans`, `sdd/x/progress.md`) and `name/x` probes inside each name. */
  runs: string[];
  /** Runs that stop before a name's last segment: the directories a protected path sits in. */
  dirRuns: string[];
  /** Protected folders outside the project, absolute (an installation of continuity elsewhere): any folder above one holds it. */
  outside: string[];
}

/** Stands for "some name" where a protected pattern has a `*` segment or a directory's contents. */
export const PROBE = 'x';

export function normaliseName(name: string, root: string): string {
  let n = name.trim().replace(/\\/g, '/');
  if (n.startsWith(root + '/')) n = n.slice(root.length + 1);
  n = n.replace(/^(\.\/)+/, '').replace(/(\/\*\*)+$/, '').replace(/\/+$/, '');
  return n;
}

export function buildModel(root: string, home: string, isProtected: (p: string) => boolean, protectedNames: readonly string[]): ProtectedModel {
  const normalised = [...new Set(protectedNames.map((n) => normaliseName(n, root)).filter((n) => n && n !== '.'))];
  const outside = normalised.filter((n) => n.startsWith('/')).map((n) => posix.normalize(n));
  const names = normalised.filter((n) => !n.startsWith('/')).map((n) => n.split('/').filter(Boolean));
  const concrete = (segs: string[]) => segs.map((s) => (s.includes('*') ? PROBE : s));
  // Whole names and last segments come first, so a dynamic word is reported by the file it could be.
  const runs = new Set<string>(names.map((n) => concrete(n).join('/')));
  const segments = new Set<string>(names.map((n) => concrete(n)[n.length - 1]!));
  segments.add(PROBE);
  const dirRuns = new Set<string>([PROBE]);
  for (const raw of names) {
    const segs = concrete(raw);
    for (const s of segs) segments.add(s);
    for (let i = 0; i < segs.length; i++) {
      for (let j = i + 1; j <= segs.length; j++) {
        const run = segs.slice(i, j).join('/');
        runs.add(run);
        runs.add(`${run}/${PROBE}`);
        if (j < segs.length) dirRuns.add(run);
      }
    }
  }
  // An unknown directory part is assumed to be an ordinary folder, not a guarded folder itself (src/shell/targets.ts):
  // a folder guarded whole (`.pi/extensions/**`) or for a kind of name (`.github/hooks/*.json`) that also holds a
  // guarded name (`.pi/extensions/continuity.ts`) would otherwise make every `"$TMPDIR/<name>"` or `"$OUT/<x>.json"`
  // a write into it. Such a write is the documented gap the after-call put-back covers.
  const patternFolders = new Set(names.filter((n) => n[n.length - 1]!.includes('*')).map((n) => concrete(n.slice(0, -1)).join('/')));
  const ordinary = [...dirRuns].filter((r) => r === PROBE || (!patternFolders.has(r) && !isProtected(posix.join(root, r, PROBE))));
  return { root, home, isProtected, names, segments: [...segments], runs: [...runs], dirRuns: ordinary, outside };
}

function isAncestorOrSelf(dir: string, path: string): boolean {
  return dir === path || dir === '/' || path.startsWith(dir + '/');
}

/**
 * Could a recursive operation on `dir` (rm -r, chmod -R, extracting an archive
 * into it, …) reach a protected path? True when dir is protected, lies inside a
 * protected directory, is the project root or one of its ancestors, or holds a
 * protected name below it.
 */
export function containsProtected(model: ProtectedModel, dir: string): boolean {
  const d = posix.normalize(dir);
  if (model.isProtected(d) || model.isProtected(posix.join(d, PROBE))) return true;
  if (isAncestorOrSelf(d, model.root) && model.names.length > 0) return true;
  if (model.outside.some((o) => isAncestorOrSelf(d, o))) return true;
  for (const raw of model.names) {
    const segs = raw.map((s) => (s.includes('*') ? PROBE : s));
    for (let i = 0; i < segs.length; i++) {
      if (model.isProtected(posix.join(d, ...segs.slice(i)))) return true;
    }
  }
  return false;
}

/**
 * Builds an isProtected predicate from glob patterns relative to the project
 * root (or absolute, for a file outside it): `*` and `?` stay within a path
 * segment, `**` crosses segments, and `dir/**` also protects `dir` itself.
 */
export function protectedPathMatcher(projectRoot: string, patterns: readonly string[]): (absPath: string) => boolean {
  const root = posix.normalize(projectRoot);
  // An absolute pattern names a file outside the project too (the user's own agent settings).
  const absolute = patterns.filter((p) => p.startsWith('/')).map((p) => globTest(posix.normalize(p)));
  const relative = patterns.filter((p) => !p.startsWith('/')).map((p) => globTest(p.replace(/^(\.\/)+/, '')));
  return (absPath: string) => {
    const p = posix.normalize(absPath);
    if (absolute.some((t) => t(p))) return true;
    if (!p.startsWith(root + '/')) return false;
    const rel = p.slice(root.length + 1);
    return relative.some((t) => t(rel));
  };
}

const WILDCARD = /[*?]/;

/**
 * protectedPathMatcher's answer for these patterns, with the plain paths
 * looked up in a set and the plain folders (`folder/**`) compared by prefix:
 * git's exec paths and the clients' folders are all one or the other (callDrift, snapshotPaths), so no
 * test per pattern is built or run for each file. Any other pattern is left
 * to protectedPathMatcher (test/unit/call-drift.test.ts holds
 * the two equal).
 */
export function pathMatcher(projectRoot: string, patterns: readonly string[]): (absPath: string) => boolean {
  const root = posix.normalize(projectRoot);
  const exact = new Set<string>();
  const folders: string[] = [];
  const other: string[] = [];
  for (const raw of patterns) {
    // As protectedPathMatcher takes them: an absolute pattern normalised, a relative one without its leading `./`, matched below the root.
    const absolute = raw.startsWith('/');
    const p = absolute ? posix.normalize(raw) : raw.replace(/^(\.\/)+/, '');
    const full = absolute ? p : `${root}/${p}`;
    if (!WILDCARD.test(p)) exact.add(full);
    else if (p.length > 3 && p.endsWith('/**') && !WILDCARD.test(p.slice(0, -3))) folders.push(full.slice(0, -3));
    else other.push(raw);
  }
  const rest = other.length ? protectedPathMatcher(projectRoot, other) : null;
  return (absPath: string) => {
    const p = posix.normalize(absPath);
    if (exact.has(p)) return true;
    for (const f of folders) if (p === f || (p.startsWith(`${f}/`) && !LINE_BREAK.test(p.slice(f.length)))) return true;
    return rest !== null && rest(absPath);
  };
}

/** What `.` in a regular expression does not match: a path holding one is not matched by `**` (as globRegex has it). */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * A pattern's test: by string comparison where the pattern has no wildcard
 * (a file) or only a trailing `/**` (a folder), which is most of them, and
 * by its regular expression otherwise. The answer is globRegex's either way
 * (test/unit/protected-model.test.ts holds them equal); each expression
 * costs its compilation at the first test, in every hook process, and a
 * hook call builds a matcher of some twenty patterns.
 */
export function globTest(rel: string): (path: string) => boolean {
  const literal = (s: string) => !/[*?]/.test(s);
  if (literal(rel)) return (p) => p === rel;
  // `dir/**`: the folder itself, or anything under it on one line (globRegex's `^dir(?:/.*)?$`).
  const folder = rel.endsWith('/**') ? rel.slice(0, -3) : '';
  if (folder !== '' && literal(folder)) return (p) => p === folder || (p.startsWith(`${folder}/`) && !LINE_BREAK.test(p.slice(folder.length)));
  const re = globRegex(rel);
  return (p) => re.test(p);
}

export function globRegex(rel: string): RegExp {
  let body = '';
  for (let i = 0; i < rel.length; i++) {
    const c = rel[i]!;
    if (c === '*' && rel[i + 1] === '*') {
      body += '.*';
      i++;
    } else if (c === '*') body += '[^/]*';
    else if (c === '?') body += '[^/]';
    else body += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  body = body.replace(/\/\.\*$/, '(?:/.*)?');
  return new RegExp(`^${body}$`);
}

/** A pattern without its trailing `/**`. */
const noStars = withoutTrailingStars;

// Outside the project only the file's own name and folder are names a command would spell (`~/.claude/settings.json`).
// A folder named `git` (the person's `~/.config/git/config`) is kept with the one above it: `git` alone, as a folder a command reaches, is every git command.
const outsideName = (segs: string[]) => segs.slice(segs.length >= 3 && segs[segs.length - 2] === 'git' ? -3 : -2).join('/');

/** `(^|\/)\.?git\/`, with string methods: a regular expression's first use compiles it, at every hook call. */
const inGitFolder = (n: string) => n.includes('git/') && (n.startsWith('git/') || n.startsWith('.git/') || n.includes('/git/') || n.includes('/.git/'));

/** The names to hand analyzeCommand for a set of protected patterns: each pattern (without a trailing `/**`) and its last segment. */
export function protectedNamesFor(patterns: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of patterns) {
    // Trimmed with loops (name-trim.ts): this runs over every guarded pattern at every hook call.
    const n = noStars(p.startsWith('/') ? outsideName(noStars(p).split('/')) : withoutLeadingDotSlashes(p));
    out.add(n);
    // A folder outside the project whole, so that removing a folder above it is seen (`rm -rf ~/.npm-global`).
    if (p.startsWith('/') && p.endsWith('/**')) out.add(noStars(p));
    const base = n.split('/').pop();
    // Under `.git/` (and the person's `~/.config/git/`) the last segment is a common word (`config`, `hooks`, `attributes`): a command that reaches one names `.git` (a directory segment the pre-check keys on) or the path; as a name alone it would send every `tsconfig.json` through the parser.
    if (base && !base.includes('*') && !inGitFolder(n)) out.add(base);
  }
  return [...out];
}
