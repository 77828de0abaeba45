/**
 * One exchange with the shared ledger: this machine's new events pushed, the
 * other machines' records pulled and taken in, each by the intake rule
 * (src/domain/shared-intake.ts) in one local transaction with the event that
 * explains it (source `shared:<machine>`). Run by `continuity sync` and the
 * sync process, never by a hook: the client library and the network stay
 * out of the hook path.
 */
import type { Config } from '../config/schema.js';
import { intakeOf, type Intake, type IntakeFacts, type IntakeRecord } from '../domain/shared-intake.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { appendEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { insertNotice } from '../ledger/notices.js';
import { activePlan, markApproved, planById, planByPath, planTasks } from '../ledger/plans.js';
import { ensureSharedCursor, hasSharedIndexes, SHARED_INDEXES_SQL, readSharedCursor, markApplied, markOffline, markPulled, markPushed, markReached, outboxSize, OUTBOX_WHERE, wasApplied, type SharedCursor } from '../ledger/shared-cursor.js';
import { setTaskStatus } from '../ledger/task-status.js';
import { pendingActions, raisePendingActions, recordReplan, replannedTasks } from '../ledger/pending-actions.js';
import type { RaisedAction } from '../domain/shared-carry-forward.js';
import { runSnapshotsFor, takeRuns } from './shared-runs.js';
import { revokeApproval } from './approve.js';
import { loginFor } from '../shared/credentials.js';
import { projectIdentity, type ProjectIdentity } from '../shared/identity.js';
import type { OutRecord, PulledRecord, SharedStore } from '../shared/pg-store.js';
import { checkPulledSignature, keepPulledSignature, pulledApproval, signedApprovalToPush } from './shared-approval.js';
import { lastSignedApproval } from '../ledger/signed-approvals.js';
import { CLIENT_SQL } from '../ledger/event-client.js';

export type SharedConfig = NonNullable<Config['shared']>;

export interface SyncReport {
  machine: string;
  pushed: number;
  /** Records already in the database (pushed before, by a pass that stopped before marking them). */
  alreadyThere: number;
  pulled: number;
  taken: { record: string; machine: string; kind: string; outcome: Intake['take'] | 'runs'; detail: string }[];
  backlog: number;
  offline: string | null;
  /** Since when the database has not been reached (the first pass that failed since the last that did not). */
  offlineSince: string | null;
}

const BATCH = 500;

/** Opens a connection for the project; the store's module (and pg) is loaded here. */
export async function connectShared(root: string, shared: SharedConfig, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ store: SharedStore; identity: ProjectIdentity }> {
  const identity = projectIdentity(root);
  if ('error' in identity) throw new Error(identity.error);
  const login = loginFor({ host: shared.host, port: shared.port, database: shared.database }, identity.id, env);
  if ('error' in login) throw new Error(login.error);
  const { SharedStore } = await import('../shared/pg-store.js');
  const store = await SharedStore.connect(login, { timeoutMs });
  return { store, identity };
}

/** One pass over an open ledger. A database that cannot be reached is recorded as offline, never thrown: the hooks go on from the local ledger. */
export async function syncPass(ledger: Ledger, root: string, shared: SharedConfig, opts: { env: NodeJS.ProcessEnv; now: () => string; timeoutMs?: number; connection?: { store: SharedStore; identity: ProjectIdentity } }): Promise<SyncReport> {
  const cursor = cursorOf(ledger);
  const report: SyncReport = { machine: cursor.machine, pushed: 0, alreadyThere: 0, pulled: 0, taken: [], backlog: 0, offline: null, offlineSince: null };
  let own = false;
  let conn = opts.connection;
  try {
    if (!conn) {
      conn = await connectShared(root, shared, opts.env, opts.timeoutMs ?? 5000);
      own = true;
      await conn.store.migrate();
    }
    if (!hasSharedIndexes(ledger.db)) ledger.write((db) => db.exec(SHARED_INDEXES_SQL));
    await conn.store.joinProject(conn.identity, cursor.machine);
    await push(ledger, root, conn, cursor, report);
    await pull(ledger, root, conn, report, opts.now);
    // Written when it says something new: a sync process passing every few hundred milliseconds leaves the ledger alone when nothing moved.
    const was = cursorOf(ledger);
    if (was.offlineSince || !was.lastSyncAt || report.pushed || report.pulled) ledger.write((db) => markReached(db, opts.now()));
  } catch (err) {
    const why = (err as Error).message.split('\n')[0] || String(err);
    report.offline = why;
    ledger.write((db) => markOffline(db, opts.now(), why));
  } finally {
    if (own) await conn?.store.close();
  }
  const after = cursorOf(ledger);
  report.backlog = outboxSize(ledger.db, after.pushedEvent);
  report.offlineSince = after.offlineSince;
  return report;
}

