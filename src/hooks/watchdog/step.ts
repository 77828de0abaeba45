/**
 * The watchdog's place in the main conversation's hook points: run the pass,
 * then fold its words into the hook's answer.
 *   Stop              a delivered result or a due respawn blocks the stop (reason), before the plan decides;
 *                     notices to the user ride along as systemMessage
 *   UserPromptSubmit  additionalContext for the agent, systemMessage for the user
 *   PostToolUse       additionalContext for the agent (notices wait for the next Stop or prompt)
 */
import type { SqlDatabase } from '../../ledger/driver.js';
import { sessionById } from '../../ledger/sessions.js';
import type { GenericPayload, PayloadOf } from '../payload.js';
import type { HandlerResult, HookContext } from '../types.js';
import { linkPass, runWatchdogPass, type PassResult, type WatchdogChannel } from './pass.js';
import { fromSubagent } from './tool-names.js';

export async function watchdogAt(
  ctx: HookContext<GenericPayload>,
  channel: WatchdogChannel,
  opts: { canAct: boolean; userVisible: boolean; running?: ReadonlySet<string> | null },
): Promise<PassResult | null> {
  if (fromSubagent(ctx.payload)) return null;
  const running = opts.running ?? null;
  return runWatchdogPass(ctx.ledger, {
    sessionId: ctx.payload.session_id,
    source: ctx.source,
    now: ctx.now,
    config: ctx.config,
    channel,
    transcriptPath: ctx.payload.transcript_path ?? null,
    prompt: channel === 'UserPromptSubmit' ? String((ctx.payload as { prompt?: unknown }).prompt ?? '') : null,
    // The Stop payload lists the background tasks still running; elsewhere a child is running from its SubagentStart until its SubagentStop.
    childRunning: (row) => (running ? row.childSessionKey !== null && running.has(row.childSessionKey) : row.startedAt !== null && !row.childDone),
    canAct: opts.canAct,
    userVisible: opts.userVisible,
    heldByClient: heldByClient(ctx),
  });
}

/**
 * The children a client running continuity in its own process says it keeps
 * and will show the agent itself (`client_held_children`, set by the OpenClaw
 * plugin from OpenClaw's task registry). Taken only from such a client: a
 * hook command anyone can run with any payload cannot hold a recovery.
 */
function heldByClient(ctx: HookContext<GenericPayload>): ReadonlySet<string> {
  const held = (ctx.payload as { client_held_children?: unknown }).client_held_children;
  if (!ctx.inProcessClient || !Array.isArray(held)) return new Set();
  return new Set(held.filter((h): h is string => typeof h === 'string'));
}

/**
 * Stop: the watchdog step that runs before the plan decision. A result to
 * deliver (or a respawn to state) blocks this stop with those words; the
 * next stop is decided as usual. A stop the user paused (stop/pause) is not
 * blocked: what is due waits for the next prompt.
 */
export async function watchdogAtStop(ctx: HookContext<PayloadOf<'Stop'>>): Promise<{ block: HandlerResult | null; pass: PassResult | null }> {
  const suspended = sessionById(ctx.ledger.db, ctx.payload.session_id).suspended;
  const pass = await watchdogAt(ctx as HookContext<GenericPayload>, 'Stop', { canAct: !suspended, userVisible: true, running: runningChildren(ctx.payload.background_tasks) });
  if (!pass?.agentText) return { block: null, pass };
  return {
    block: {
      output: { decision: 'block', reason: pass.agentText, ...(pass.userText ? { systemMessage: pass.userText } : {}) },
      decision: { action: 'block', obligation: 'watchdog_delivery', stopHookActive: ctx.payload.stop_hook_active, watchdog: summarize(pass) },
      persist: (db, eventId) => linkPass(db, pass, eventId),
    },
    pass,
  };
}

/** Adds the pass's words to a hook's answer: systemMessage for the user, additionalContext for the agent (not at Stop). */
export function withWatchdog(result: HandlerResult, pass: PassResult | null, event: WatchdogChannel): HandlerResult {
  if (!pass || (!pass.agentText && !pass.userText && pass.attemptIds.length === 0)) return result;
  const output: Record<string, unknown> = { ...(result.output ?? {}) };
  if (pass.userText) output.systemMessage = [output.systemMessage, pass.userText].filter((s) => typeof s === 'string' && s !== '').join('\n');
  if (pass.agentText && event !== 'Stop') {
    const specific = (output.hookSpecificOutput ?? {}) as Record<string, unknown>;
    const context = [specific.additionalContext, pass.agentText].filter((s) => typeof s === 'string' && s !== '').join('\n\n');
    output.hookSpecificOutput = { ...specific, hookEventName: event, additionalContext: context };
  }
  const persist = result.persist;
  return {
    output: Object.keys(output).length ? output : null,
    decision: { ...result.decision, watchdog: summarize(pass) },
    persist: (db: SqlDatabase, eventId: number) => {
      persist?.(db, eventId);
      linkPass(db, pass, eventId);
    },
  };
}

/** The ids of background subagents a Stop payload lists as still running; null when the payload has no list. */
export function runningChildren(backgroundTasks: unknown): ReadonlySet<string> | null {
  if (!Array.isArray(backgroundTasks)) return null;
  const ids = new Set<string>();
  for (const t of backgroundTasks) {
    const task = (t ?? {}) as { id?: unknown; type?: unknown; status?: unknown };
    if (typeof task.id !== 'string' || !/agent/i.test(String(task.type ?? ''))) continue;
    if (!/^(completed|failed|killed|stopped|cancelled|canceled|error)$/i.test(String(task.status ?? 'running'))) ids.add(task.id);
  }
  return ids;
}

function summarize(pass: PassResult): Record<string, unknown> {
  return { delivered: pass.delivered, respawn: pass.respawn, escalated: pass.escalated, noticed: pass.noticed };
}
