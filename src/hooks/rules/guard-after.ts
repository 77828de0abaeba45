import { isAbsolute, join } from 'node:path';
import { newcomerTest, pathIn, readOrNull, restoreApprovedLine, restoreSnapshot, snapshotOf, snapshotPaths } from '../../app/guard.js';
import { approvedLinesOf } from '../../formats/approved-line.js';
import { readHotState, type HotState } from '../../ledger/hot-state.js';
import { LEDGER_DIR } from '../../ledger/ledger.js';
import { strangersInLedgerDir } from '../../ledger/ledger-dir.js';
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { activePlan } from '../../ledger/plans.js';
import { insertViolation } from '../../ledger/sessions.js';
import { sha256 } from '../../util/sha256.js';
import type { ToolPayload } from '../tool-rules.js';
import type { HandlerResult, HookContext } from '../types.js';
import { sameApprovedLines } from './guard-wants.js';
import { approvalInCopy } from '../../ledger/recovery-copy.js';
import { isWiringFile } from '../../app/hook-wiring.js';
import { repairWiring } from '../wiring-repair.js';
import { keepVersion, type KeptVersion } from '../../app/replaced-versions.js';
import type { SqlDatabase } from '../../ledger/driver.js';

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
  const restored: string[] = [];
  /** Wiring files edited in what does not wire the hooks (or only to turn continuity's plugin on): their new content is the one kept from now on. */
  const renewed: { path: string }[] = [];
  const plan = activePlan(ledger.db);
  // Read once: the protect globs in force and the approval as continuity last recorded it.
  const hot = readHotState(join(root, LEDGER_DIR));
  const newcomer = newcomerTest(root, ctx.config, hot?.protectGlobs);
  const paths = snapshotPaths(plan, ctx.config, root, process.env, ledger.db);
  // The hook wiring, with what of it is continuity's: src/hooks/wiring-repair.ts. Whatever changed it during this call is the agent.
  const wiring = repairWiring(ledger.db, root, ctx.config, paths, { byAgent: true, now: ctx.now });
  restored.push(...wiring.restored, ...wiring.unrestorable);
  // Every version replaced or removed is kept first (src/app/replaced-versions.ts).
  const kept: KeptVersion[] = [...wiring.kept];
  for (const path of paths) {
    if (isWiringFile(path)) continue;
    const snap = snapshotOf(ledger.db, path) ?? (newcomer(path) ? { path, content: null, hash: null } : null);
    if (!snap) continue;
    const now = readOrNull(pathIn(root, path));
    if ((now === null ? null : sha256(now)) === snap.hash) continue;
    if (now !== null) kept.push(keepVersion(root, path, now, ctx.now, snap.content === null ? 'created by a tool call; removed' : 'changed by a tool call; put back'));
    restoreSnapshot(root, snap);
    restored.push(snap.content === null ? `${path} (created; removed)` : `${path} (content restored)`);
  }
  renewed.push(...wiring.renewed);
  const renew = (db: SqlDatabase) => wiring.persist(db, ctx.now);
  for (const name of strangersInLedgerDir(root)) {
    for (const file of filesUnder(join(root, LEDGER_DIR), name)) {
      const text = readOrNull(join(root, LEDGER_DIR, file));
      if (text !== null) kept.push(keepVersion(root, `${LEDGER_DIR}/${file}`, text, ctx.now, 'created in continuity\'s folder; removed'));
    }
    rmSync(join(root, LEDGER_DIR, name), { recursive: true, force: true });
    restored.push(`${LEDGER_DIR}/${name} (created; removed: only continuity writes its folder)`);
  }
  const approval = undoForgedApproval(ctx, hot);
  if (approval) restored.push(approval);
  let forged: string[] = [];
  if (plan) {
    const abs = isAbsolute(plan.path) ? plan.path : join(root, plan.path);
    const text = readOrNull(abs);
    if (text !== null && !sameApprovedLines(approvedLinesOf(text), plan.approvedLine)) {
      forged = restoreApprovedLine(abs, plan.approvedLine);
      restored.push(`${plan.path} (Approved line put back as continuity wrote it)`);
    }
  }
  if (!restored.length) return { output: null, decision: { action: 'none', why: 'guarded files unchanged', ...(renewed.length ? { renewed: renewed.map((r) => r.path) } : {}) }, persist: renewed.length ? (db) => renew(db) : undefined };

  const what = restored.join('; ');
  const reason =
    `continuity: the ${ctx.payload.tool_name} call changed guarded files, which were put back: ${what}. ` +
    'Guarded are continuity\'s ledger and config, the progress tracker of a plan that is not approved, the config\'s protect list, the hook wiring (the hooks, sandbox and plugin keys of the agents\' settings files, and the MCP and language server configs), the folders pi, OpenCode and Copilot CLI load every file of (extensions, plugins, tools, hook files, custom agents), git\'s hooks and the config files that name code git runs (the person\'s own outside the project too, with their shell\'s start-up files), and the Approved line of a plan.';
  return {
    output: { decision: 'block', reason, systemMessage: `continuity: reverted an unauthorised change by ${ctx.payload.tool_name}: ${what}.` },
    decision: { action: 'reverted', restored, forgedApprovedLines: forged, ...(kept.length ? { replacedVersions: kept } : {}) },
    persist: (db, eventId) => {
      renew(db);
      insertViolation(db, { at: ctx.now, sessionId: ctx.payload.session_id, kind: 'guarded_write_reverted', summary: `${ctx.payload.tool_name} changed ${what}`, eventId });
    },
  };
}

