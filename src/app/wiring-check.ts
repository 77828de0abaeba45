import type { Config } from '../config/schema.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { sha256 } from '../util/sha256.js';
import { keptContent, pathIn, readOrNull, snapshotOf, tryRestoreSnapshot } from './guard.js';
import { onlyEnablesContinuity, onlyGrantsTrust, wiringProjection } from './hook-wiring.js';
import { protectedPathMatcher } from '../shell/protected-model.js';
import { isWiringFile } from './wiring-files.js';

export interface WiringRepair {
  /** What was put back, in words (`~/.codex/config.toml (content restored)`). */
  restored: string[];
  /** Files changed in what switches hooks off that could not be put back (not writable here), with the error. */
  unrestorable: string[];
  /** Wiring files edited in what does not wire the hooks: their new content is the one kept from now on. */
  renewed: { path: string; content: string | null }[];
  /** Records the renewed contents (and an unrestorable file's, said once) in the ledger. */
  persist(db: SqlDatabase, now: string): void;
}

/**
 * Compares every wiring file with its last authorised snapshot: a change to
 * what wires the hooks (hook-wiring.ts: only what switches continuity off in
 * a user's or the system's file) is put back; any other edit is kept. A file
 * that cannot be written here (a system file) is reported once and its new
 * content taken as the snapshot: continuity cannot hold it, and whoever
 * could write it had rights continuity's hooks do not.
 */
export function repairWiring(db: SqlDatabase, root: string, config: Config, paths: readonly string[], opts: { /** Only say what would be put back (doctor). */ dryRun?: boolean } = {}): WiringRepair {
  const protect = config.protect.length ? protectedPathMatcher(root, config.protect) : () => false;
  const restored: string[] = [];
  const unrestorable: string[] = [];
  const renewed: { path: string; content: string | null }[] = [];
  for (const path of paths) {
    if (!isWiringFile(path)) continue;
    const snap = snapshotOf(db, path);
    if (!snap) continue;
    const now = readOrNull(pathIn(root, path));
    if ((now === null ? null : sha256(now)) === snap.hash) continue;
    // A file the person also listed in `protect` is compared whole.
    const whole = protect(pathIn(root, path));
    if (!whole && (wiringProjection(path, now, root) === wiringProjection(path, snap.content, root) || onlyEnablesContinuity(path, snap.content, now) || onlyGrantsTrust(path, snap.content, now, root))) {
      renewed.push({ path, content: now });
      continue;
    }
    if (opts.dryRun) {
      restored.push(snap.content === null ? `${path} (created)` : `${path} (changed)`);
      continue;
    }
    const failed = tryRestoreSnapshot(root, snap);
    if (failed) {
      unrestorable.push(`${path} (changed; could not be put back: ${failed})`);
      renewed.push({ path, content: now });
    } else restored.push(snap.content === null ? `${path} (created; removed)` : `${path} (content restored)`);
  }
  return {
    restored,
    unrestorable,
    renewed,
    persist(db2, at) {
      for (const r of renewed) db2.run('UPDATE guard_snapshots SET content = ?, hash = ?, taken_at = ? WHERE path = ?', keptContent(r.path, r.content), r.content === null ? null : sha256(r.content), at, r.path);
    },
  };
}

/** The words said to the person when the wiring was found changed outside any hook that could see it. */
export function wiringRepairWords(repair: Pick<WiringRepair, 'restored' | 'unrestorable'>): string {
  const parts: string[] = [];
  if (repair.restored.length) parts.push(`put back: ${repair.restored.join('; ')}`);
  if (repair.unrestorable.length) parts.push(`not put back: ${repair.unrestorable.join('; ')}`);
  return (
    `continuity: the settings that run an agent client's hooks had been changed outside any hook that could see it (a client with its hooks off runs none, so nothing was enforced there meanwhile): ${parts.join('; ')}. ` +
    'If you made this change yourself, `continuity config accept` keeps it.'
  );
}
