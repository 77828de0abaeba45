import { loadPlanState } from '../../app/plan-state.js';
import { isApprovalCommand, isPauseWord, matchesApprovalPhrase } from '../../domain/user-words.js';
import { approvePlan } from '../../app/approve.js';
import { activePlan } from '../../ledger/plans.js';
import { saveSession, sessionById } from '../../ledger/sessions.js';
import type { PayloadOf } from '../payload.js';
import type { Handler, HandlerResult } from '../types.js';
import { describeStateLine } from '../render/ground-truth.js';
import { watchdogAt, withWatchdog } from '../watchdog/step.js';
import { judgeUserPrompt } from '../../domain/human-turn.js';
import { humanTurnFacts } from '../trust/human-turn-facts.js';
import { walledClient } from '../rules/wall-answer.js';
import { insertViolation } from '../../ledger/sessions.js';
import { insertNotice } from '../../ledger/notices.js';
import type { SqlDatabase } from '../../ledger/driver.js';

type PromptPayload = PayloadOf<'UserPromptSubmit'>;

/**
 * UserPromptSubmit: the user's own words. `stop` or `pause` suspends the Stop
 * gate for this session until a prompt that is neither; an approval phrase,
 * or the plugin's /continuity:approve, approves the active draft or stale
 * plan, bound to its current structure.
 */
export const handleUserPrompt: Handler<PromptPayload> = async ({ payload, ledger, config, now, root, source, inProcessClient, env }) => {
  const session = sessionById(ledger.db, payload.session_id);
  // A client that goes on after a blocked stop by submitting the block's reason as the next prompt (Gemini CLI's
  // AfterAgent retry fires BeforeAgent with it): continuity's own words, not the person's, and the same boundary.
  const continuation = isStopContinuation(ledger.db, payload.session_id, payload.prompt);
  const pauseAsked = !continuation && isPauseWord(payload.prompt);
  const approving = !continuation && (matchesApprovalPhrase(payload.prompt, config.approval.phrases) || isApprovalCommand(payload.prompt));
  const state = await loadPlanState(ledger, { now, config, source, sessionId: payload.session_id });
  const plan = approving ? activePlan(ledger.db) : null;
  const approvable = plan && (plan.state === 'draft' || plan.state === 'stale') ? plan : null;
  // Approving and pausing change what the agent may do: taken only when the client's own record says a person typed it.
  const judged = approvable || pauseAsked;
  const execWalled = judged && !!inProcessClient?.liveAgentProcesses && !!walledClient(source) && (await (await import('../rules/own-wall.js')).ownWallVerdict(root, env ?? process.env)).kind === 'wrap';
  const judgement = judged ? judgeUserPrompt(humanTurnFacts(ledger.db, payload, Date.parse(now), inProcessClient, source, execWalled)) : { ok: true as const };
  const approve = judgement.ok ? approvable : null;
  const pause = judgement.ok && pauseAsked;

  const messages: string[] = [];
  let context: string | null = null;
  if (!judgement.ok) {
    messages.push(`continuity: the prompt "${payload.prompt.trim().slice(0, 40)}" was not taken as the person's: ${judgement.why}. Nothing was ${approvable ? 'approved' : 'paused'}; typed at the keyboard when no agent command runs, it is.`);
  }
  if (pause) messages.push('continuity: the Stop gate is paused for this session until your next prompt that is not "stop" or "pause".');
  else if (session.suspended) messages.push('continuity: the Stop gate is active again for this session.');
  if (approve) {
    context = `Plan ${approve.id} (${approve.path}) was approved by the user at ${now}; the approval is bound to its current structure (${approve.structureHash.slice(0, 12)}).`;
    messages.push(`continuity: plan ${approve.id} approved.`);
  } else if (state) {
    // The ground truth in one line, so a lost approval step is noticed even after compaction.
    context = describeStateLine(state);
  }

  const result: HandlerResult = {
    output: context || messages.length ? { ...(messages.length ? { systemMessage: messages.join(' ') } : {}), ...(context ? { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: context } } : {}) } : null,
    decision: {
      ...(continuation ? { continuation: true } : {}),
      action: approve ? 'approved' : pause ? 'paused' : !judgement.ok ? 'refused' : context ? 'context' : 'none',
      suspended: pause,
      planId: approve?.id ?? state?.plan.id ?? null,
      ...(judgement.ok ? {} : { refused: judgement.why }),
    },
    persist: (db, eventId) => {
      if (continuation) saveSession(db, { ...session, lastPromptAt: now }, now);
      else saveSession(db, { ...session, suspended: pause, lastPromptAt: now, boundary: null, blocks: 0 }, now);
      if (approve) approvePlan(db, root, approve, { channel: 'user-prompt', at: now });
      if (!judgement.ok) insertViolation(db, { at: now, sessionId: payload.session_id, kind: approvable ? 'untrusted_approval' : 'untrusted_pause', summary: `the prompt "${payload.prompt.trim().slice(0, 40)}" was not taken as the person's: ${judgement.why}`, eventId });
      // Not from the client's prompt, this call's answer went to whatever made it up: the person hears of it at the next hook call.
      if (!judgement.ok && judgement.notFromPrompt) insertNotice(db, { at: now, kind: 'untrusted-prompt', text: `a prompt "${payload.prompt.trim().slice(0, 40)}" reached the hook and was not taken as yours (${judgement.why}); nothing was ${approvable ? 'approved' : 'paused'}.`, eventId });
    },
  };
  // The delivery watchdog: a lost subagent result reaches the agent as context; late runs are reported to the user.
  return withWatchdog(result, await watchdogAt({ payload, ledger, config, now, root, source, ...(inProcessClient ? { inProcessClient } : {}) }, 'UserPromptSubmit', { canAct: true, userVisible: true }), 'UserPromptSubmit');
};

/** Is this prompt the reason the session's last Stop was blocked with (the client continuing the turn with it)? */
function isStopContinuation(db: SqlDatabase, sessionId: string, prompt: string): boolean {
  const row = db.get<{ reason: string | null }>(
    "SELECT json_extract(decision, '$.output.reason') AS reason FROM events WHERE session_id = ? AND kind = 'Stop' ORDER BY id DESC LIMIT 1",
    sessionId,
  );
  return typeof row?.reason === 'string' && row.reason.trim() !== '' && row.reason.trim() === prompt.trim();
}
