import type { ApprovalStatement } from './approval-statement.js';
import { newActions, replanIntake, type ActionFacts, type RaisedAction } from './shared-carry-forward.js';

/**
 * What a record another machine pushed to the shared ledger changes here.
 * Pure: this machine's facts and the record in, the local writes (or the
 * reason there are none) out. The shell applies them in one transaction with
 * the event that explains them (src/app/shared-sync.ts).
 *
 * - A task's completion or block is taken for the same plan only: the same
 *   path and the same structure hash. A task already complete here gets a
 *   `task.done.repeated`, as a second client's `task done` on one machine does.
 * - An approval or revocation is believed only with the person's signature,
 *   checked by the caller against the repository's allowed signers, and only
 *   for the plan (path and structure) it names: anyone who holds the database's
 *   credentials (an agent included) can write a record, nobody but the person
 *   can sign one.
 * - A plan whose structure differs on the other machine (a replan there, a
 *   plan file changed and not yet pulled here) is said to the person; nothing
 *   of it is applied to this machine's version of the plan.
 * - Pending actions raised there are raised here, and a replan there resolves
 *   them here (src/domain/shared-carry-forward.ts), for the same plan only.
 * - Everything else (hook calls, receipts) stays in the team's audit trail:
 *   each machine decides those from its own.
 */

export interface IntakeRecord {
  id: string;
  machine: string;
  kind: string;
  at: string;
  client: string | null;
  sessionId: string | null;
  planPath: string | null;
  structureHash: string | null;
  input: unknown;
  decision: unknown;
  /** The signed approval statement the record carries, if any (statement null: its text is not one a person signs). */
  approval: { statement: ApprovalStatement | null; signature: string } | null;
}

export interface IntakeFacts {
  /** The repository's identity the project is shared under. */
  projectId: string;
  /** The plan here with the record's path, if any. */
  plan: { id: string; path: string; structureHash: string; state: string; approvedHash: string | null } | null;
  /** Task ids of that plan and their recorded states. */
  tasks: readonly { id: string; state: string | null }[];
  /** The plan's pending actions known here, by id, and the tasks a replan is recorded for. */
  actions: ActionFacts['actions'];
  replannedTaskIds: readonly string[];
  /** The time of the last signed statement this machine holds for the plan (its own or taken in): an older one is a replay. */
  lastSignedAt: string | null;
}

/** The signature check's answer for the record's statement: null when this build has no way to check one. */
export type SignatureCheck = { ok: true; signer: string } | { ok: false; reason: string } | null;

export type Intake =
  | { take: 'task-state'; planId: string; taskId: string; state: 'complete' | 'blocked'; actions: RaisedAction[] }
  | { take: 'repeated'; planId: string; taskId: string; actions: RaisedAction[] }
  | { take: 'actions'; planId: string; actions: RaisedAction[] }
  | { take: 'replan'; planId: string; fromTaskId: string; absorb: [string, string][]; drop: [string, string][]; conflicts: string[] }
  | { take: 'approval'; action: 'approve' | 'revoke'; planId: string; signer: string }
  | { take: 'refused'; reason: string; notice: string | null }
  | { take: 'audit' };

const APPROVAL_KINDS = new Set(['approve', 'revoke']);
const APPROVAL_ACTIONS = new Set(['approved', 'revoked']);
const PLAN_CHANGES = new Set(['plan.import', 'plan.refresh', 'replan']);

/** Whether a record says a plan was approved or its approval taken back: only ever believed signed. */
export function isApprovalRecord(r: Pick<IntakeRecord, 'kind' | 'decision' | 'approval'>): boolean {
  const action = (r.decision as { action?: unknown } | null)?.action;
  return APPROVAL_KINDS.has(r.kind) || (typeof action === 'string' && APPROVAL_ACTIONS.has(action)) || r.approval !== null;
}

