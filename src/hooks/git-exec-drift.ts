// git's exec paths changed between two hook calls, outside any tool call the
// hooks saw. A person's own `git remote add`, `git branch -u` or a hook
// manager's install at their terminal cannot be told from anything else
// that ran outside a hook, so the change is taken as the person's
// (git-exec-adopt.ts); what of it git would run is named to the person.
// The repository's allowed signers likewise: a commit pulled brings the
// team's reviewed list, taken as it comes, and said to the person.
import { isAbsolute, join } from 'node:path';
import { gitExecPatterns } from '../app/git-exec-facts.js';
import { CLIENT_LOADED_GLOBS, isWiringFile } from '../app/wiring-files.js';
import { SIGNERS_FILE } from '../domain/approval-statement.js';
import { protectedFiles } from '../app/protected-files.js';
import type { HotState } from '../ledger/hot-state.js';
import { pathMatcher } from '../shell/protected-model.js';
import { stampedHash } from '../util/stamped-hash.js';

export { pathMatcher };

/** What changed since the last call, outside any tool call: a client's hook wiring, and git's exec paths (and the signers file). */
export interface CallDrift {
  /** A wiring file's content differs from the hash the hot state holds (as guard-wants.ts wiringChanged answers). */
  wiring: boolean;
  /** git's exec paths changed, and the files that appeared in git's hook folders and the folders a client loads every file of. */
  git: string[];
}

/**
 * The wiring check and git's exec drift in one pass over the hot state's
 * guarded files: each file is looked at once, by the one test that concerns
 * it (a wiring file, from its name, before the match against git's paths).
 * Once one wiring file has changed the others are not hashed: the answer is
 * the same.
 */
export function callDrift(hot: HotState | null, root: string): CallDrift {
  if (!hot) return { wiring: false, git: [] };
  // The folders a client loads every file of likewise (CLIENT_LOADED_GLOBS); their wiring files are the wiring watch's.
  const patterns = [...gitExecPatterns(root), ...CLIENT_LOADED_GLOBS];
  const isGit = pathMatcher(root, patterns);
  let wiring = false;
  const changed: string[] = [];
  const known = new Set<string>();
  for (const g of hot.guarded) {
    const abs = isAbsolute(g.path) ? g.path : join(root, g.path);
    if (isWiringFile(g.path)) {
      known.add(g.path);
      if (!wiring && stampedHash(abs, g) !== g.hash) wiring = true;
      continue;
    }
    if (g.path !== SIGNERS_FILE && !isGit(abs)) continue;
    known.add(g.path);
    if (stampedHash(abs, g) !== g.hash) changed.push(g.path);
  }
  // A hook folder not guarded at the last call (a new core.hooksPath) is not a drift: its files are taken as they are when its snapshots are first made.
  const dirs: string[] = [];
  for (const p of patterns) if (p.endsWith('/**') && hot.protectGlobs.includes(p)) dirs.push(p);
  for (const f of protectedFiles(root, dirs)) if (!known.has(f)) changed.push(f);
  return { wiring, git: changed };
}

/**
 * The git exec paths whose content differs from the hash the hot state
 * holds, and the files that appeared in git's hook folders since: hashes
 * of the few files git keeps there and one listing per hook folder.
 */
export function gitExecDrift(hot: HotState | null, root: string): string[] {
  return callDrift(hot, root).git;
}
