import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import type { Ledger } from '../ledger/ledger.js';
import { activePlan, setPlanFileStamp, type PlanRecord } from '../ledger/plans.js';
import { importPlan } from './import-plan.js';
import { parsePlanFile, readPlanFile } from './plan-files.js';

export interface RefreshOutcome {
  plan: PlanRecord | null;
  refreshed: boolean;
  /** The plan file no longer exists; the ledger keeps the last known plan. */
  missing: boolean;
}

/**
 * Re-reads the active plan only when its file changed (size or mtime first,
 * then content hash), so hook calls do not parse markdown on every event.
 */
export async function refreshActivePlan(
  ledger: Ledger,
  opts: { now: string; config: Config; source: string; sessionId?: string | null },
): Promise<RefreshOutcome> {
  const plan = activePlan(ledger.db);
  if (!plan) return { plan: null, refreshed: false, missing: false };
  const abs = plan.path.startsWith('/') ? plan.path : join(ledger.root, plan.path);
  let st;
  try {
    st = statSync(abs);
  } catch {
    return { plan, refreshed: false, missing: true };
  }
  if (st.size === plan.fileSize && st.mtimeMs === plan.fileMtimeMs) return { plan, refreshed: false, missing: false };
  const file = readPlanFile(ledger.root, abs);
  if (file.contentHash === plan.contentHash) {
    // The same content under new times (touched, checked out again, saved unchanged): the ledger takes the file's new stamp, so
    // that the next call does not read and hash it again, and a Stop can again be held from the hot state (its facts carry the stamp).
    // Only a saving: where the ledger cannot be written (a read-only copy), the call goes on as before.
    try {
      ledger.write((db) => setPlanFileStamp(db, plan.id, { size: st.size, mtimeMs: st.mtimeMs }));
    } catch {
      return { plan, refreshed: false, missing: false };
    }
    return { plan: { ...plan, fileSize: st.size, fileMtimeMs: st.mtimeMs }, refreshed: false, missing: false };
  }
  const parsed = await parsePlanFile(file, { dialect: plan.dialect });
  importPlan(ledger, file, parsed, { now: opts.now, config: opts.config, dialect: plan.dialect, source: opts.source, kind: 'plan.refresh', sessionId: opts.sessionId ?? null });
  return { plan: activePlan(ledger.db), refreshed: true, missing: false };
}
