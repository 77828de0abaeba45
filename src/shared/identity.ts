/**
 * Which repository this is, the same on every clone: its root commit (the
 * first of them, sorted, for a history with several), with the remote's
 * URL as a label for people. Read with git in the sync process, never in a hook.
 */
import { spawnSync } from 'node:child_process';

export interface ProjectIdentity {
  id: string;
  label: string | null;
}

export function projectIdentity(root: string): ProjectIdentity | { error: string } {
  const git = (args: string[]) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const roots = git(['rev-list', '--max-parents=0', 'HEAD']);
  if (roots.error) return { error: `git could not be run (${roots.error.message})` };
  const ids = roots.status === 0 ? roots.stdout.split('\n').map((l) => l.trim()).filter((l) => /^[0-9a-f]{40,64}$/.test(l)).sort() : [];
  if (!ids.length) return { error: 'the repository has no commit yet: its first commit is what names it to the other machines' };
  const remote = git(['config', '--get', 'remote.origin.url']);
  // A remote URL may carry a token (https://user:token@host/…): the label never does.
  const label = remote.status === 0 ? remote.stdout.trim().replace(/\/\/[^@/]*@/, '//') || null : null;
  return { id: ids[0]!, label };
}
