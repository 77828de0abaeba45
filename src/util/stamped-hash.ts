import { readFileSync, statSync, type BigIntStats } from 'node:fs';
import { sha256 } from './sha256.js';

/**
 * A guarded file's hash without reading it, when its stamp says it has not
 * changed since a hook last hashed it: every hook call compares the person's
 * start-up files, git's config files and every client's wiring with the hash
 * continuity last authorised, and reading and hashing each one costs more
 * than a stat (in Node, loading the hasher alone does).
 *
 * The stamp is what git's index keeps for the same purpose: device, inode,
 * size, and the modification and change times in nanoseconds. The change
 * time (ctime) is what makes it enough: the kernel sets it to the present on
 * every write and every change of the file's times, and no program can set
 * it back (`touch -d`, utimes() move mtime only, and change ctime doing
 * so). A rewrite of the same size with its mtime put back still moves ctime;
 * a file replaced by a rename is another inode.
 *
 * What no stamp can tell is two writes within one tick of the file system's
 * clock (a jiffy on Linux, up to 2 s on some file systems): git's "racily
 * clean" entries. So a stamp is kept only for a file whose ctime is older
 * than RACY_MS at the moment it is read: any later write then carries a
 * later ctime. A younger file is hashed at each call until it settles.
 */
export const RACY_MS = 2_000;

/** Stamps whose file was read and hashed by this process: path → stamp and hash. */
const verified = new Map<string, { stamp: string; hash: string }>();

/** `dev:ino:size:mtime_ns:ctime_ns` of a file, or null when it is absent, not a file, or changed within RACY_MS of `nowMs`. */
export function fileStamp(path: string, nowMs: number = Date.now()): string | null {
  return stampOf(statSync(path, { throwIfNoEntry: false, bigint: true }), nowMs);
}

/** fileStamp from a stat already taken (`bigint: true`; undefined: absent). */
export function stampOf(st: BigIntStats | undefined, nowMs: number = Date.now()): string | null {
  if (!st || !st.isFile()) return null;
  if (Number(st.ctimeNs / 1_000_000n) > nowMs - RACY_MS) return null;
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/**
 * The sha256 of a file's text, or null when it is absent or unreadable.
 * `known`: what the hot state holds for it; when its stamp is the file's
 * stamp now, its hash is the answer, without a read.
 */
export function stampedHash(path: string, known: { hash: string | null; stamp?: string } | null = null, nowMs: number = Date.now()): string | null {
  // Most guarded files are absent (every client's wiring is guarded): a stat that throws nothing, before a read that would.
  // One stat gives both answers: absent, and the stamp.
  const st = statSync(path, { throwIfNoEntry: false, bigint: true });
  if (st === undefined) return null;
  const stamp = stampOf(st, nowMs);
  if (stamp !== null && known?.stamp === stamp && known.hash !== null) return known.hash;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const hash = sha256(text);
  // The stamp taken before the read: a write between the two leaves a stamp that no longer matches, so the next call reads again.
  if (stamp !== null) verified.set(path, { stamp, hash });
  else verified.delete(path);
  return hash;
}

/**
 * The stamp the hot state may keep beside a file's authorised hash: only
 * one under which this process read exactly that content (so a file that
 * differs from what was authorised never gets one), and still the file's
 * stamp now. `known`: what the previous hot state held for it.
 */
export function stampFor(path: string, hash: string | null, known: { hash: string | null; stamp?: string } | null = null, nowMs: number = Date.now()): string | undefined {
  if (hash === null) return undefined;
  const current = fileStamp(path, nowMs);
  if (current === null) return undefined;
  // Read by this call, or by the call that wrote the previous state, as exactly this content, and unchanged since.
  const seen = verified.get(path);
  if (seen && seen.hash === hash && seen.stamp === current) return current;
  if (known && known.hash === hash && known.stamp === current) return current;
  // Not read under this stamp: read once now.
  stampedHash(path, null, nowMs);
  const read = verified.get(path);
  return read && read.hash === hash && read.stamp === current ? current : undefined;
}
