import type { OpenAction } from './next-step.js';

export interface ReplanRequest {
  fromTaskId: string;
  /** action id → task id it is absorbed into */
  absorb: ReadonlyMap<string, string>;
  /** action id → reason it is dropped */
  drop: ReadonlyMap<string, string>;
}

export type ReplanCheck = { ok: true } | { ok: false; problems: string[] };

/**
 * A replan is accepted only when it accounts for every open action of the
 * task it is for: each one absorbed into a task of the plan or dropped with a
 * reason. It may also settle open actions of other tasks.
 */
export function checkReplan(req: ReplanRequest, ctx: { openActions: readonly OpenAction[]; taskIds: readonly string[]; completedTaskIds: readonly string[] }): ReplanCheck {
  const problems: string[] = [];
  if (!ctx.taskIds.includes(req.fromTaskId)) problems.push(`the plan has no task "${req.fromTaskId}"`);
  else if (!ctx.completedTaskIds.includes(req.fromTaskId)) problems.push(`task ${req.fromTaskId} is not complete; a replan follows a completed task`);
  const open = new Map(ctx.openActions.map((a) => [a.id, a]));
  for (const id of [...req.absorb.keys(), ...req.drop.keys()]) {
    if (!open.has(id)) problems.push(`${id} is not an open pending action`);
  }
  for (const id of req.absorb.keys()) if (req.drop.has(id)) problems.push(`${id} is both absorbed and dropped`);
  for (const [id, taskId] of req.absorb) {
    if (!ctx.taskIds.includes(taskId)) problems.push(`${id} cannot be absorbed into task "${taskId}": the plan has no such task (re-import a revised plan to add one)`);
  }
  for (const [id, reason] of req.drop) if (!reason.trim()) problems.push(`${id} is dropped without a reason`);
  for (const a of ctx.openActions) {
    if (a.taskId === req.fromTaskId && !req.absorb.has(a.id) && !req.drop.has(a.id)) problems.push(`${a.id} ("${a.text}") is not accounted for`);
  }
  return problems.length ? { ok: false, problems } : { ok: true };
}
