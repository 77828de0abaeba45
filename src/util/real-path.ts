import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, normalize, resolve } from 'node:path';

/**
 * Where a write to `path` really lands: `..` and `.` resolved, and every
 * symbolic link on the way followed, the last one too even when it points
 * at a file that does not exist yet (a write through it creates that file).
 * Parts that do not exist are kept as written. Never throws.
 */
export function realTarget(path: string, depth = 0): string {
  const abs = normalize(path);
  if (depth > 40) return abs; // a loop of links: the kernel gives up too
  try {
    if (lstatSync(abs).isSymbolicLink()) {
      const link = readlinkSync(abs);
      return realTarget(isAbsolute(link) ? link : resolve(dirname(abs), link), depth + 1);
    }
    return realpathSync(abs);
  } catch {
    // Missing: the folder holding it may still be, or lead, somewhere else.
  }
  const parent = dirname(abs);
  if (parent === abs) return abs;
  return join(realTarget(parent, depth + 1), basename(abs));
}

/** The project root with its own links resolved (a /tmp that is /private/tmp), to compare real targets with. */
export function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return normalize(root);
  }
}
