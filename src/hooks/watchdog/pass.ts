/**
 * The watchdog at a hook point of the main conversation (Stop,
 * UserPromptSubmit, PostToolUse): for each run of the session that needs
 * attention, load the facts, ask planRecovery what to do now, record it, and
 * return the words to say.
 *
 * The decision is taken inside one IMMEDIATE transaction that re-reads the
 * runs: parallel hook processes (PostToolUse hooks of parallel tool calls run
 * at the same time) would otherwise both deliver the same result. That
 * transaction comes before the hook call's own event; the attempts it records
 * are linked to that event by the `persist` step. Files (transcripts) are read
 * before the lock is taken, and only for runs that are late.
 */
import type { Config } from '../../config/schema.js';
import { loadRun, loadRuns, policyOf, recordCompletion, settleRun, type LoadedRun } from '../../app/watchdog-runs.js';
import { planRecovery, type RecoveryPlan } from '../../domain/watchdog-recovery.js';
import { assessRun } from '../../domain/watchdog.js';
import type { SqlDatabase } from '../../ledger/driver.js';
import type { Ledger } from '../../ledger/ledger.js';
import { runsAnsweredBy } from '../../app/session-runs.js';
import { insertAttempt, linkAttemptsToEvent, patchRun, resolveAttempt, respawnOfRun, type RunRow } from '../../ledger/runs.js';
import { deliveryWords, handOverWords, noticeWords, respawnWords } from '../render/watchdog-words.js';

/** Notification statuses that carry no result: what a resumed session says of a background agent the previous process did not report on. */
const LOST_STATUSES: ReadonlySet<string> = new Set(['failed', 'stopped']);
import { lastAssistantText, promptNotification, taskNotification } from './transcript.js';

export type WatchdogChannel = 'Stop' | 'UserPromptSubmit' | 'PostToolUse';

export interface PassOptions {
  sessionId: string;
  /** The client this hook call came from (`hook:codex`, …): a run whose session is gone is handed over to it. */
  source: string;
  now: string;
  config: Config;
  channel: WatchdogChannel;
  /** The main conversation's transcript, to see whether a background result arrived the normal way. */
  transcriptPath: string | null;
  /** The prompt being submitted (UserPromptSubmit), which may be Claude Code's own notification of a result. */
  prompt?: string | null;
  /** Is this run's child still working, as far as this hook point can tell? */
  childRunning: (row: RunRow) => boolean;
  canAct: boolean;
  userVisible: boolean;
  /**
   * Children whose results the client itself keeps and will show the agent
   * (OpenClaw's retained delivery, read by its plugin from its own record):
   * their runs wait, as a result Claude Code has queued does.
   */
  heldByClient?: ReadonlySet<string>;
}

export interface PassResult {
  /** Words for the agent: delivered results and due respawns. */
  agentText: string | null;
  /** Words for the user: one notice per run with something new to tell. */
  userText: string | null;
  delivered: string[];
  respawn: string[];
  escalated: string[];
  noticed: string[];
  /** Attempts recorded by this pass, to link to the hook call's event. */
  attemptIds: number[];
}

const LATE = new Set(['done_but_not_forwarded', 'suspect_delivery_failure', 'blocked']);

