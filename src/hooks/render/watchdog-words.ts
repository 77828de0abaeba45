/**
 * The watchdog's words: facts, never orders. What the agent reads (a
 * delivered result, a respawn that is due) and what the user reads (a run past
 * its SLA, a recovery, a blocked run), each naming the run, its age and what
 * continuity did.
 *
 *   Subagent run r-3 (code-reviewer, "Review the limiter", dispatched 18 min ago)
 *   finished 2 min ago; its result did not reach this conversation. Its final
 *   message follows: …
 */
import { clientOfSource } from '../../domain/run-hand-over.js';
import type { LoadedRun } from '../../app/watchdog-runs.js';
import type { RecoveryPlan } from '../../domain/watchdog-recovery.js';
import { slaWindowSeconds } from '../../domain/watchdog-recovery.js';
import { describeDuration } from '../../domain/watchdog-report.js';
import { instantMs } from '../../domain/watchdog-time.js';

/** A delivered result longer than this is cut (the transcript path is named). */
const MAX_RESULT_CHARS = 20_000;

/** "Subagent run r-3 (code-reviewer, "Review the limiter", dispatched 18 min ago)" */
export function nameRun(l: LoadedRun, nowMs: number): string {
  const parts = [l.row.agentType ?? 'subagent'];
  if (l.row.description) parts.push(`"${l.row.description}"`);
  parts.push(`dispatched ${ago(nowMs, l.row.dispatchAt)}`);
  return `Subagent run ${l.row.runId} (${parts.join(', ')})`;
}

/** The call that dispatches a subagent in the client this hook runs for. */
function dispatchCall(source: string): string {
  switch (source) {
    case 'hook:codex':
      return 'a new spawn_agent call';
    case 'hook:openclaw':
      return 'a new sessions_spawn call';
    case 'hook:claude-code':
      return 'a new Agent call';
    default:
      return 'a new subagent dispatch';
  }
}

/** Why a session answers for a run another session dispatched (src/domain/run-hand-over.ts). */
export function handOverWords(runId: string, from: { sessionId: string; source: string | null }): string {
  const client = from.source ? `a ${clientOfSource(from.source)} session` : 'another session';
  return `Subagent run ${runId} was dispatched in ${client} (${from.sessionId}) that has ended or has been silent since before the run's deadline; this session answers for it now.`;
}

/** The agent's words for a result continuity delivers. */
export function deliveryWords(l: LoadedRun, result: string, nowMs: number): string {
  const done = l.row.childDoneAt ? `finished ${ago(nowMs, l.row.childDoneAt)}` : 'reported done';
  const cut = result.length > MAX_RESULT_CHARS;
  const text = cut ? result.slice(0, MAX_RESULT_CHARS) : result;
  const more = cut ? `\n[… ${result.length - MAX_RESULT_CHARS} more characters${l.row.childTranscriptPath ? `; the whole transcript is ${l.row.childTranscriptPath}` : ''}]` : '';
  return (
    `${nameRun(l, nowMs)} ${done}; its result did not reach this conversation. ` +
    `continuity delivers it here (recovery: fetch_history). Its final message follows.\n\n` +
    `--- result of subagent run ${l.row.runId} ---\n${text}${more}\n--- end of result of subagent run ${l.row.runId} ---`
  );
}