/** The cursor, read; made (a write) only the first time. */
function cursorOf(ledger: Ledger): SharedCursor {
  return readSharedCursor(ledger.db) ?? ledger.write((db) => ensureSharedCursor(db));
}

async function push(ledger: Ledger, root: string, conn: { store: SharedStore; identity: ProjectIdentity }, cursor: SharedCursor, report: SyncReport): Promise<void> {
  let from = cursor.pushedEvent;
  for (;;) {
    const batch = outboxBatch(ledger.db, cursor.machine, from, BATCH);
    if (!batch.records.length) {
      if (batch.upTo > from) ledger.write((db) => markPushed(db, batch.upTo));
      return;
    }
    const added = await conn.store.push(conn.identity.id, cursor.machine, batch.records);
    report.pushed += added;
    report.alreadyThere += batch.records.length - added;
    // Marked after the database committed them: a pass stopped in between pushes them again, and the unique id keeps one.
    ledger.write((db) => markPushed(db, batch.upTo));
    from = batch.upTo;
  }
}

function outboxBatch(db: SqlDatabase, machine: string, from: number, limit: number): { records: OutRecord[]; upTo: number } {
  const rows = db.all<{ id: number; at: string; source: string; kind: string; session_id: string | null; client: string; input: string; decision: string | null }>(
    `SELECT id, at, source, kind, session_id, ${CLIENT_SQL} AS client, input, decision FROM events WHERE ${OUTBOX_WHERE} ORDER BY id LIMIT ${limit}`,
    from,
  );
  const plans = new Map<string, { path: string; structureHash: string } | null>();
  const planOf = (id: unknown) => {
    const key = typeof id === 'string' ? id : '';
    if (!plans.has(key)) {
      const p = key ? db.get<{ path: string; structure_hash: string }>('SELECT path, structure_hash FROM plans WHERE id = ?', key) : db.get<{ path: string; structure_hash: string }>('SELECT path, structure_hash FROM plans WHERE active = 1');
      plans.set(key, p ? { path: p.path, structureHash: p.structure_hash } : null);
    }
    return plans.get(key)!;
  };
  const records = rows.map((r): OutRecord => {
    const parsed = JSON.parse(r.input) as { planId?: unknown } | null;
    // The follow-ups this event raised go with it: the event's own input names only the summary they were read from.
    const raised = db.all<{ id: string; task_id: string; text: string }>('SELECT id, task_id, text FROM pending_actions WHERE event_id = ? ORDER BY rowid', r.id);
    // And the subagent runs it changed, as they stand: runs have no event of their own.
    const runs = runSnapshotsFor(db, machine, Number(r.id), r.at);
    const extra = { ...(raised.length ? { raisedActions: raised.map((a) => ({ id: a.id, taskId: a.task_id, text: a.text })) } : {}), ...(runs.length ? { sharedRuns: runs } : {}) };
    const input = Object.keys(extra).length && (parsed === null || (typeof parsed === 'object' && !Array.isArray(parsed))) ? { ...parsed, ...extra } : parsed;
    const decision = r.decision === null ? null : (JSON.parse(r.decision) as { planId?: unknown } | null);
    const plan = planOf(decision?.planId ?? input?.planId);
    const approval = r.kind === 'approve' || r.kind === 'revoke' ? signedApprovalToPush(db, Number(r.id)) : null;
    return {
      id: `${machine}:${r.id}`,
      localId: Number(r.id),
      kind: r.kind,
      at: r.at,
      source: r.source,
      client: r.client,
      sessionId: r.session_id,
      planPath: plan?.path ?? null,
      structureHash: plan?.structureHash ?? null,
      input,
      decision,
      approval,
    };
  });
  return { records, upTo: rows.length ? Number(rows[rows.length - 1]!.id) : from };
}

