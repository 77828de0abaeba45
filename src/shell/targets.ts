// Could this word, in a write position, name a protected path?
//
// A static word is resolved against the working directory (`..` and `.`
// normalised) and asked of isProtected. A dynamic word — a glob, a variable, a
// command substitution, what xargs or find hands a command — is denied when
// one of the names it could take is protected. The names tried are drawn from
// the protected names themselves:
//  - a glob (`.tdd-*`, `*.md`, `[a-z]*`) stays inside one path segment and
//    follows bash's rule that it does not match a leading dot: it is tried
//    against every segment of every protected name, so `rm docs/plans/*.md`
//    and `rm .tdd-*` are denied while `rm build/*.md` and `rm *.log` are not;
//  - an unknown part in the LAST segment (`> $F`, `> "$DIR/$F"`,
//    `> progress-$N.md`) may be any protected name or any path inside a
//    protected directory, so `> $F` is denied wherever a protected path can be
//    reached from the word's known directory;
//  - an unknown part in a DIRECTORY segment (`"$TMPDIR/out.log"`) is assumed to
//    be an ordinary directory: it may be one that contains protected names
//    (`$D/progress.md` with D=.superpowers/sdd/p is denied) but not a protected
//    directory itself, so `"$OUT/report.txt"` is allowed and `"$X/ledger.db"`
//    with X=.continuity is a documented gap the after-the-fact revert covers;
//  - a word that starts with an unknown part may be absolute, so it is also
//    tried from the project root (`"$ROOT/.continuity/x"` is denied);
//  - unknown parts are assumed not to climb out with `..`.
// Recursive operations (`rm -r`, `chmod -R`, extracting an archive, …) are
// denied when the target could contain a protected path.
import { posix } from 'node:path';
import { containsProtected, type ProtectedModel } from './protected-model.js';
import { display, dyn, lit, mergeLits, segmentRegex, segmentSample, splitSegments, staticText, type Word } from './word.js';

export type WriteKind = 'file' | 'tree';

export interface Cwd {
  path: string;
  /** False after `cd "$DIR"`: relative words are then anchored nowhere in particular. */
  known: boolean;
  /** Where the shell still is if a directory change failed (`cd dir; …`): relative words are tried from there too. */
  alt?: Cwd;
}

/** The `why` of the unknown part of a name mktemp makes (src/shell/expand.ts). */
export const FRESH_NAME = 'mktemp';

/** Beyond this many combinations a dynamic word is denied without trying them all. */
const MAX_COMBINATIONS = 20_000;

function hits(model: ProtectedModel, abs: string, kind: WriteKind): boolean {
  return kind === 'tree' ? containsProtected(model, abs) : model.isProtected(abs);
}

function candidates(model: ProtectedModel, segment: Word, index: number, isLast: boolean): string[] {
  if (segment.length === 0) return [''];
  const text = staticText(segment);
  if (text !== null) return [text];
  // A name mktemp makes is new: it names no file that exists, guarded or not.
  if (segment.every((p) => p.kind === 'lit' || (p.kind === 'dyn' && p.why === FRESH_NAME))) return [`${segmentSample(segment)}tmp.fresh`];
  const hasDyn = segment.some((p) => p.kind === 'dyn');
  const deep = segment.some((p) => p.kind === 'dyn' && p.deep);
  const pool = !hasDyn ? model.segments : isLast || deep ? [...model.segments, ...model.runs] : model.dirRuns;
  const re = segmentRegex(segment);
  // A tree walk also yields the start directory's own entries: try "no directory in between" first.
  const out = new Set(deep ? [''] : []);
  for (const v of pool) if (re.test(v)) out.add(v);
  const sample = segmentSample(segment);
  if (sample) out.add(sample);
  if (index === 0 && segment[0]!.kind === 'dyn') {
    // A leading unknown part may be an absolute path: try it from the project root.
    for (const v of [...out]) out.add(`${model.root}/${v}`);
    out.add(model.root);
  }
  return [...out];
}

/**
 * The protected path this word could write, or null. `kind` tree means the
 * operation reaches everything below the path too.
 */
export function protectedHit(model: ProtectedModel, word: Word, cwd: Cwd, kind: WriteKind): string | null {
  if (cwd.alt) return protectedHit(model, word, cwd.alt, kind) ?? protectedHit(model, word, { path: cwd.path, known: cwd.known }, kind);
  let w = mergeLits(word);
  if (w.length === 0) return null;
  const absolute = w[0]!.kind === 'lit' && (w[0] as { text: string }).text.startsWith('/');
  if (!absolute && !cwd.known) w = [dyn('PWD'), lit('/'), ...w];
  const text = staticText(w);
  if (text !== null) {
    if (text === '') return null;
    const abs = posix.resolve(cwd.path, text);
    return hits(model, abs, kind) ? abs : null;
  }
  const segs = splitSegments(w);
  const options = segs.map((seg, i) => candidates(model, seg, i, i === segs.length - 1));
  const total = options.reduce((n, o) => n * o.length, 1);
  if (total > MAX_COMBINATIONS) return posix.resolve(cwd.path, display(w));
  const pick = options.map(() => 0);
  for (let n = 0; n < total; n++) {
    const joined = options.map((o, i) => o[pick[i]!]!).join('/');
    const abs = posix.resolve(cwd.path, joined || '.');
    if (hits(model, abs, kind)) return abs;
    for (let i = pick.length - 1; i >= 0; i--) {
      pick[i] = pick[i]! + 1;
      if (pick[i]! < options[i]!.length) break;
      pick[i] = 0;
    }
  }
  return null;
}

/** Resolves a static path against a known working directory. */
export function resolvePath(cwd: Cwd, text: string): string {
  return posix.resolve(cwd.path, text);
}
