import type { PlanState } from '../domain/plan-state.js';
import type { DialectName, PlanTask, TaskState } from '../formats/plan/model.js';
import type { SqlDatabase } from './driver.js';

export type { PlanState };

export interface PlanRecord {
  id: string;
  path: string;
  dialect: DialectName;
  title: string | null;
  structureHash: string;
  state: PlanState;
  approvedHash: string | null;
  approvedAt: string | null;
  approvedVia: string | null;
  /** The `**Approved:** <ISO>` line continuity wrote into the plan file, if the dialect has one. */
  approvedLine: string | null;
  contentHash: string;
  fileSize: number;
  fileMtimeMs: number;
  importedAt: string;
  updatedAt: string;
}

export interface TaskRecord {
  id: string;
  ordinal: number;
  title: string;
  fileState: TaskState;
  highRiskStop: boolean;
  group: string | null;
  line: number;
}

interface PlanRow {
  id: string;
  path: string;
  dialect: string;
  title: string | null;
  structure_hash: string;
  state: string;
  approved_hash: string | null;
  approved_at: string | null;
  approved_via: string | null;
  approved_line: string | null;
  content_hash: string;
  file_size: number;
  file_mtime_ms: number;
  imported_at: string;
  updated_at: string;
}

const PLAN_COLUMNS =
  'id, path, dialect, title, structure_hash, state, approved_hash, approved_at, approved_via, approved_line, content_hash, file_size, file_mtime_ms, imported_at, updated_at';

function toPlan(r: PlanRow): PlanRecord {
  return {
    id: r.id,
    path: r.path,
    dialect: r.dialect as DialectName,
    title: r.title,
    structureHash: r.structure_hash,
    state: r.state as PlanState,
    approvedHash: r.approved_hash,
    approvedAt: r.approved_at,
    approvedVia: r.approved_via,
    approvedLine: r.approved_line,
    contentHash: r.content_hash,
    fileSize: Number(r.file_size),
    fileMtimeMs: Number(r.file_mtime_ms),
    importedAt: r.imported_at,
    updatedAt: r.updated_at,
  };
}

export function activePlan(db: SqlDatabase): PlanRecord | null {
  const row = db.get<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE active = 1`);
  return row ? toPlan(row) : null;
}

export function planById(db: SqlDatabase, id: string): PlanRecord | null {
  const row = db.get<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE id = ?`, id);
  return row ? toPlan(row) : null;
}

export function planByPath(db: SqlDatabase, path: string): PlanRecord | null {
  const row = db.get<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE path = ?`, path);
  return row ? toPlan(row) : null;
}

export function planTasks(db: SqlDatabase, planId: string): TaskRecord[] {
  return db
    .all<{ id: string; ordinal: number; title: string; file_state: string; high_risk_stop: number; group_title: string | null; line: number }>(
      'SELECT id, ordinal, title, file_state, high_risk_stop, group_title, line FROM tasks WHERE plan_id = ? ORDER BY ordinal',
      planId,
    )
    .map((r) => ({
      id: r.id,
      ordinal: Number(r.ordinal),
      title: r.title,
      fileState: r.file_state as TaskState,
      highRiskStop: Number(r.high_risk_stop) === 1,
      group: r.group_title,
      line: Number(r.line),
    }));
}

/** The 1-based line of a task's heading in its plan file, for pointing the agent at it. */
export function taskLineOf(db: SqlDatabase, planId: string, taskId: string): number | null {
  const r = db.get<{ line: number }>('SELECT line FROM tasks WHERE plan_id = ? AND id = ?', planId, taskId);
  return r ? Number(r.line) : null;
}

export interface PlanUpsert extends Pick<PlanRecord, 'id' | 'path' | 'dialect' | 'title' | 'structureHash' | 'state' | 'contentHash' | 'fileSize' | 'fileMtimeMs'> {
  now: string;
  tasks: readonly PlanTask[];
}

/** The plan file's size and time as last read, its content unchanged (the content hash says so). Call inside `Ledger.write`. */
export function setPlanFileStamp(db: SqlDatabase, planId: string, stamp: { size: number; mtimeMs: number }): void {
  db.run('UPDATE plans SET file_size = ?, file_mtime_ms = ? WHERE id = ?', stamp.size, stamp.mtimeMs, planId);
}

/** Writes a plan and its tasks and makes it the project's active plan. Call inside `Ledger.write`. */
export function saveActivePlan(db: SqlDatabase, p: PlanUpsert): void {
  db.run('UPDATE plans SET active = 0 WHERE active = 1 AND id <> ?', p.id);
  db.run(
    `INSERT INTO plans (id, path, dialect, title, structure_hash, state, content_hash, file_size, file_mtime_ms, active, imported_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET path = excluded.path, dialect = excluded.dialect, title = excluded.title,
       structure_hash = excluded.structure_hash, state = excluded.state, content_hash = excluded.content_hash,
       file_size = excluded.file_size, file_mtime_ms = excluded.file_mtime_ms, active = 1, updated_at = excluded.updated_at`,
    p.id,
    p.path,
    p.dialect,
    p.title,
    p.structureHash,
    p.state,
    p.contentHash,
    p.fileSize,
    p.fileMtimeMs,
    p.now,
    p.now,
  );
  db.run('DELETE FROM tasks WHERE plan_id = ?', p.id);
  p.tasks.forEach((t, i) => {
    db.run(
      'INSERT INTO tasks (plan_id, id, ordinal, title, file_state, high_risk_stop, group_title, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      p.id,
      t.id,
      i,
      t.title,
      t.fileState,
      t.highRiskStop ? 1 : 0,
      t.group,
      t.line,
    );
  });
}

/** Records a human approval bound to the plan's current structure hash. */
export function markApproved(db: SqlDatabase, planId: string, opts: { structureHash: string; at: string; via: string }): void {
  db.run(
    "UPDATE plans SET state = 'approved', approved_hash = ?, approved_at = ?, approved_via = ?, updated_at = ? WHERE id = ?",
    opts.structureHash,
    opts.at,
    opts.via,
    opts.at,
    planId,
  );
}

export function setPlanState(db: SqlDatabase, planId: string, state: PlanState, at: string): void {
  db.run('UPDATE plans SET state = ?, updated_at = ? WHERE id = ?', state, at, planId);
}
