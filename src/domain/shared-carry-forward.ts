/**
 * Pending actions and replans from another machine: what they change here.
 * Pure; called by the intake rule (shared-intake.ts) once the record is known
 * to be for this plan, same path and same structure.
 *
 * - A pending action raised there (a follow-up written in a task summary) is
 *   raised here with the same id, so this machine's next boundary carries it
 *   and forces the replan as a local one would; an id already known here is
 *   not raised again, whatever its state (a resolved action stays resolved).
 * - A replan there resolves here the actions it names that are still open
 *   here, and marks its task replanned (the loop protection is keyed to the
 *   triggering task, on every machine alike). An action's state only moves
 *   forward (open → absorbed or dropped → done): one already resolved here
 *   keeps this machine's resolution, and the difference is named.
 */

export interface RaisedAction {
  id: string;
  taskId: string;
  text: string;
}

export interface ActionFacts {
  taskIds: readonly string[];
  /** Pending actions known here, by id, with their state. */
  actions: ReadonlyMap<string, { state: string; absorbedInto: string | null }>;
  replannedTaskIds: readonly string[];
}

export type ReplanIntake =
  | { take: 'replan'; fromTaskId: string; absorb: [string, string][]; drop: [string, string][]; conflicts: string[] }
  | { take: 'refused'; reason: string };

/** The pending actions a record carries (pushed with the event that raised them) that this machine does not hold yet. */
export function newActions(facts: ActionFacts, input: unknown): RaisedAction[] {
  const raised = (input as { raisedActions?: unknown } | null)?.raisedActions;
  if (!Array.isArray(raised)) return [];
  const out: RaisedAction[] = [];
  for (const a of raised as unknown[]) {
    const { id, taskId, text } = (a ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || typeof taskId !== 'string' || typeof text !== 'string') continue;
    // An action of a task this plan does not have cannot be carried by any of its boundaries.
    if (!facts.taskIds.includes(taskId) || facts.actions.has(id) || out.some((o) => o.id === id)) continue;
    out.push({ id, taskId, text });
  }
  return out;
}

/** A replan recorded on `machine`, as this machine takes it. */
export function replanIntake(facts: ActionFacts, machine: string, input: unknown): ReplanIntake {
  const { fromTaskId, absorb, drop } = (input ?? {}) as { fromTaskId?: unknown; absorb?: unknown; drop?: unknown };
  if (typeof fromTaskId !== 'string' || !facts.taskIds.includes(fromTaskId)) return { take: 'refused', reason: `the replan names no task of this plan (${String(fromTaskId)})` };
  const absorbed = entries(absorb);
  const dropped = entries(drop);
  if (absorbed === null || dropped === null) return { take: 'refused', reason: 'the replan record is not well formed' };
  const conflicts: string[] = [];
  const keep = (id: string, what: string): boolean => {
    const here = facts.actions.get(id);
    if (!here) {
      conflicts.push(`${id} (${what} on ${machine}) is not known here`);
      return false;
    }
    if (here.state !== 'open') {
      const mine = here.state === 'absorbed' || (here.state === 'done' && here.absorbedInto) ? `absorbed into Task ${here.absorbedInto}` : here.state;
      if (mine !== what) conflicts.push(`${id} was ${what} on ${machine}; here it stays ${mine}`);
      return false;
    }
    return true;
  };
  const absorbHere = absorbed.filter(([id, taskId]) => facts.taskIds.includes(taskId) && keep(id, `absorbed into Task ${taskId}`));
  for (const [id, taskId] of absorbed) if (!facts.taskIds.includes(taskId)) conflicts.push(`${id} was absorbed on ${machine} into Task ${taskId}, which this plan does not have`);
  const dropHere = dropped.filter(([id]) => keep(id, 'dropped'));
  if (!absorbHere.length && !dropHere.length && facts.replannedTaskIds.includes(fromTaskId)) {
    return { take: 'refused', reason: `a replan after Task ${fromTaskId} is already recorded here${conflicts.length ? `; ${conflicts.join('; ')}` : ''}` };
  }
  return { take: 'replan', fromTaskId, absorb: absorbHere, drop: dropHere, conflicts };
}

function entries(v: unknown): [string, string][] | null {
  if (v === undefined || v === null) return [];
  if (typeof v !== 'object' || Array.isArray(v)) return null;
  const out = Object.entries(v as Record<string, unknown>);
  return out.every(([, x]) => typeof x === 'string') ? (out as [string, string][]) : null;
}
