/**
 * The order bubblewrap lays the wall's mounts in. Pure.
 *
 * A mount covers whatever was mounted at or below its path before it, and a
 * bind shows the folder as it is outside the wall (never the mounts laid
 * inside it so far). So a rule about a folder holds only if every rule about
 * a folder that contains it was laid first: the temporary folder writable,
 * then a home inside it read-only, then the caches inside that home writable
 * again, then a read-only file inside one of those. Sorting the mounts by
 * their depth (a folder always has fewer path parts than what it contains)
 * gives that order whatever writable folder holds the home, the project or
 * the temporary folder; mounts at the same path keep the order of their
 * kinds below, the more specific rule last.
 */
import type { WallSpec } from './bwrap.js';

export type MountKind =
  /** Read-only whole (the home inside a writable folder). */
  | 'home'
  /** Writable (the project, the temporary folders, checked caches, a workspace inside a hidden folder). */
  | 'writable'
  /** An empty tmpfs over a hidden folder. */
  | 'hidden'
  /** /dev/null over a hidden file. */
  | 'hidden-file'
  /** A folder bound on itself: a mount point, which cannot be renamed away. */
  | 'anchor'
  /** An empty writable tmpfs of the call's own over a cache of installed copies. */
  | 'ephemeral'
  /** Read-only, skipped where missing. */
  | 'read-only'
  /** An empty read-only folder where none exists. */
  | 'placeholder';

export interface Mount {
  kind: MountKind;
  path: string;
}

/** The spec's mounts, each folder's after every folder that contains it. */
export function mountOrder(spec: WallSpec): Mount[] {
  const of = (kind: MountKind, paths: readonly string[]) => paths.map((path) => ({ kind, path }));
  const mounts = [
    ...of('home', spec.readOnlyHome ? [spec.readOnlyHome] : []),
    ...of('writable', spec.writable),
    ...of('hidden', spec.hidden.dirs),
    ...of('hidden-file', spec.hidden.files),
    ...of('writable', spec.reopened),
    ...of('anchor', spec.anchors),
    ...of('ephemeral', spec.ephemeral),
    ...of('read-only', spec.readOnly),
    ...of('placeholder', spec.placeholders),
  ];
  // Array.prototype.sort is stable: at one depth (the same path, or folders side by side) the order above stands.
  return mounts.sort((a, b) => depth(a.path) - depth(b.path));
}

/** The mount that decides what `path` is inside the wall: the last laid at or above it (null: the machine's read-only root). */
export function governingMount(mounts: readonly Mount[], path: string, strictlyAbove = false): Mount | null {
  let found: Mount | null = null;
  for (const m of mounts) if (contains(m.path, path) && !(strictlyAbove && m.path === path)) found = m;
  return found;
}

function depth(path: string): number {
  return path.split('/').filter(Boolean).length;
}

function contains(dir: string, path: string): boolean {
  return path === dir || dir === '/' || path.startsWith(`${dir}/`);
}
