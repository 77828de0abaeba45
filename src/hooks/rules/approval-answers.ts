import { approvePlan, type ApprovalChannel } from '../../app/approve.js';
import { importPlan } from '../../app/import-plan.js';
import { parsePlanFile, readPlanFile } from '../../app/plan-files.js';
import { refreshActivePlan } from '../../app/refresh-plan.js';
import { CliError } from '../../util/errors.js';
import { isApprovalAnswer } from '../../domain/user-words.js';
import { activePlan } from '../../ledger/plans.js';
import type { ToolPayload } from '../tool-rules.js';
import { judgeToolAnswer } from '../../domain/human-turn.js';
import { insertViolation } from '../../ledger/sessions.js';
import { humanTurnFacts, pairedPreToolUse } from '../trust/human-turn-facts.js';
import type { HandlerResult, HookContext } from '../types.js';

/**
 * The user's answer to an approval question (PostToolUse of AskUserQuestion)
 * and the user's acceptance of a plan-mode plan (PostToolUse of ExitPlanMode)
 * approve the active draft or stale plan. Both answers come from the human
 * through Claude Code's own dialog; the agent cannot produce them.
 */
export async function approveFromAnswer(ctx: HookContext<ToolPayload>): Promise<HandlerResult> {
  const { payload } = ctx;
  if (payload.hook_event_name !== 'PostToolUse') return none('not a tool result');
  const response = (payload.tool_response ?? {}) as Record<string, unknown>;
  let channel: ApprovalChannel;
  let evidence: string;
  if (payload.tool_name === 'ExitPlanMode') {
    if (response.isAgent === true || response.awaitingLeaderApproval === true) return none('a subagent plan, not the user\'s acceptance');
    channel = 'plan-mode-acceptance';
    evidence = 'the user accepted the plan-mode plan';
    const planFile = typeof response.filePath === 'string' ? response.filePath : typeof payload.tool_input.planFilePath === 'string' ? payload.tool_input.planFilePath : null;
    if (planFile) await registerPlanModeFile(ctx, planFile);
  } else {
    const answer = approvalAnswer(response);
    if (!answer) return none('no approval question answered with an approval');
    channel = 'ask-user-question';
    evidence = answer;
  }
  await refreshActivePlan(ctx.ledger, { now: ctx.now, config: ctx.config, source: ctx.source, sessionId: payload.session_id });
  const plan = activePlan(ctx.ledger.db);
  if (!plan || (plan.state !== 'draft' && plan.state !== 'stale')) return none('no draft or stale plan to approve');
  // Corroborated by what the client recorded: its own announcement of this call, and its transcript.
  const toolUseId = typeof payload.tool_use_id === 'string' ? payload.tool_use_id : '';
  const judgement = judgeToolAnswer({
    ...humanTurnFacts(ctx.ledger.db, payload, Date.parse(ctx.now)),
    toolUseId,
    toolName: payload.tool_name,
    pairedPreToolUse: toolUseId !== '' && pairedPreToolUse(ctx.ledger.db, toolUseId, payload.tool_name),
  });
  if (!judgement.ok) {
    const summary = `the ${payload.tool_name} answer (${evidence}) was not taken as the person's: ${judgement.why}`;
    return {
      output: { systemMessage: `continuity: ${summary}. Plan ${plan.id} stays ${plan.state}.` },
      decision: { action: 'refused', planId: plan.id, channel, evidence, why: judgement.why },
      persist: (db, eventId) => insertViolation(db, { at: ctx.now, sessionId: payload.session_id, kind: 'untrusted_approval', summary, eventId }),
    };
  }
  return {
    output: {
      hookSpecificOutput: {
        hookEventName: 'PostToolUse',
        additionalContext: `Plan ${plan.id} (${plan.path}) was approved by the user at ${ctx.now} (${evidence}); the approval is bound to its current structure (${plan.structureHash.slice(0, 12)}).`,
      },
      systemMessage: `continuity: plan ${plan.id} approved.`,
    },
    decision: { action: 'approved', planId: plan.id, channel, evidence },
    persist: (db) => void approvePlan(db, ctx.root, plan, { channel, at: ctx.now }),
  };
}

// A question about approving (its text says so) answered with an approving choice.
function approvalAnswer(response: Record<string, unknown>): string | null {
  const answers = (response.answers ?? {}) as Record<string, unknown>;
  for (const [question, answer] of Object.entries(answers)) {
    if (typeof answer === 'string' && /\bapprov/i.test(question) && isApprovalAnswer(answer)) return `"${question}" → "${answer}"`;
  }
  return null;
}

async function registerPlanModeFile(ctx: HookContext<ToolPayload>, path: string): Promise<void> {
  try {
    const file = readPlanFile(ctx.root, path);
    importPlan(ctx.ledger, file, await parsePlanFile(file), { now: ctx.now, config: ctx.config, source: ctx.source, kind: 'plan.register', sessionId: ctx.payload.session_id });
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
  }
}

function none(why: string): HandlerResult {
  return { output: null, decision: { action: 'none', why } };
}
