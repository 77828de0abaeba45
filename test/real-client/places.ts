/**
 * Where a real client's project and home are made (every client's but
 * Claude Code's, see run-claude.ts): outside the temporary folder, as a
 * person's home is. A home under /tmp would be writable inside
 * every wall that leaves the temporary folder writable (continuity's own,
 * Claude Code's), the person's caches and configs with it, so a scenario
 * there would not see what a person's machine sees; and Codex does not start
 * its sandbox helper from under $TMPDIR. Each project is a git repository of
 * its own, so the repository these folders lie in is never the one its git
 * commands reach. Resolved: node_modules may be a link, and a wall mounts the
 * folders it names as given.
 */
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folder the scenarios' places are made in (left empty when they end). */
export function placesRoot(): string {
  const dir = join(REPO_ROOT, 'node_modules', '.cache', 'continuity-real-client-places');
  mkdirSync(dir, { recursive: true });
  return realpathSync(dir);
}

/** A new folder for one scenario's project and home, outside the temporary folder. */
export function newPlace(prefix: string): string {
  return mkdtempSync(join(placesRoot(), prefix));
}
