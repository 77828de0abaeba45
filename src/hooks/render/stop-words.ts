import type { OpenAction } from '../../domain/next-step.js';
import type { StopDecision } from '../../domain/stop-gate.js';

const CLOSURE_RULE =
  'Stopping at a completed-task boundary is allowed only when the closure is waiting_user, blocked or pending_verification, or at a declared high-risk stop; ' +
  'a closure is declared with `continuity closure <state> --reason "…"` or a final line `continuity-closure: <state> — reason`.';

/**
 * The Stop gate's answer in Claude Code's protocol. The words state facts:
 * which task completed, what is owed next (a replan, or the next task), the
 * rule, and what was recorded. Nothing is said when the stop is allowed in
 * the ordinary way, and nothing ever reads as an instruction to implement a
 * plan that is not approved.
 */
export function renderStopDecision(
  d: StopDecision,
  ctx: { planId: string; planPath: string; nextTaskLine: number | null; openActions: readonly OpenAction[]; maxConsecutiveBlocks: number },
): Record<string, unknown> | null {
  if (d.action === 'allow') return null;
  if (d.obligation === 'replan') return renderReplan(d, ctx);
  const where = ctx.nextTaskLine ? ` (${ctx.planPath}:${ctx.nextTaskLine})` : '';
  const facts =
    `Task ${d.from.id} "${d.from.title}" of the approved plan ${ctx.planId} is complete. ` +
    `Task ${d.next.id} "${d.next.title}"${where} is the next task of the same plan and no dispatch receipt exists for it. ${CLOSURE_RULE}` +
    carriedForward(ctx.openActions);
  if (d.action === 'block') {
    return {
      decision: 'block',
      reason: `${facts} This message is recorded as the dispatch of Task ${d.next.id} (block ${d.blockNumber} of ${ctx.maxConsecutiveBlocks} at this boundary).`,
    };
  }
  return {
    systemMessage:
      `continuity: continuity failure in plan ${ctx.planId}: the session stopped after Task ${d.from.id} "${d.from.title}" ` +
      `while Task ${d.next.id} "${d.next.title}" was next and not dispatched. The Stop gate blocked ${d.blocks} times in a row at this boundary ` +
      `without progress and let this stop through (stopGate.maxConsecutiveBlocks = ${ctx.maxConsecutiveBlocks}). Recorded as a violation.`,
  };
}

function renderReplan(
  d: Extract<StopDecision, { obligation: 'replan' }>,
  ctx: { planId: string; maxConsecutiveBlocks: number },
): Record<string, unknown> {
  const list = d.actions.map((a) => `${a.id}: ${a.text}`).join('; ');
  if (d.action === 'block') {
    return {
      decision: 'block',
      reason:
        `Task ${d.from.id} "${d.from.title}" of the approved plan ${ctx.planId} is complete and its summary leaves ${d.actions.length} open pending action${d.actions.length === 1 ? '' : 's'}: ${list}. ` +
        'A replan is due before the next task: each action is absorbed into a task of the plan (a revised plan re-imported with `continuity plan import` can add one) or dropped with a reason, ' +
        `recorded with \`continuity replan --from-task ${d.from.id} --absorb ACTION_ID=TASK_ID --drop ACTION_ID=REASON\`. ${CLOSURE_RULE} ` +
        `This is block ${d.blockNumber} of ${ctx.maxConsecutiveBlocks} for this replan.`,
    };
  }
  return {
    systemMessage:
      `continuity: continuity failure in plan ${ctx.planId}: the session stopped with a replan due after Task ${d.from.id} "${d.from.title}" ` +
      `(open pending actions: ${list}). The Stop gate blocked ${d.blocks} times in a row without progress and let this stop through. Recorded as a violation.`,
  };
}

/** Open pending actions travel with every later dispatch, named with their source task. */
export function carriedForward(actions: readonly OpenAction[]): string {
  if (!actions.length) return '';
  return ` Open pending actions carried forward: ${actions.map((a) => `${a.id} (from Task ${a.taskId}): ${a.text}`).join('; ')}.`;
}
