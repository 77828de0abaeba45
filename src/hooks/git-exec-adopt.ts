import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { pathIn, readOrNull, snapshotOf, snapshotPaths, syncSnapshots } from '../app/guard.js';
import type { Config } from '../config/schema.js';
import { execKeysAdded } from '../domain/git-exec-paths.js';
import { SIGNERS_FILE } from '../domain/approval-statement.js';
import { globalExecFiles } from '../app/git-global-facts.js';
import type { Ledger } from '../ledger/ledger.js';
import { insertNotice } from '../ledger/notices.js';
import { activePlan } from '../ledger/plans.js';
import { CLIENT_LOADED_DIRS } from '../app/wiring-files.js';

/**
 * git's exec paths changed between hook calls (git-exec-drift.ts): taken as
 * the person's, their new content authorised from now on. What of the
 * change git would run is left as a notice for the person: an exec key a
 * config file now sets, an executable hook that appeared or changed. Not
 * undone: the person may have done it, and only they can tell.
 * Returns the notices' texts.
 */
/** Who loads a file of each folder of CLIENT_LOADED_DIRS, by its first segment. */
const LOADER: Record<string, string> = { '.pi': 'pi', '.opencode': 'OpenCode', '.github': 'Copilot CLI' };
const loaded = (path: string) => CLIENT_LOADED_DIRS.some((d) => path.startsWith(`${d}/`));

export function adoptGitExecDrift(ledger: Ledger, config: Config, root: string, changed: readonly string[], now: string): string[] {
  const notices: string[] = [];
  // The person's own git config outside the project (`~/.gitconfig`, whatever its name): an exec key added there runs in every repository.
  const global = globalExecFiles();
  const globalConfigs = new Set(global.configs);
  // Their shell's start-up files and git's global attributes file: the person's to edit, taken silently.
  const globalOther = new Set(global.files);
  for (const path of changed) {
    if (path === SIGNERS_FILE) {
      const had = snapshotOf(ledger.db, path)?.hash ? 'changed' : 'appeared';
      notices.push(readOrNull(pathIn(root, path)) === null
        ? `${SIGNERS_FILE}, the allowed signers of approvals, was removed outside the agent's tool calls; no signed approval verifies here until it is back.`
        : `${SIGNERS_FILE}, the allowed signers of approvals, ${had} outside the agent's tool calls (a pull, or your own edit) and is kept as it is: signatures are checked against what it lists now.`);
      continue;
    }
    const current = readOrNull(pathIn(root, path));
    if (current === null) continue;
    if (loaded(path)) {
      notices.push(`${path} ${snapshotOf(ledger.db, path)?.hash ? 'changed' : 'appeared'} outside the agent's tool calls; ${LOADER[path.split('/')[0]!] ?? 'the agent\'s client'} loads it and runs it as you; it is kept as it is.`);
      continue;
    }
    const name = basename(path);
    if (globalConfigs.has(path)) {
      const added = execKeysAdded(snapshotOf(ledger.db, path)?.content ?? null, current);
      if (added.length) notices.push(`${path} now sets ${added.join(', ')}, which git runs at a git command in any repository; it changed outside the agent's tool calls and is kept as it is.`);
      continue;
    }
    if (globalOther.has(path)) continue;
    if (name === 'commondir') {
      // git makes one only in a linked worktree's gitdir (`git worktree add`); elsewhere it moves the repository's config and hooks.
      if (snapshotOf(ledger.db, path)?.content?.trim() !== current.trim()) notices.push(`${path} now leads git to ${current.trim()} for this repository's config and hooks; it changed outside the agent's tool calls and is kept as it is.`);
      continue;
    }
    if (/(^|\/)hooks\//.test(path) || !/^config(\.worktree)?$/.test(name)) {
      if (name.endsWith('.sample') || !executable(pathIn(root, path))) continue;
      const before = snapshotOf(ledger.db, path);
      notices.push(`${path} is an executable hook git runs; it ${before?.hash ? 'changed' : 'appeared'} outside the agent's tool calls and is kept as it is.`);
      continue;
    }
    const added = execKeysAdded(snapshotOf(ledger.db, path)?.content ?? null, current);
    if (added.length) notices.push(`${path} now sets ${added.join(', ')}, which git runs at a git command in this project; it changed outside the agent's tool calls and is kept as it is.`);
  }
  syncSnapshots(ledger, root, snapshotPaths(activePlan(ledger.db), config, root, process.env, ledger.db), { now, adopt: new Set(changed) });
  if (notices.length) ledger.write((db) => notices.forEach((text) => insertNotice(db, { at: now, kind: text.startsWith(SIGNERS_FILE) ? 'signers_changed' : loaded(text.split(' ')[0]!) ? 'client_code_changed' : 'git_exec_changed', text, eventId: null })));
  return notices;
}

function executable(path: string): boolean {
  return ((statSync(path, { throwIfNoEntry: false })?.mode ?? 0) & 0o111) !== 0;
}
