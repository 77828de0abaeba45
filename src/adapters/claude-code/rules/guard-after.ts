import { isAbsolute, join } from 'node:path';
import { readOrNull, restoreApprovedLine, restoreSnapshot, snapshotOf, snapshotPaths } from '../../../app/guard.js';
import { approvedLinesOf } from '../../../formats/approved-line.js';
import { activePlan } from '../../../ledger/plans.js';
import { insertViolation } from '../../../ledger/sessions.js';
import { sha256 } from '../../../util/sha256.js';
import type { ToolPayload } from '../tool-rules.js';
import type { HandlerResult, HookContext } from '../types.js';
import { sameApprovedLines } from './guard-wants.js';

/**
 * PostToolUse of any tool that can write: the guarded files are compared
 * with their last authorised content, and the plan file's Approved line with
 * the one continuity wrote. An unauthorised change is put back (content
 * restored, a created file removed, a forged Approved line taken out) and
 * reported to the agent and the user. This catches what no parser can:
 * scripts, interpreters reading a file, git aliases, symbolic links.
 */
export function guardAfterWrite(ctx: HookContext<ToolPayload>): HandlerResult {
  const { root, ledger } = ctx;
  const plan = activePlan(ledger.db);
  const restored: string[] = [];
  for (const path of snapshotPaths(plan)) {
    const snap = snapshotOf(ledger.db, path);
    if (!snap) continue;
    const now = readOrNull(join(root, path));
    if ((now === null ? null : sha256(now)) === snap.hash) continue;
    restoreSnapshot(root, snap);
    restored.push(snap.content === null ? `${path} (created; removed)` : `${path} (content restored)`);
  }
  let forged: string[] = [];
  if (plan) {
    const abs = isAbsolute(plan.path) ? plan.path : join(root, plan.path);
    const text = readOrNull(abs);
    if (text !== null && !sameApprovedLines(approvedLinesOf(text), plan.approvedLine)) {
      forged = restoreApprovedLine(abs, plan.approvedLine);
      restored.push(`${plan.path} (Approved line put back as continuity wrote it)`);
    }
  }
  if (!restored.length) return { output: null, decision: { action: 'none', why: 'guarded files unchanged' } };

  const what = restored.join('; ');
  const reason =
    `continuity: the ${ctx.payload.tool_name} call changed guarded files, which were put back: ${what}. ` +
    'Guarded are continuity\'s ledger and config, the progress tracker of a plan that is not approved, the config\'s protect list, and the Approved line of a plan.';
  return {
    output: { decision: 'block', reason, systemMessage: `continuity: reverted an unauthorised change by ${ctx.payload.tool_name}: ${what}.` },
    decision: { action: 'reverted', restored, forgedApprovedLines: forged },
    persist: (db, eventId) => insertViolation(db, { at: ctx.now, sessionId: ctx.payload.session_id, kind: 'guarded_write_reverted', summary: `${ctx.payload.tool_name} changed ${what}`, eventId }),
  };
}
