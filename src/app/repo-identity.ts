import { spawnSync } from 'node:child_process';
import { repoIdentityOf } from '../domain/approval-statement.js';

/**
 * The identity of the git repository at `root` (repoIdentityOf): the same
 * on every clone, so a signed approval names the repository it is for. Null
 * outside a repository, or in one without a commit yet.
 */
export function repoIdentity(root: string): string | null {
  const r = spawnSync('git', ['rev-list', '--first-parent', '--max-parents=0', 'HEAD'], { cwd: root, encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) return null;
  return repoIdentityOf(r.stdout ?? '');
}
