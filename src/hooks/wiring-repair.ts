import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config/schema.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { sha256 } from '../util/sha256.js';
import { keptContent, pathIn, readOrNull, snapshotOf } from '../app/guard.js';
import { keepVersion, type KeptVersion } from '../app/replaced-versions.js';
import { protectedPathMatcher } from '../shell/protected-model.js';
import { isWiringFile } from '../app/wiring-files.js';
import { wiringProjection } from '../app/hook-wiring.js';
import { judgeWiringChange } from './rules/wiring-change.js';

export interface WiringRepair {
  /** What was put back, in words (`.claude/settings.json (disableAllHooks put back; the rest of the new version kept)`). */
  restored: string[];
  /** Files changed in what switches hooks off that could not be put back (not writable here), with the error. */
  unrestorable: string[];
  /** Wiring files whose new content is the one kept from now on: a change adopted, or the version a repair wrote. */
  renewed: { path: string; content: string | null }[];
  /** Changes of the hook settings adopted (they keep or add continuity's hooks), to be said to the person. */
  adopted: { path: string; runsContinuity: boolean }[];
  /** The versions replaced or removed, kept first (src/app/replaced-versions.ts). */
  kept: KeptVersion[];
  /** Records the renewed contents (and an unrestorable file's, said once) in the ledger. */
  persist(db: SqlDatabase, now: string): void;
}

/**
 * Compares every wiring file with its last authorised snapshot and does what
 * the rule says (src/hooks/rules/wiring-change.ts): a change that keeps or
 * adds continuity's hooks is adopted; what of it weakens enforcement is put
 * back, only that part, the version it replaces kept first. A file that
 * cannot be written here (a system file) is reported once and its new
 * content taken as the snapshot: continuity cannot hold it, and whoever
 * could write it had rights continuity's hooks do not.
 */
export function repairWiring(
  db: SqlDatabase,
  root: string,
  config: Config,
  paths: readonly string[],
  opts: { /** Only say what would be put back (doctor). */ dryRun?: boolean; /** The change was made during the agent's tool call. */ byAgent?: boolean; now?: string } = {},
): WiringRepair {
  const protect = config.protect.length ? protectedPathMatcher(root, config.protect) : () => false;
  const at = opts.now ?? new Date().toISOString();
  const restored: string[] = [];
  const unrestorable: string[] = [];
  const renewed: { path: string; content: string | null }[] = [];
  const adopted: { path: string; runsContinuity: boolean }[] = [];
  const kept: KeptVersion[] = [];
  for (const path of paths) {
    if (!isWiringFile(path)) continue;
    const snap = snapshotOf(db, path);
    if (!snap) continue;
    const abs = pathIn(root, path);
    const now = readOrNull(abs);
    if ((now === null ? null : sha256(now)) === snap.hash) continue;
    const verdict = judgeWiringChange({ path, root, before: snap.content, after: now, byAgent: opts.byAgent === true, whole: protect(abs) });
    if (verdict.kind === 'unchanged') continue;
    if (verdict.kind === 'adopt') {
      renewed.push({ path, content: now });
      // A change of what wires the hooks is said to the person; a theme or a permission of theirs is not.
      if (!opts.dryRun && !opts.byAgent && wiringProjection(path, snap.content, root) !== wiringProjection(path, now, root)) adopted.push({ path, runsContinuity: verdict.runsContinuity });
      continue;
    }
    const words = verdict.text === null ? `${path} (created; removed)` : verdict.whole || verdict.text === snap.content ? `${path} (content restored)` : `${path} (${verdict.weakened.join(', ')} put back; the rest of the new version kept)`;
    if (opts.dryRun) {
      restored.push(snap.content === null ? `${path} (created)` : `${path} (changed)`);
      continue;
    }
    let keptHere: KeptVersion | null = null;
    try {
      if (now !== null) keptHere = keepVersion(root, path, now, at, `put back: ${verdict.weakened.join(', ')}`);
      if (verdict.text === null) rmSync(abs, { force: true });
      else {
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(abs, verdict.text);
      }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      unrestorable.push(`${path} (changed; could not be put back: ${code})`);
      renewed.push({ path, content: now });
      continue;
    }
    if (keptHere) kept.push(keptHere);
    restored.push(words);
    // What the repair wrote holds the person's part of the new version: it is the authorised one from now on.
    if (verdict.text !== snap.content) renewed.push({ path, content: verdict.text });
  }
  return {
    restored,
    unrestorable,
    renewed,
    adopted,
    kept,
    persist(db2, when) {
      for (const r of renewed) db2.run('UPDATE guard_snapshots SET content = ?, hash = ?, taken_at = ? WHERE path = ?', keptContent(r.path, r.content), r.content === null ? null : sha256(r.content), when, r.path);
    },
  };
}


/** The words said to the person when the wiring was found changed outside any hook that could see it. */
export function wiringRepairWords(repair: Pick<WiringRepair, 'restored' | 'unrestorable' | 'kept'>): string {
  const parts: string[] = [];
  if (repair.restored.length) parts.push(`put back: ${repair.restored.join('; ')}`);
  if (repair.unrestorable.length) parts.push(`not put back: ${repair.unrestorable.join('; ')}`);
  return (
    `continuity: the settings that run an agent client's hooks had been changed outside any hook that could see it (a client with its hooks off runs none, so nothing was enforced there meanwhile): ${parts.join('; ')}. ` +
    (repair.kept.length ? `The versions replaced are kept in ${repair.kept.map((k) => k.file).join(', ')}; \`continuity config restore\` lists them. ` : '') +
    'If you made this change yourself, `continuity config accept` keeps it.'
  );
}

/** The words said to the person for a change of the hook settings kept as it is. */
export function wiringAdoptedWords(adopted: WiringRepair['adopted']): string {
  return adopted.map((a) => `continuity: ${a.path} changed outside a hook; ${a.runsContinuity ? "it still runs continuity's hooks" : "it switches nothing of continuity's off"}; kept.`).join(' ');
}
