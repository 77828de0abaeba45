import { readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { protectedPathMatcher } from '../shell/protected-model.js';

/** At most this many files are snapshotted for the protect list: a glob that names a whole tree is guarded, not copied. */
export const MAX_PROTECTED_FILES = 200;
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.continuity']);

/**
 * The files the config's `protect` list names now, relative to the root: a
 * plain path as it is (present or not: a file the agent creates there is
 * removed), a folder or a glob by walking the folder before its first
 * wildcard. Their content is snapshotted so that a write the hooks did not
 * see beforehand is put back after.
 */
export function protectedFiles(root: string, patterns: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of patterns) {
    const rel = posix.normalize(raw.replace(/^(\.\/)+/, '')).replace(/\/+$/, '');
    if (!rel || rel === '.' || rel.startsWith('..')) continue;
    // An absolute pattern (git's common dir of a worktree, outside the project) is walked from the filesystem's root, its files kept absolute.
    const from = rel.startsWith('/') ? '' : root;
    const segs = rel.split('/');
    const firstGlob = segs.findIndex((s) => /[*?[]/.test(s));
    if (firstGlob === -1) {
      if (isDir(join(from, rel))) walk(from, rel, () => true, out);
      else out.add(rel);
      continue;
    }
    const base = segs.slice(0, firstGlob).join('/');
    const matches = protectedPathMatcher(root, [rel]);
    // git runs a hook by its exact name, never the `*.sample` files `git init` leaves: not hashed at every call, nor copied into the ledger.
    const samples = /(^|\/)\.git\/(.*\/)?hooks$/.test(base);
    walk(from, base, (abs) => matches(abs) && !(samples && abs.endsWith('.sample')), out);
  }
  return [...out].sort().slice(0, MAX_PROTECTED_FILES);
}

function walk(root: string, relDir: string, keep: (abs: string) => boolean, out: Set<string>): void {
  const stack = [relDir];
  while (stack.length && out.size < MAX_PROTECTED_FILES) {
    const dir = stack.pop()!;
    let entries;
    try {
      // Most guarded folders do not exist (the clients' code folders of clients not in use): a stat that says so is far
      // cheaper than the error a listing throws, at every hook call that checks them.
      if (!statSync(join(root, dir), { throwIfNoEntry: false })?.isDirectory()) continue;
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

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
