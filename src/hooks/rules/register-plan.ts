import { importPlan } from '../../app/import-plan.js';
import { parsePlanFile, readPlanFile } from '../../app/plan-files.js';
import { restoreApprovedLine } from '../../app/guard.js';
import { CliError } from '../../util/errors.js';
import { approvedLinesOf } from '../../formats/approved-line.js';
import { activePlan } from '../../ledger/plans.js';
import type { ToolPayload } from '../tool-rules.js';
import type { HandlerResult, HookContext } from '../types.js';
import { writtenPath } from './plan-paths.js';

/**
 * PostToolUse of a file write to a plan candidate: the file is registered as
 * the active plan, a draft (or stale, if it changed an approved plan), as
 * `continuity plan import` would. A file with no tasks is left alone.
 */
export async function registerWrittenPlan(ctx: HookContext<ToolPayload>): Promise<HandlerResult> {
  const abs = writtenPath(ctx.payload.tool_input, ctx.payload.cwd ?? ctx.root);
  if (!abs) return { output: null, decision: { action: 'none' } };
  try {
    const file = readPlanFile(ctx.root, abs);
    const parsed = await parsePlanFile(file);
    const result = importPlan(ctx.ledger, file, parsed, { now: ctx.now, config: ctx.config, source: ctx.source, kind: 'plan.register', sessionId: ctx.payload.session_id });
    // An Approved line in a plan the agent just wrote is not an approval: only continuity writes one.
    const forged = approvedLinesOf(file.text).length ? restoreApprovedLine(abs, activePlan(ctx.ledger.db)?.approvedLine ?? null) : [];
    const words =
      result.state === 'approved'
        ? null
        : `continuity registered ${result.path} as plan ${result.planId} (${result.taskCount} tasks): ${result.state === 'stale' ? 'its tasks changed after approval; the approval no longer applies' : 'a draft'}; its execution has not been authorised.` +
          (forged.length ? ` The Approved line it contained was removed: only continuity writes one, when a person approves the plan.` : '');
    return {
      output: words ? { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: words } } : null,
      decision: { action: 'registered', planId: result.planId, state: result.state, tasks: result.taskCount, forgedApprovedLines: forged },
    };
  } catch (err) {
    // Not a plan (no tasks found, unreadable): nothing to register.
    if (err instanceof CliError) return { output: null, decision: { action: 'not_a_plan', why: err.message } };
    throw err;
  }
}