async function pull(ledger: Ledger, root: string, conn: { store: SharedStore; identity: ProjectIdentity }, report: SyncReport, now: () => string): Promise<void> {
  for (;;) {
    const cursor = cursorOf(ledger);
    const batch = await conn.store.pull(conn.identity.id, { tx: cursor.pulledTx, seq: cursor.pulledSeq }, BATCH);
    if (!batch.length) return;
    if (batch.every((r) => r.machine === cursor.machine)) {
      const last = batch[batch.length - 1]!;
      ledger.write((db) => markPulled(db, last.tx, last.seq));
      if (batch.length < BATCH) return;
      continue;
    }
    for (const raw of batch) {
      if (raw.machine === cursor.machine) continue;
      const r = { ...raw, approval: pulledApproval(raw.approval) };
      report.pulled++;
      const check = checkPulledSignature(root, r);
      ledger.write((db) => {
        if (wasApplied(db, r.id)) return;
        const intake = intakeOf(factsFor(db, conn.identity.id, r.approval?.statement?.planPath ?? r.planPath), r, check);
        const eventId = applyIntake(db, root, r, intake, now());
        markApplied(db, r.id, intake.take, eventId);
        if (intake.take !== 'audit') report.taken.push({ record: r.id, machine: r.machine, kind: r.kind, outcome: intake.take, detail: detailOf(intake) });
        const runs = takeRuns(db, cursor.machine, r.machine, r, now());
        if (runs) report.taken.push({ record: r.id, machine: r.machine, kind: r.kind, outcome: 'runs', detail: `${runs} subagent run(s)` });
      });
    }
    const last = batch[batch.length - 1]!;
    ledger.write((db) => markPulled(db, last.tx, last.seq));
    if (batch.length < BATCH) return;
  }
}

function factsFor(db: SqlDatabase, projectId: string, planPath: string | null): IntakeFacts {
  const plan = planPath ? planByPath(db, planPath) : activePlan(db);
  const hasSigned = !!db.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'signed_approvals'");
  const lastSignedAt = plan && hasSigned ? (lastSignedApproval(db, plan.path)?.at ?? null) : null;
  if (!plan) return { projectId, plan: null, tasks: [], lastSignedAt, actions: new Map(), replannedTaskIds: [] };
  const states = new Map(db.all<{ task_id: string; state: string }>('SELECT task_id, state FROM task_status WHERE plan_id = ?', plan.id).map((s) => [s.task_id, s.state]));
  return {
    projectId,
    plan: { id: plan.id, path: plan.path, structureHash: plan.structureHash, state: plan.state, approvedHash: plan.approvedHash },
    tasks: planTasks(db, plan.id).map((t) => ({ id: t.id, state: states.get(t.id) ?? null })),
    lastSignedAt,
    actions: new Map(pendingActions(db, plan.id).map((a) => [a.id, { state: a.state, absorbedInto: a.absorbedInto }])),
    replannedTaskIds: replannedTasks(db, plan.id),
  };
}

function detailOf(i: Intake): string {
  switch (i.take) {
    case 'task-state':
      return `task ${i.taskId} ${i.state}${i.actions.length ? `; ${i.actions.length} pending action(s)` : ''}`;
    case 'repeated':
      return `task ${i.taskId} already complete here${i.actions.length ? `; ${i.actions.length} pending action(s)` : ''}`;
    case 'actions':
      return `${i.actions.length} pending action(s) of task ${[...new Set(i.actions.map((a) => a.taskId))].join(', ')}`;
    case 'replan':
      return `replan after task ${i.fromTaskId}: ${i.absorb.length} absorbed, ${i.drop.length} dropped${i.conflicts.length ? `; ${i.conflicts.join('; ')}` : ''}`;
    case 'approval':
      return `${i.action} signed by ${i.signer}`;
    case 'refused':
      return i.reason;
    case 'audit':
      return '';
  }
}