/** The files at `name` inside `dir` (itself, or those under it when it is a folder; a symbolic link is not followed), relative to `dir`. */
function filesUnder(dir: string, name: string): string[] {
  try {
    const st = lstatSync(join(dir, name), { throwIfNoEntry: false });
    if (!st) return [];
    if (st.isFile()) return [name];
    if (!st.isDirectory()) return [];
    return readdirSync(join(dir, name)).flatMap((n) => filesUnder(dir, `${name}/${n}`));
  } catch {
    return [];
  }
}

/**
 * An approval that appears in the ledger without continuity having recorded
 * it was written by something else: a script opening the ledger directly.
 * It stands only when the hot state already held it, or when continuity's
 * own record of it exists twice over: an approval event written to the
 * ledger by continuity (not one from the spool, which anything can fill) and
 * the recovery copy's head, outside the work tree, holding the same
 * approval. Otherwise it is undone.
 */
function undoForgedApproval(ctx: HookContext<ToolPayload>, hot: HotState | null): string | null {
  const plan = activePlan(ctx.ledger.db);
  if (!plan || plan.state !== 'approved' || plan.approvedHash === null) return null;
  const before = hot?.approval?.planId === plan.id ? hot.approval : null;
  if (before?.state === 'approved' && before.approvedHash === plan.approvedHash) return null;
  const recorded = ctx.ledger.db.get<{ n: number }>(
    "SELECT count(*) AS n FROM events WHERE spool_id IS NULL AND at >= ? AND (kind = 'approve' OR decision LIKE '%\"action\":\"approved\"%')",
    plan.approvedAt ?? '',
  );
  const head = ctx.ledger.recoveryHead;
  if (Number(recorded?.n ?? 0) > 0 && (!head || approvalInCopy(head, plan))) return null;
  const state = before ? (before.state === 'approved' ? 'stale' : before.state) : 'draft';
  ctx.ledger.write((db) => db.run('UPDATE plans SET state = ?, approved_hash = ?, approved_at = NULL, approved_via = NULL WHERE id = ?', state, before?.approvedHash ?? null, plan.id));
  return `the approval of plan ${plan.id} written into the ledger outside continuity (undone; the plan is ${state} again)`;
}
