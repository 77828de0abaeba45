import { loadPlanState } from '../../app/plan-state.js';
import { taskLineOf } from '../../ledger/plans.js';
import type { PayloadOf } from '../payload.js';
import { describeGroundTruth, describeWatchdogAlerts } from '../render/ground-truth.js';
import { policyOf, runViews } from '../../app/watchdog-runs.js';
import type { Handler } from '../types.js';
import { walledClient } from '../rules/wall-answer.js';
import { createRequire } from 'node:module';
import { gatherWallFacts } from '../../install/wall-facts.js';
import { describeHooksOnlyForAgent, describeWallForAgent, wallStatus } from '../../install/wall-status.js';

// node:os only when a session starts with a plan to describe (its load costs every hook call otherwise).
const homeDir = () => (createRequire(import.meta.url)('node:os') as typeof import('node:os')).homedir();

type SessionStartPayload = PayloadOf<'SessionStart'>;

/** Agents whose hooks reach these handlers through the bridge, by their event source, for which no wall is raised. */
const HOOKS_ONLY_AGENTS: Readonly<Record<string, string>> = { 'hook:codex': 'Codex', 'hook:cursor': 'Cursor' };

/**
 * SessionStart (startup, resume, clear, compact): the agent's context gets
 * the ledger's ground truth, read fresh, so what compaction dropped is back.
 */
export const handleSessionStart: Handler<SessionStartPayload> = async ({ payload, ledger, config, now, source, root, env }) => {
  const state = await loadPlanState(ledger, { now, config, source, sessionId: payload.session_id });
  // The delivery watchdog's alerts for this session: late or blocked subagent runs.
  const alerts = describeWatchdogAlerts(runViews(ledger.db, { nowMs: Date.parse(now), policy: policyOf(config), sessionId: payload.session_id, limit: 200 }));
  if (!state) {
    if (!alerts) return { output: null, decision: { action: 'none', source: payload.source } };
    return { output: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: alerts } }, decision: { action: 'watchdog_alerts', source: payload.source } };
  }
  const bridged = HOOKS_ONLY_AGENTS[source];
  const own = walledClient(source);
  const wall = own
    ? await (await import('../rules/own-wall.js')).describeOwnWallForAgentAt(own, root, env ?? process.env)
    : bridged ? describeHooksOnlyForAgent(bridged) : describeWallForAgent(wallStatus(await gatherWallFacts(root, config, { home: homeDir() })));
  const context = describeGroundTruth(state, (id) => taskLineOf(ledger.db, state.plan.id, id)) + (wall ? `\n\n${wall}` : '') + (alerts ? `\n\n${alerts}` : '');
  return {
    output: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } },
    decision: { action: 'context', source: payload.source, planId: state.plan.id, planState: state.plan.state, nextStep: state.nextStep.kind },
  };
};