export function intakeOf(facts: IntakeFacts, r: IntakeRecord, check: SignatureCheck): Intake {
  if (isApprovalRecord(r)) return approvalIntake(facts, r, check);
  if (r.kind === 'task.done' || r.kind === 'task.blocked') return taskIntake(facts, r);
  if (PLAN_CHANGES.has(r.kind) && r.planPath && facts.plan && r.planPath === facts.plan.path && r.structureHash && r.structureHash !== facts.plan.structureHash) {
    return {
      take: 'refused',
      reason: `the plan's structure on ${r.machine} (${r.structureHash.slice(0, 12)}) is not this checkout's (${facts.plan.structureHash.slice(0, 12)})`,
      notice: `plan ${facts.plan.path} changed on ${r.machine} (${r.kind} at ${r.at}): its structure there is ${r.structureHash.slice(0, 12)}, here ${facts.plan.structureHash.slice(0, 12)}. Task states recorded there for that version are not applied here until this checkout has the same plan.`,
    };
  }
  const plan = facts.plan;
  if (!plan || !r.planPath || r.planPath !== plan.path || r.structureHash !== plan.structureHash) return { take: 'audit' };
  if (r.kind === 'replan') {
    const replan = replanIntake(actionFacts(facts), r.machine, r.input);
    return replan.take === 'refused' ? { take: 'refused', reason: replan.reason, notice: null } : { ...replan, planId: plan.id };
  }
  const actions = newActions(actionFacts(facts), r.input);
  return actions.length ? { take: 'actions', planId: plan.id, actions } : { take: 'audit' };
}

function actionFacts(facts: IntakeFacts): ActionFacts {
  return { taskIds: facts.tasks.map((t) => t.id), actions: facts.actions, replannedTaskIds: facts.replannedTaskIds };
}

function taskIntake(facts: IntakeFacts, r: IntakeRecord): Intake {
  const taskId = (r.decision as { taskId?: unknown } | null)?.taskId;
  if (typeof taskId !== 'string') return { take: 'refused', reason: 'the record names no task', notice: null };
  const plan = facts.plan;
  if (!plan || !r.planPath || r.planPath !== plan.path) return { take: 'refused', reason: `no plan ${r.planPath ?? '(unnamed)'} in this checkout`, notice: null };
  if (r.structureHash !== plan.structureHash) {
    return {
      take: 'refused',
      reason: `task ${taskId} was recorded on ${r.machine} against another version of ${plan.path} (${(r.structureHash ?? '?').slice(0, 12)}; here ${plan.structureHash.slice(0, 12)})`,
      notice: `Task ${taskId} of ${plan.path} was recorded ${r.kind === 'task.done' ? 'complete' : 'blocked'} on ${r.machine} against another version of the plan (structure ${(r.structureHash ?? '?').slice(0, 12)}; here ${plan.structureHash.slice(0, 12)}); it is not applied here.`,
    };
  }
  const task = facts.tasks.find((t) => t.id === taskId);
  if (!task) return { take: 'refused', reason: `plan ${plan.path} has no task ${taskId}`, notice: null };
  // The follow-ups its summary listed are taken with it, a repeated completion's too: they are work the other machine found.
  const actions = newActions(actionFacts(facts), r.input);
  if (r.kind === 'task.done' && task.state === 'complete') return { take: 'repeated', planId: plan.id, taskId, actions };
  // A block from elsewhere does not undo a completion recorded here.
  if (r.kind === 'task.blocked' && task.state === 'complete') return { take: 'refused', reason: `task ${taskId} is already complete here`, notice: null };
  return { take: 'task-state', planId: plan.id, taskId, state: r.kind === 'task.done' ? 'complete' : 'blocked', actions };
}

function approvalIntake(facts: IntakeFacts, r: IntakeRecord, check: SignatureCheck): Intake {
  const what = r.kind === 'revoke' || (r.decision as { action?: unknown } | null)?.action === 'revoked' ? 'revocation' : 'approval';
  const refuse = (reason: string): Intake => ({
    take: 'refused',
    reason,
    notice: `an ${what} of a plan recorded on ${r.machine} at ${r.at} was not believed (${reason}).`,
  });
  if (!r.approval) return refuse('it carries no signed statement');
  const s = r.approval.statement;
  if (!s) return refuse('its statement is not one a person signs');
  if (check === null) return refuse('its signature could not be checked');
  if (!check.ok) return refuse(`its signature does not verify: ${check.reason}`);
  if (s.repo !== facts.projectId) return refuse('the signed statement names another repository');
  // A signed statement copied into a new record verifies as well as the first: only one newer than any this machine holds counts.
  if (facts.lastSignedAt !== null && s.at <= facts.lastSignedAt) return refuse(`the signed statement (${s.at}) is not newer than the last one held here (${facts.lastSignedAt})`);
  const plan = facts.plan;
  if (!plan || plan.path !== s.planPath) return refuse(`no plan ${s.planPath} in this checkout`);
  // An approval binds the structure it names; a revocation names the structure of the approval it takes back.
  const bound = s.action === 'approve' ? plan.structureHash === s.structureHash : plan.approvedHash === s.structureHash || plan.structureHash === s.structureHash;
  if (!bound) return refuse(`the signed statement is for another version of ${plan.path}`);
  return { take: 'approval', action: s.action, planId: plan.id, signer: check.signer };
}
