import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import { CONFIG_PATH } from '../config/load.js';
import type { Ledger } from '../ledger/ledger.js';
import { LEDGER_DIR } from '../ledger/ledger.js';
import { writeHotState, type HotState } from '../ledger/hot-state.js';
import { activePlan, type PlanRecord } from '../ledger/plans.js';
import { sha256 } from '../util/sha256.js';
import { sddLedgerPath } from './progress.js';

/**
 * The files continuity guards right now:
 * - `.continuity/config.json` (the whole `.continuity/` folder is guarded by name);
 * - the progress tracker of a plan that is not approved: the `.tdd-progress.md`
 *   itself for the tdd dialect, the SDD ledger for superpowers plans;
 * - the config's `protect` list (globs; matched by the write guard).
 * The active plan's `Approved:` line is guarded separately: only continuity writes it.
 */
export function guardedFiles(root: string, plan: PlanRecord | null): string[] {
  const files = [CONFIG_PATH.split('\\').join('/')];
  if (plan && plan.state !== 'approved' && plan.state !== 'complete') {
    files.push(plan.dialect === 'tdd-progress' ? plan.path : sddLedgerPath(plan));
  }
  return files;
}

export function computeHotState(ledger: Ledger, config: Config, openRuns: number): HotState {
  const plan = activePlan(ledger.db);
  const guarded = guardedFiles(ledger.root, plan).map((path) => ({ path, hash: hashOf(join(ledger.root, path)) }));
  const names = new Set<string>([LEDGER_DIR, ...guarded.map((g) => lastSegment(g.path))]);
  for (const glob of config.protect) names.add(lastSegment(glob));
  return {
    v: 1,
    guarded,
    guardedNames: [...names].filter((n) => n && !/^[*?]+$/.test(n)),
    protectGlobs: [...config.protect],
    openRuns,
    plan: plan ? { path: plan.path, approvedLine: plan.approvedLine ?? null } : null,
  };
}

export function saveHotState(ledger: Ledger, config: Config, openRuns = 0): void {
  writeHotState(join(ledger.root, LEDGER_DIR), computeHotState(ledger, config, openRuns));
}

export function hashOf(absPath: string): string | null {
  try {
    return sha256(readFileSync(absPath, 'utf8'));
  } catch {
    return null;
  }
}

function lastSegment(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}
