import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withApprovedLine } from '../formats/approved-line.js';
import { restoreApprovedLine } from './guard.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { markApproved, type PlanRecord } from '../ledger/plans.js';

/** The human channels an approval may come through (anything else is refused). */
export type ApprovalChannel = 'user-prompt' | 'ask-user-question' | 'plan-mode-acceptance' | 'cli-terminal';

/**
 * Approves a plan, bound to its current structure hash, inside the caller's
 * transaction. Where the dialect has an approval marker (tdd-progress),
 * continuity writes the `**Approved:** <ISO>` line itself and remembers it,
 * so any other Approved line is recognisable as a forgery.
 */
export function approvePlan(db: SqlDatabase, root: string, plan: PlanRecord, opts: { channel: ApprovalChannel; at: string }): { approvedLine: string | null } {
  markApproved(db, plan.id, { structureHash: plan.structureHash, at: opts.at, via: opts.channel });
  if (plan.dialect !== 'tdd-progress') return { approvedLine: null };
  const abs = plan.path.startsWith('/') ? plan.path : join(root, plan.path);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    return { approvedLine: null };
  }
  const written = withApprovedLine(text, opts.at);
  writeFileSync(abs, written.text);
  db.run('UPDATE plans SET approved_line = ? WHERE id = ?', written.line, plan.id);
  return { approvedLine: written.line };
}

/**
 * Takes an approval back: the plan is a draft again (its structure hash no
 * longer bound), and for a tdd-progress plan the Approved line continuity
 * wrote is taken out of the file, inside the caller's transaction.
 */
export function revokeApproval(db: SqlDatabase, root: string, plan: PlanRecord, at: string): void {
  db.run("UPDATE plans SET state = 'draft', approved_hash = NULL, approved_at = NULL, approved_via = NULL, approved_line = NULL, updated_at = ? WHERE id = ?", at, plan.id);
  if (plan.dialect !== 'tdd-progress') return;
  const abs = plan.path.startsWith('/') ? plan.path : join(root, plan.path);
  restoreApprovedLine(abs, null);
}
