/**
 * Which workspaces continuity guards, remembered outside them: one small
 * file per workspace in continuity's state home,
 *
 *   <state home>/guarded/<pathKey of the workspace root>.json   { v, root, at }
 *
 * written when a ledger is opened there (created or used), removed only by
 * `continuity init --uninstall` (the person's own command). One file per
 * workspace, each written whole by a rename: concurrent writers never mix
 * their records, and the last one wins with the same content. Asking costs
 * one stat, so a workspace that never had continuity stays cheap.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathKey, stateHome } from './recovery-copy.js';

export function guardedRecordOf(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(stateHome(env), 'guarded', `${pathKey(resolve(root))}.json`);
}

/** Does continuity remember guarding this workspace? One stat; the record's own path is checked only when there is one. */
export function isRemembered(root: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const record = guardedRecordOf(root, env);
  if (!existsSync(record)) return false;
  try {
    const r = JSON.parse(readFileSync(record, 'utf8')) as { root?: unknown };
    // Another path with the same key is another workspace.
    return typeof r.root !== 'string' || r.root === resolve(root);
  } catch {
    // A record that cannot be read still says the workspace was guarded.
    return true;
  }
}

/** Remembers the workspace (once: an existing record is kept). Never throws: a ledger that works is not failed for its record. */
export function rememberWorkspace(root: string, now: string, env: NodeJS.ProcessEnv = process.env): void {
  const record = guardedRecordOf(root, env);
  try {
    if (existsSync(record)) return;
    mkdirSync(join(record, '..'), { recursive: true });
    const tmp = `${record}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ v: 1, root: resolve(root), at: now })}\n`);
    renameSync(tmp, record);
  } catch (err) {
    process.stderr.write(`continuity: could not remember ${root} as guarded in ${record}: ${(err as Error).message.split('\n')[0]}\n`);
  }
}

/** Forgets the workspace: the person's own command (`continuity init --uninstall`). */
export function forgetWorkspace(root: string, env: NodeJS.ProcessEnv = process.env): void {
  rmSync(guardedRecordOf(root, env), { force: true });
}
