import type { StopDecision } from '../../../domain/stop-gate.js';

/**
 * The Stop gate's answer in Claude Code's protocol. The words state facts:
 * which task completed, which is next, the rule, and what was recorded.
 * Nothing is said when the stop is allowed in the ordinary way, and nothing
 * ever reads as an instruction to implement a plan that is not approved.
 */
export function renderStopDecision(
  d: StopDecision,
  ctx: { planId: string; planPath: string; nextTaskLine: number | null; maxConsecutiveBlocks: number },
): Record<string, unknown> | null {
  if (d.action === 'allow') return null;
  const where = ctx.nextTaskLine ? ` (${ctx.planPath}:${ctx.nextTaskLine})` : '';
  const facts =
    `Task ${d.from.id} "${d.from.title}" of the approved plan ${ctx.planId} is complete. ` +
    `Task ${d.next.id} "${d.next.title}"${where} is the next task of the same plan and no dispatch receipt exists for it. ` +
    'Stopping at a completed-task boundary is allowed only when the closure is waiting_user, blocked or pending_verification, or at a declared high-risk stop; ' +
    'a closure is declared with `continuity closure <state> --reason "…"` or a final line `continuity-closure: <state> — reason`.';
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