export async function runWatchdogPass(ledger: Ledger, o: PassOptions): Promise<PassResult | null> {
  const nowMs = Date.parse(o.now);
  const asker = { sessionId: o.sessionId, source: o.source };
  const first = runsAnsweredBy(ledger.db, asker, nowMs).map((r) => r.row);
  if (first.length === 0) return null;
  const policy = policyOf(o.config);

  // Facts from files, read before the lock and only for runs that are late.
  const external = new Map<string, { normallyDelivered: boolean; queued: boolean; fetched: string | null }>();
  const held = (row: RunRow) => row.childSessionKey !== null && !!o.heldByClient?.has(row.childSessionKey);
  for (const l of loadRuns(ledger.db, first)) {
    if (held(l.row)) continue;
    if (!LATE.has(assessRun(l.run, nowMs, policy).status)) continue;
    const childKey = l.row.childSessionKey;
    // The prompt submitted now may be that notification itself: Claude Code writes its transcript later.
    const note = childKey && l.row.background ? (promptNotification(o.prompt ?? null, childKey) ?? (o.transcriptPath ? taskNotification(o.transcriptPath, childKey) : null)) : null;
    // Claude Code's notification delivered the run's outcome, unless it says `failed` (2.1.197) or
    // `stopped` (2.1.331) of a child that reported done: then a result exists that Claude Code lost
    // (a resumed session says so of every background agent the previous process did not report on).
    const normallyDelivered = note?.kind === 'delivered' && !(LOST_STATUSES.has(note.status) && l.row.childDone);
    // Queued: Claude Code holds the notification and puts it into the conversation at its next turn.
    const queued = note?.kind === 'queued';
    const fetched = !normallyDelivered && !queued && l.row.childDone && !l.row.capturedResult && l.row.childTranscriptPath ? lastAssistantText(l.row.childTranscriptPath) : null;
    if (normallyDelivered || queued || fetched) external.set(l.row.runId, { normallyDelivered, queued, fetched });
  }

  return ledger.write((db) => {
    const out: PassResult = { agentText: null, userText: null, delivered: [], respawn: [], escalated: [], noticed: [], attemptIds: [] };
    const agent: string[] = [];
    const user: string[] = [];
    for (const { row, handedOverFrom } of runsAnsweredBy(db, asker, nowMs)) {
      const ext = external.get(row.runId);
      if (ext?.queued || held(row)) continue; // on its way by the normal path: nothing to do or tell yet
      if (ext?.normallyDelivered) {
        // Delivered by Claude Code's own notification: recorded as such, never delivered again.
        recordCompletion(db, loadRun(db, row.runId)!, { completionReceivedAt: o.now, forwardedToMain: true, resultSource: 'task-notification' }, o.now);
      } else if (ext?.fetched) {
        patchRun(db, row.id, { capturedResult: ext.fetched, updatedAt: o.now });
      }
      const before = loadRun(db, row.runId)!;
      const respawned = respawnOfRun(db, row.runId);
      const plan = planRecovery(
        {
          run: before.run,
          brief: before.row.brief,
          // A handed-over run's child belonged to a client that is gone: nothing reports it running any more.
          childRunning: handedOverFrom ? false : o.childRunning(before.row),
          respawnedAs: respawned ? { runId: respawned.runId, blocked: respawned.closedAs === 'blocked' } : null,
          respawnOf: before.row.respawnOf,
          escalated: before.escalated,
          notified: before.row.notified,
        },
        { now: o.now, policy, canAct: o.canAct, userVisible: o.userVisible },
      );
      apply(db, before, plan, o, out.attemptIds);
      if (ext?.normallyDelivered && plan.notice === null && plan.steps.length === 0) continue;
      const after = loadRun(db, row.runId)!;
      if (handedOverFrom && plan.steps.some((st) => st.kind !== 'escalate')) agent.push(handOverWords(row.runId, handedOverFrom));
      for (const step of plan.steps) {
        if (step.kind === 'deliver') {
          agent.push(deliveryWords(after, step.result, nowMs));
          out.delivered.push(row.runId);
        } else if (step.kind === 'respawn') {
          agent.push(respawnWords(after, step.brief, nowMs, o.source));
          out.respawn.push(row.runId);
        } else {
          out.escalated.push(row.runId);
        }
      }
      if (plan.notice !== null) {
        user.push(noticeWords(after, plan, nowMs, o.channel === 'Stop' ? 'stop' : o.channel === 'UserPromptSubmit' ? 'prompt' : 'tool call'));
        out.noticed.push(row.runId);
      }
    }
    out.agentText = agent.length ? agent.join('\n\n') : null;
    out.userText = user.length ? user.map((u) => `continuity: ${u}`).join('\n') : null;
    return out;
  });
}

/** Records a plan: the completion it delivers, its attempts, the escalation, what the user was told. */
function apply(db: SqlDatabase, l: LoadedRun, plan: RecoveryPlan, o: PassOptions, attemptIds: number[]): void {
  if (plan.completion) {
    patchRun(db, l.row.id, {
      completionReceivedAt: plan.run.completionReceivedAt ?? null,
      forwardedToMain: plan.run.forwardedToMain ?? null,
      resultSource: plan.run.resultSource ?? null,
      updatedAt: o.now,
    });
  }
  for (const c of plan.changes) {
    if (c.op === 'resolve') resolveAttempt(db, l.ladderIds[c.index]!, c.outcome, o.now, c.detail);
    else attemptIds.push(insertAttempt(db, { runId: l.row.runId, action: c.attempt.action, at: c.attempt.at, outcome: c.attempt.outcome, channel: o.channel, detail: c.detail }));
  }
  if (plan.steps.some((s) => s.kind === 'escalate')) {
    attemptIds.push(insertAttempt(db, { runId: l.row.runId, action: 'escalate', at: o.now, outcome: 'delivered', channel: o.channel, detail: 'the blocked run was reported to the user' }));
  }
  if (plan.notice !== null) patchRun(db, l.row.id, { notified: plan.notice, updatedAt: o.now });
  settleRun(db, l.row.runId, o.now);
}

/** Links the pass's attempts to the hook call's event (inside that event's transaction). */
export function linkPass(db: SqlDatabase, pass: PassResult | null, eventId: number): void {
  if (pass && pass.attemptIds.length) linkAttemptsToEvent(db, pass.attemptIds, eventId);
}
