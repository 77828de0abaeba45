import { stateAfterImport } from '../domain/approval.js';
import type { Config } from '../config/schema.js';
import type { DialectName, ParsedPlan } from '../formats/plan/model.js';
import { appendEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { planById, planByPath, planTasks, saveActivePlan, type PlanState } from '../ledger/plans.js';
import { setTaskStatus } from '../ledger/task-status.js';
import { planIdFor, type PlanFile } from './plan-files.js';

export interface ImportResult {
  planId: string;
  path: string;
  dialect: DialectName;
  state: PlanState;
  previousState: PlanState | null;
  taskCount: number;
  structureHash: string;
  changed: boolean;
}

/**
 * Registers (or refreshes) the project's active plan from a file. Keeps an
 * approval whose structure hash still matches; a changed structure makes an
 * approved plan stale. The event and the projection commit together.
 */
export function importPlan(
  ledger: Ledger,
  file: PlanFile,
  parsedFromFile: ParsedPlan,
  opts: { now: string; config: Config; dialect?: DialectName; source: string; kind?: string; sessionId?: string | null; client?: string; via?: string },
): ImportResult {
  const existing = planByPath(ledger.db, file.relPath);
  const planId = existing?.id ?? uniquePlanId(ledger, planIdFor(file.relPath), file.relPath);
  const parsed = withConfiguredHighRisk(parsedFromFile, highRiskIdsFor(opts.config, planId));
  return ledger.write((db) => {
    const prior = planById(db, planId);
    const priorFileStates = new Map(planTasks(db, planId).map((t) => [t.id, t.fileState]));
    const state = stateAfterImport(prior, parsed.structureHash);
    const result: ImportResult = {
      planId,
      path: file.relPath,
      dialect: parsed.dialect,
      state,
      previousState: prior?.state ?? null,
      taskCount: parsed.tasks.length,
      structureHash: parsed.structureHash,
      changed: prior?.structureHash !== parsed.structureHash,
    };
    const eventId = appendEvent(db, {
      at: opts.now,
      source: opts.source,
      kind: opts.kind ?? 'plan.import',
      sessionId: opts.sessionId ?? null,
      ...(opts.client ? { client: opts.client } : {}),
      input: { path: file.relPath, dialect: opts.dialect ?? null, contentHash: file.contentHash, ...(opts.via ? { via: opts.via } : {}) },
      decision: result,
    });
    saveActivePlan(db, {
      id: planId,
      path: file.relPath,
      dialect: parsed.dialect,
      title: parsed.title,
      structureHash: parsed.structureHash,
      state,
      contentHash: file.contentHash,
      fileSize: file.size,
      fileMtimeMs: file.mtimeMs,
      now: opts.now,
      tasks: parsed.tasks,
    });
    // A progress mark the file itself carries (tdd status words, ticked
    // checkbox items) is recorded when it is first seen, so completion order
    // is known for it too.
    for (const t of parsed.tasks) {
      if (t.fileState === 'pending' || priorFileStates.get(t.id) === t.fileState) continue;
      setTaskStatus(db, planId, { taskId: t.id, state: t.fileState, at: opts.now, eventId, source: 'plan-file', evidence: `${file.relPath}:${t.line}` });
    }
    return result;
  });
}

// High-risk stops declared in config mark tasks without touching the structure hash:
// config is not part of the plan's content.
function withConfiguredHighRisk(plan: ParsedPlan, ids: readonly string[]): ParsedPlan {
  if (!ids.length) return plan;
  return { ...plan, tasks: plan.tasks.map((t) => (ids.includes(t.id) ? { ...t, highRiskStop: true } : t)) };
}

/** Config entries are "8" (any plan) or "plan-id#8" (that plan only). */
export function highRiskIdsFor(config: Config, planId: string): string[] {
  return config.highRiskStops.flatMap((entry) => {
    const hash = entry.lastIndexOf('#');
    if (hash < 0) return [entry];
    return entry.slice(0, hash) === planId ? [entry.slice(hash + 1)] : [];
  });
}

// Two plan files with the same base name in different folders get distinct ids.
function uniquePlanId(ledger: Ledger, base: string, relPath: string): string {
  let id = base;
  for (let n = 2; ; n++) {
    const other = planById(ledger.db, id);
    if (!other || other.path === relPath) return id;
    id = `${base}-${n}`;
  }
}
