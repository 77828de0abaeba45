/**
 * What the agent is entitled to record: a task done or blocked, a closure,
 * a replan, a plan imported as a draft. Each is a request, applied by one
 * function whoever carries it: the CLI directly when it can write the
 * ledger, or the hook taking it from the inbox when the CLI ran inside the
 * agent's sandbox (src/app/take-inbox.ts). Approving, re-wiring hooks and
 * orchestrator receipts are not requests: no agent is entitled to them.
 */
import { isAbsolute, join } from 'node:path';
import * as v from 'valibot';
import type { Config } from '../config/schema.js';
import { CliError, ExitCode } from '../util/errors.js';
import { LEGAL_CLOSURE_STATES, type LegalClosureState } from '../domain/gate.js';
import { checkReplan } from '../domain/replan.js';
import { DIALECTS, type DialectName } from '../formats/plan/model.js';
import { appendEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { recordReplan } from '../ledger/pending-actions.js';
import { insertClosure } from '../ledger/sessions.js';
import { importPlan, type ImportResult } from './import-plan.js';
import { loadPlanState, readPlanState } from './plan-state.js';
import { parsePlanFile, readPlanFile } from './plan-files.js';
import { recordTaskState } from './record-task.js';
import { describePlanState } from '../domain/plan-state.js';

const text = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

export const AgentRequestSchema = v.variant('kind', [
  v.strictObject({
    kind: v.literal('task'),
    state: v.picklist(['complete', 'blocked']),
    taskId: id,
    reason: v.optional(text),
    /** The summary file's path and text, read by the command (the hook does not read it again). */
    summary: v.optional(v.strictObject({ path: v.pipe(v.string(), v.minLength(1)), text: v.pipe(v.string(), v.maxLength(128 * 1024)) })),
  }),
  v.strictObject({ kind: v.literal('closure'), state: v.picklist(LEGAL_CLOSURE_STATES), reason: text }),
  v.strictObject({ kind: v.literal('replan'), fromTaskId: id, absorb: v.record(id, id), drop: v.record(id, text) }),
  v.strictObject({ kind: v.literal('plan-import'), file: v.pipe(v.string(), v.minLength(1)), dialect: v.optional(v.picklist(DIALECTS as DialectName[])) }),
]);

export type AgentRequest = v.InferOutput<typeof AgentRequestSchema>;

export interface RequestContext {
  root: string;
  config: Config;
  now: string;
  /** Who carried the request into the ledger: `cli`, or the hook's agent (`claude-code`, …). */
  source: string;
  sessionId: string | null;
  /** The agent client the request came from (`codex`, `unknown`): src/domain/command-origin.ts. */
  client: string;
  /** How the request arrived, kept in its event: `command` (the CLI itself) or `inbox`. */
  via: 'command' | 'inbox';
}

export interface AppliedRequest {
  /** What the command prints, and what the hook tells the agent. */
  line: string;
  /** `plan import --json`'s output. */
  json?: ImportResult;
}

/** The command a request stands for, as the agent typed it (for the record and the words). */
export function commandOf(r: AgentRequest): string {
  switch (r.kind) {
    case 'task':
      return r.state === 'complete' ? `continuity task done ${r.taskId}${r.summary ? ` --summary ${r.summary.path}` : ''}` : `continuity task blocked ${r.taskId} --reason ${JSON.stringify(r.reason ?? '')}`;
    case 'closure':
      return `continuity closure ${r.state} --reason ${JSON.stringify(r.reason)}`;
    case 'replan':
      return `continuity replan --from-task ${r.fromTaskId}`;
    case 'plan-import':
      return `continuity plan import ${r.file}`;
  }
}

/** Applies one request to the ledger; a request the ledger cannot take is a CliError saying why (nothing written). */
export async function applyRequest(ledger: Ledger, request: AgentRequest, ctx: RequestContext): Promise<AppliedRequest> {
  switch (request.kind) {
    case 'task':
      return applyTask(ledger, request, ctx);
    case 'closure':
      return applyClosure(ledger, request, ctx);
    case 'replan':
      return applyReplan(ledger, request, ctx);
    case 'plan-import':
      return applyImport(ledger, request, ctx);
  }
}

async function applyTask(ledger: Ledger, r: Extract<AgentRequest, { kind: 'task' }>, ctx: RequestContext): Promise<AppliedRequest> {
  const { now, config, source, sessionId, client } = ctx;
  const state = await loadPlanState(ledger, { now, config, source, sessionId });
  const summary = r.summary
    ? { path: r.summary.path, text: r.summary.text, pendingActions: (await import('../formats/task-summary.js')).parseTaskSummary(r.summary.text, { planId: state?.plan.id ?? '', taskId: r.taskId }).pendingActions }
    : null;
  const result = recordTaskState(ledger, {
    taskId: r.taskId,
    state: r.state,
    now,
    source,
    evidence: r.state === 'complete' ? `continuity task done ${r.taskId}` : `continuity task blocked ${r.taskId}: ${r.reason}`,
    summary,
    sessionId,
    client,
    via: ctx.via,
  });
  const step = readPlanState(ledger)?.nextStep ?? null;
  const what = result.state === 'complete' ? 'is complete' : `is blocked: ${r.reason}`;
  const already = result.already;
  let line = already
    ? `Task ${result.taskId} "${result.title}" of plan ${result.planId} was already complete (recorded ${already.at} by ${already.client}${already.sessionId ? `, session ${already.sessionId}` : ''}); nothing new was recorded.`
    : `Task ${result.taskId} "${result.title}" of plan ${result.planId} ${what} (recorded ${result.at}).`;
  if (result.pendingActions.length) line += ` Its summary lists ${result.pendingActions.length} pending action(s): ${result.pendingActions.map((a) => `${a.id}: ${a.text}`).join('; ')}.`;
  if (step?.kind === 'replan') line += ` A replan is due before the next task (continuity replan --from-task ${step.from.id} …).`;
  else if (step?.kind === 'plan_complete') line += ' Every task of the plan is complete.';
  else if (step?.kind === 'next_task') line += ` Next in the plan: Task ${step.next.id} "${step.next.title}".`;
  return { line };
}

function applyClosure(ledger: Ledger, r: Extract<AgentRequest, { kind: 'closure' }>, ctx: RequestContext): AppliedRequest {
  const { now, sessionId, source, client } = ctx;
  ledger.write((db) => {
    const eventId = appendEvent(db, { at: now, source, kind: 'closure', sessionId, client, input: { state: r.state, reason: r.reason, via: ctx.via }, decision: { recorded: true } });
    insertClosure(db, { state: r.state as LegalClosureState, reason: r.reason, declaredAt: now, source, sessionId, eventId });
  });
  return { line: `Closure ${r.state} recorded${sessionId ? ` for session ${sessionId}` : ''}: ${r.reason}` };
}

async function applyReplan(ledger: Ledger, r: Extract<AgentRequest, { kind: 'replan' }>, ctx: RequestContext): Promise<AppliedRequest> {
  const { now, config, source, sessionId } = ctx;
  const absorb = new Map(Object.entries(r.absorb));
  const drop = new Map(Object.entries(r.drop));
  const state = await loadPlanState(ledger, { now, config, source, sessionId });
  if (!state) throw new CliError('no active plan: run `continuity plan import FILE`', ExitCode.invalidInput);
  const check = checkReplan(
    { fromTaskId: r.fromTaskId, absorb, drop },
    { openActions: state.openActions, taskIds: state.tasks.map((t) => t.id), completedTaskIds: state.tasks.filter((t) => t.state === 'complete').map((t) => t.id) },
  );
  if (!check.ok) throw new CliError(`replan refused: ${check.problems.join('; ')}`, ExitCode.invalidInput);
  ledger.write((db) => {
    const eventId = appendEvent(db, { at: now, source, kind: 'replan', sessionId, client: ctx.client, input: { fromTaskId: r.fromTaskId, absorb: r.absorb, drop: r.drop, via: ctx.via }, decision: { planId: state.plan.id, accepted: true } });
    recordReplan(db, state.plan.id, { fromTaskId: r.fromTaskId, at: now, eventId, absorb, drop });
  });
  return { line: `Replan after Task ${r.fromTaskId} of plan ${state.plan.id} recorded: ${absorb.size} action(s) absorbed, ${drop.size} dropped.` };
}

async function applyImport(ledger: Ledger, r: Extract<AgentRequest, { kind: 'plan-import' }>, ctx: RequestContext): Promise<AppliedRequest> {
  const file = readPlanFile(ctx.root, isAbsolute(r.file) ? r.file : join(ctx.root, r.file));
  const parsed = await parsePlanFile(file, r.dialect ? { dialect: r.dialect } : {});
  const result = importPlan(ledger, file, parsed, { now: ctx.now, config: ctx.config, source: ctx.source, sessionId: ctx.sessionId, client: ctx.client, via: ctx.via, ...(r.dialect ? { dialect: r.dialect } : {}) });
  const verb = result.previousState === null ? 'Imported' : result.changed ? 'Refreshed' : 'Re-imported (unchanged)';
  return {
    line: `${verb} plan ${result.planId} (${result.dialect}, ${result.taskCount} task${result.taskCount === 1 ? '' : 's'}) from ${result.path}.\nState: ${describePlanState(result.state)}`,
    json: result,
  };
}
