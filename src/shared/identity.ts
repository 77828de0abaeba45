/**
 * Which repository this is, the same on every clone: its root commit, with the remote's
 * URL as a label for people. Read with git in the sync process, never in a hook.
 */
import { spawnSync } from 'node:child_process';
import { repoIdentityOf } from '../domain/approval-statement.js';

export interface ProjectIdentity {
  id: string;
  label: string | null;
}

export function projectIdentity(root: string): ProjectIdentity | { error: string } {
  const git = (args: string[]) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // The identity a signed approval names (src/app/repo-identity.ts, read the same way): the root commit on HEAD's first-parent line.
  const roots = git(['rev-list', '--first-parent', '--max-parents=0', 'HEAD']);
  const id = roots.status === 0 ? repoIdentityOf(roots.stdout) : null;
  if (!id) return { error: 'the repository has no commit yet (or git could not be run): its first commit is what names it to the other machines' };
  const remote = git(['config', '--get', 'remote.origin.url']);
  // A remote URL may carry a token (https://user:token@host/…): the label never does.
  const label = remote.status === 0 ? remote.stdout.trim().replace(/\/\/[^@/]*@/, '//') || null : null;
  return { id, label };
}
