import { readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { protectedPathMatcher } from '../shell/protected-model.js';
import { RACY_MS } from '../util/stamped-hash.js';

/** At most this many files are snapshotted for the protect list: a glob that names a whole tree is guarded, not copied. */
export const MAX_PROTECTED_FILES = 200;
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.continuity']);

/**
 * What this process found for a list of patterns, with the stamp of every
 * folder it looked at: a long-lived process (the OpenClaw gateway) lists
 * git's hook folders and the folders a client loads several times a call,
 * every call, and they seldom change. A folder's entries added, removed or
 * renamed move its modification and change times; a folder replaced is
 * another inode; so while each stamp holds, the listing is the one found.
 * The stamps are src/util/stamped-hash.ts's (device, inode, times in
 * nanoseconds) and so is its rule: a folder changed within RACY_MS is never
 * taken on its stamp, and the stamp is read before the listing.
 */
const found = new Map<string, { stamps: [string, string][]; files: string[] }>();
const FOUND_KEPT = 64;

/** How many folders this process listed (the tests read it). */
export const folderListings = { count: 0 };

/** A folder's stamp, `absent`, `not a folder`, or null when it changed within RACY_MS of `nowMs` (not to be taken on its stamp). */
function folderStamp(abs: string, nowMs: number): string | null {
  let st;
  try {
    st = statSync(abs, { throwIfNoEntry: false, bigint: true });
  } catch {
    // Not reachable (a path under a file, a folder it may not read): as absent, as the listing finds it.
    return 'absent';
  }
  if (!st) return 'absent';
  if (!st.isDirectory()) return 'not a folder';
  if (Number(st.ctimeNs / 1_000_000n) > nowMs - RACY_MS) return null;
  return `${st.dev}:${st.ino}:${st.mtimeNs}:${st.ctimeNs}`;
}

/**
 * The files the config's `protect` list names now, relative to the root: a
 * plain path as it is (present or not: a file the agent creates there is
 * removed), a folder or a glob by walking the folder before its first
 * wildcard. Their content is snapshotted so that a write the hooks did not
 * see beforehand is put back after.
 */
export function protectedFiles(root: string, patterns: readonly string[], nowMs: number = Date.now()): string[] {
  const key = `${root}\0${patterns.join('\0')}`;
  const kept = found.get(key);
  if (kept && kept.stamps.every(([abs, stamp]) => folderStamp(abs, nowMs) === stamp)) return [...kept.files];
  // Each folder's stamp as it was before it was looked at; null once any was too young to be taken on it.
  let stamps: [string, string][] | null = [];
  const look = (abs: string) => {
    const stamp = folderStamp(abs, nowMs);
    if (stamp === null) stamps = null;
    else stamps?.push([abs, stamp]);
    return stamp;
  };
  const out = new Set<string>();
  for (const raw of patterns) {
    const rel = posix.normalize(raw.replace(/^(\.\/)+/, '')).replace(/\/+$/, '');
    if (!rel || rel === '.' || rel.startsWith('..')) continue;
    // An absolute pattern (git's common dir of a worktree, outside the project) is walked from the filesystem's root, its files kept absolute.
    const from = rel.startsWith('/') ? '' : root;
    const segs = rel.split('/');
    let firstGlob = -1;
    for (let i = 0; i < segs.length && firstGlob === -1; i++) if (/[*?[]/.test(segs[i]!)) firstGlob = i;
    if (firstGlob === -1) {
      const stamp = look(join(from, rel));
      // Its stamp is null only for a folder (one too young to be taken on it).
      if (stamp !== 'absent' && stamp !== 'not a folder') walk(from, rel, () => true, out, look);
      else out.add(rel);
      continue;
    }
    const base = segs.slice(0, firstGlob).join('/');
    // Built at the first file found: most of these folders are absent (git's hook folders of a new clone, the clients' folders of clients not in use).
    let matches: ((abs: string) => boolean) | undefined;
    // git runs a hook by its exact name, never the `*.sample` files `git init` leaves: not hashed at every call, nor copied into the ledger.
    const samples = /(^|\/)\.git\/(.*\/)?hooks$/.test(base);
    walk(from, base, (abs) => !(samples && abs.endsWith('.sample')) && (matches ??= protectedPathMatcher(root, [rel]))(abs), out, look);
  }
  const files = [...out].sort().slice(0, MAX_PROTECTED_FILES);
  // A walk cut short at MAX_PROTECTED_FILES did not look at every folder: not kept.
  if (stamps && out.size < MAX_PROTECTED_FILES) {
    found.delete(key);
    found.set(key, { stamps, files: [...files] });
    if (found.size > FOUND_KEPT) found.delete(found.keys().next().value!);
  } else found.delete(key);
  return files;
}

function walk(root: string, relDir: string, keep: (abs: string) => boolean, out: Set<string>, look: (abs: string) => string | null): void {
  const stack = [relDir];
  while (stack.length && out.size < MAX_PROTECTED_FILES) {
    const dir = stack.pop()!;
    let entries;
    // Most guarded folders do not exist (the clients' code folders of clients not in use): the stat of the folder's stamp
    // says so, far cheaper than the error a listing throws, at every hook call that checks them.
    const stamp = look(join(root, dir));
    if (stamp === 'absent' || stamp === 'not a folder') continue;
    try {
      folderListings.count++;
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) stack.push(rel);
      } else if ((e.isFile() || e.isSymbolicLink()) && keep(root ? posix.join(root.split('\\').join('/'), rel) : rel)) out.add(rel);
      if (out.size >= MAX_PROTECTED_FILES) return;
    }
  }
}
