import { isAbsolute, join } from 'node:path';
import { guardedPatterns } from '../../app/guard.js';
import { gitExecPatterns } from '../../app/git-exec-facts.js';
import { APPROVED_LINE } from '../../formats/plan/progress-marks.js';
import { activePlan } from '../../ledger/plans.js';
import { protectedPathMatcher } from '../../shell/protected-model.js';
import type { ToolPayload } from '../tool-rules.js';
import type { HandlerResult, HookContext } from '../types.js';
import { newText } from './guard-wants.js';
import { allow, deny, guardBashCommand, rel, whyGuarded } from './guard-bash.js';
import { FILE_WRITING_TOOLS, guardedWriteTarget, isPlanCandidate, writtenPath } from './plan-paths.js';
import { realRoot } from '../../util/real-path.js';
import { runningProgramPatterns } from '../../util/running-program.js';

/**
 * PreToolUse: a write to a guarded path, or of an Approved line, is denied
 * before it happens. Bash commands are analysed with a real shell parser
 * (src/shell); a command that cannot be analysed but names a guarded path
 * is denied, as the safe answer.
 */
export async function guardBeforeWrite(ctx: HookContext<ToolPayload>): Promise<HandlerResult> {
  const { payload, root } = ctx;
  const plan = activePlan(ctx.ledger.db);
  const patterns = guardedPatterns(plan, ctx.config, process.env, runningProgramPatterns(root), gitExecPatterns(root));
  const isGuarded = protectedPathMatcher(root, patterns);
  const isGuardedReal = protectedPathMatcher(realRoot(root), patterns);
  const cwd = payload.cwd ?? root;
  const planAbs = plan ? (isAbsolute(plan.path) ? plan.path : join(root, plan.path)) : null;

  if (FILE_WRITING_TOOLS.has(payload.tool_name)) {
    const abs = writtenPath(payload.tool_input, cwd);
    if (!abs) return allow('no target path');
    const guarded = guardedWriteTarget(abs, root, isGuarded, isGuardedReal);
    if (guarded !== null) return deny(ctx, guarded, whyGuarded(guarded, plan, root), payload.tool_name);
    // Continuity's own Approved line may be written back unchanged (a whole-file Write keeps it); any other is a forgery.
    const allowed = abs === planAbs ? plan?.approvedLine ?? null : null;
    const forgesApproval =
      (abs === planAbs || isPlanCandidate(abs, root)) && newText(payload.tool_input).split(/\r?\n/).some((l) => APPROVED_LINE.test(l) && l.trim() !== allowed);
    if (forgesApproval) return deny(ctx, rel(root, abs), 'only continuity writes the Approved line of a plan, when a person approves it', payload.tool_name);
    return allow('not guarded');
  }

  const command = typeof payload.tool_input.command === 'string' ? payload.tool_input.command : '';
  return guardBashCommand(command, { root, cwd, patterns, plan }, ctx);
}