/** The local writes of one intake, with the event that says where they came from. */
function applyIntake(db: SqlDatabase, root: string, r: Omit<PulledRecord, 'approval'> & Pick<IntakeRecord, 'approval'>, intake: Intake, at: string): number | null {
  if (intake.take === 'audit') return null;
  const source = `shared:${r.machine}`;
  const base = { at, source, sessionId: r.sessionId, client: r.client ?? 'unknown' };
  const origin = { record: r.id, machine: r.machine, recordedAt: r.at };
  switch (intake.take) {
    case 'task-state': {
      const evidence = (r.input as { evidence?: unknown } | null)?.evidence;
      const eventId = appendEvent(db, { ...base, kind: r.kind, input: { taskId: intake.taskId, evidence: typeof evidence === 'string' ? evidence : null, ...origin }, decision: { planId: intake.planId, taskId: intake.taskId, state: intake.state } });
      setTaskStatus(db, intake.planId, { taskId: intake.taskId, state: intake.state, at: r.at, eventId, source, evidence: `recorded on ${r.machine}${typeof evidence === 'string' ? `: ${evidence}` : ''}` });
      raiseTaken(db, intake.planId, intake.actions, { at: r.at, source, eventId });
      return eventId;
    }
    case 'repeated': {
      const eventId = appendEvent(db, { ...base, kind: 'task.done.repeated', input: { taskId: intake.taskId, ...origin }, decision: { planId: intake.planId, taskId: intake.taskId, state: 'complete', unchanged: true, raised: intake.actions.map((a) => a.id) } });
      raiseTaken(db, intake.planId, intake.actions, { at: r.at, source, eventId });
      return eventId;
    }
    case 'actions': {
      const eventId = appendEvent(db, { ...base, kind: 'pending.raised', input: { kind: r.kind, ...origin }, decision: { planId: intake.planId, raised: intake.actions.map((a) => a.id) } });
      raiseTaken(db, intake.planId, intake.actions, { at: r.at, source, eventId });
      return eventId;
    }
    case 'replan': {
      const absorb = Object.fromEntries(intake.absorb);
      const drop = Object.fromEntries(intake.drop);
      const eventId = appendEvent(db, { ...base, kind: 'replan', input: { fromTaskId: intake.fromTaskId, absorb, drop, ...origin }, decision: { planId: intake.planId, accepted: true, conflicts: intake.conflicts } });
      recordReplan(db, intake.planId, { fromTaskId: intake.fromTaskId, at: r.at, eventId, absorb: new Map(intake.absorb), drop: new Map(intake.drop) });
      if (intake.conflicts.length) insertNotice(db, { at, kind: 'shared-replan', text: `the replan after Task ${intake.fromTaskId} recorded on ${r.machine} was taken in; ${intake.conflicts.join('; ')}.`, eventId });
      return eventId;
    }
    case 'approval': {
      const eventId = appendEvent(db, { ...base, kind: intake.action, input: { planId: intake.planId, ...origin }, decision: { action: intake.action === 'approve' ? 'approved' : 'revoked', signer: intake.signer } });
      const plan = db.get<{ structure_hash: string }>('SELECT structure_hash FROM plans WHERE id = ?', intake.planId)!;
      keepPulledSignature(db, r.approval!.statement!, r.approval!.signature, intake.signer, eventId);
      if (intake.action === 'approve') markApproved(db, intake.planId, { structureHash: plan.structure_hash, at: r.at, via: `signed:${intake.signer}` });
      else revokeApproval(db, root, planById(db, intake.planId)!, at);
      insertNotice(db, { at, kind: `shared-${intake.action}`, text: `the plan's ${intake.action === 'approve' ? 'approval' : 'revocation'}, signed by ${intake.signer}, came from ${r.machine}.`, eventId });
      return eventId;
    }
    case 'refused': {
      const eventId = appendEvent(db, { ...base, kind: 'shared.refused', input: { kind: r.kind, ...origin }, decision: { action: 'refused', why: intake.reason } });
      if (intake.notice) insertNotice(db, { at, kind: 'shared-refused', text: intake.notice, eventId });
      return eventId;
    }
  }
}

/** Raises another machine's pending actions here, with their ids: the same action raised again (another pass, a third machine) is one. */
function raiseTaken(db: SqlDatabase, planId: string, actions: readonly RaisedAction[], meta: { at: string; source: string; eventId: number }): void {
  for (const taskId of new Set(actions.map((a) => a.taskId))) {
    raisePendingActions(db, planId, taskId, actions.filter((a) => a.taskId === taskId), { ...meta, summaryPath: null });
  }
}