/** The agent's words when nothing was captured: recovering the result requires dispatching the same brief again. */
export function respawnWords(l: LoadedRun, brief: string, nowMs: number, source = 'hook:claude-code'): string {
  const late = (instantMs(l.row.expectedBy) ?? nowMs) < nowMs ? `past its SLA of ${describeDuration(slaWindowSeconds(l.run))}` : null;
  const state = l.row.childDone
    ? `finished${l.row.childDoneAt ? ` ${ago(nowMs, l.row.childDoneAt)}` : ''}${late ? `, ${late},` : ''} without a final message on record`
    : `has not reported done${late ? `, ${late}` : ''}`;
  return (
    `${nameRun(l, nowMs)} ${state}; its result did not reach this conversation and continuity holds nothing to deliver. ` +
    `Recovering it requires dispatching the same brief again (recovery step: respawn), as ${dispatchCall(source)} with subagent_type "${l.row.agentType ?? 'general-purpose'}"` +
    `${l.row.description ? ` and description "${l.row.description}"` : ''}; that dispatch is recorded as the respawn of run ${l.row.runId}. The brief was:\n\n` +
    `--- brief of subagent run ${l.row.runId} ---\n${brief}\n--- end of brief ---`
  );
}

/**
 * The user's words for a run's notice (planRecovery's `notice`). `l` is the
 * run as it is after the plan was applied, with every attempt and its detail.
 */
export function noticeWords(l: LoadedRun, plan: RecoveryPlan, nowMs: number, where: string): string {
  const a = plan.assessment;
  const head = nameRun(l, nowMs);
  const running = plan.notice?.endsWith(':running') ?? false;
  if (a.status === 'recovered') {
    if (l.row.resultSource === 'respawn' || l.attempts.some((x) => x.action === 'respawn' && x.outcome === 'delivered')) {
      return `${head}: its result did not reach this conversation; the same brief was dispatched again and that run's result was delivered (recovered).`;
    }
    const delivered = plan.steps.some((s) => s.kind === 'deliver');
    const size = l.row.capturedResult ? ` (${l.row.capturedResult.length} characters)` : '';
    return `${head} finished but its result did not reach this conversation; continuity delivered its captured final message${size} ${delivered ? `at this ${where}` : 'to the agent'} (recovered).`;
  }
  const sla = describeDuration(slaWindowSeconds(l.run));
  const late = a.overdueSeconds !== undefined ? `is past its SLA of ${sla} (${describeDuration(a.overdueSeconds)} overdue)` : `is within its SLA of ${sla}`;
  const child = l.row.childDone
    ? `the subagent finished${l.row.childDoneAt ? ` ${ago(nowMs, l.row.childDoneAt)}` : ''} but its result did not reach this conversation`
    : running
      ? 'no result has reached this conversation and Claude Code reports the subagent as still running'
      : 'no result has reached this conversation and the subagent has not reported done';
  const did = describeAttempts(l, running, nowMs);
  if (a.status === 'blocked') return `${head} is blocked: ${child}. ${did} No recovery step remains.`;
  return `${head} ${late}; ${child}. ${did}`;
}

/** What continuity did for the run, oldest first. */
function describeAttempts(l: LoadedRun, running: boolean, nowMs: number): string {
  const attempts = l.attempts.filter((x) => x.action !== 'escalate');
  if (attempts.length === 0) return running ? 'continuity has taken no recovery step: a running subagent is slow, not lost.' : 'continuity has taken no recovery step yet.';
  const parts = attempts.map((x) => {
    const when = ago(nowMs, x.at);
    const why = x.detail ? ` (${x.detail.split('; ').pop()})` : '';
    if (x.action === 'fetch_history') {
      if (x.outcome === 'pending') return `had a history fetch started ${when} (no outcome yet)`;
      return x.outcome === 'delivered' ? `delivered the captured result ${when}` : `found no result to fetch ${when}${why}`;
    }
    if (x.outcome === 'pending') return `stated ${when} that recovering the result requires dispatching the same brief again (no result from that yet)`;
    if (x.outcome === 'delivered') return `had the same brief dispatched again ${when}, which delivered`;
    return `respawn ${when} gave no result${why}`;
  });
  return `What continuity did: ${parts.join('; ')}.`;
}

function ago(nowMs: number, iso: string): string {
  const ms = nowMs - (instantMs(iso) ?? nowMs);
  return ms < 1000 ? 'just now' : `${describeDuration(ms / 1000)} ago`;
}
