import { loadPlanState } from '../../app/plan-state.js';
import { taskLineOf } from '../../ledger/plans.js';
import type { PayloadOf } from '../payload.js';
import { describeGroundTruth, describeWatchdogAlerts } from '../render/ground-truth.js';
import { loadRuns, policyOf, runViews, viewRun } from '../../app/watchdog-runs.js';
import { runsOpenElsewhere } from '../../app/session-runs.js';
import type { Handler } from '../types.js';
import { ownWallCode, walledClient } from '../rules/wall-answer.js';
import { createRequire } from 'node:module';
import { gatherCodexWallFacts, gatherWallFacts } from '../../install/wall-facts.js';
import { codexWallStatus } from '../../install/codex-wall-status.js';
import { describeHooksOnlyForAgent, describeWallForAgent, wallStatus } from '../../install/wall-status.js';

// node:os only when a session starts with a plan to describe (its load costs every hook call otherwise).
const homeDir = () => (createRequire(import.meta.url)('node:os') as typeof import('node:os')).homedir();

type SessionStartPayload = PayloadOf<'SessionStart'>;

/** Agents whose hooks reach these handlers through the bridge, by their event source, for which continuity raises no wall. */
const HOOKS_ONLY_AGENTS: Readonly<Record<string, string>> = { 'hook:cursor': 'Cursor' };

/** The layer in force for the agent this hook runs for: continuity's own wall, Codex's sandbox, Claude Code's, or the hooks alone. */
async function wallSentence(source: string, root: string, config: Parameters<typeof gatherWallFacts>[1], env: NodeJS.ProcessEnv): Promise<string> {
  const own = walledClient(source);
  if (own) return (await ownWallCode()).describeOwnWallForAgentAt(own, root, env);
  const bridged = HOOKS_ONLY_AGENTS[source];
  if (bridged) return describeHooksOnlyForAgent(bridged);
  if (source === 'hook:codex') return describeWallForAgent(codexWallStatus(await gatherCodexWallFacts(root, config, { home: homeDir() })), "Codex's sandbox");
  return describeWallForAgent(wallStatus(await gatherWallFacts(root, config, { home: homeDir() })));
}

/**
 * SessionStart (startup, resume, clear, compact): the agent's context gets
 * the ledger's ground truth, read fresh, so what compaction dropped is back.
 */
export const handleSessionStart: Handler<SessionStartPayload> = async ({ payload, ledger, config, now, source, root, env }) => {
  const state = await loadPlanState(ledger, { now, config, source, sessionId: payload.session_id });
  // The delivery watchdog's alerts for this session: late or blocked subagent runs.
  const nowMs = Date.parse(now);
  const elsewhere = runsOpenElsewhere(ledger.db, { sessionId: payload.session_id, source }, nowMs).map((r) => ({ view: viewRun(loadRuns(ledger.db, [r.row])[0]!, nowMs, policyOf(config)), from: r.handedOverFrom! }));
  const alerts = describeWatchdogAlerts(runViews(ledger.db, { nowMs, policy: policyOf(config), sessionId: payload.session_id, limit: 200 }), elsewhere);
  if (!state) {
    if (!alerts) return { output: null, decision: { action: 'none', source: payload.source } };
    return { output: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: alerts } }, decision: { action: 'watchdog_alerts', source: payload.source } };
  }
  const wall = await wallSentence(source, root, config, env ?? process.env);
  const context = describeGroundTruth(state, (id) => taskLineOf(ledger.db, state.plan.id, id)) + (wall ? `\n\n${wall}` : '') + (alerts ? `\n\n${alerts}` : '');
  return {
    output: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } },
    decision: { action: 'context', source: payload.source, planId: state.plan.id, planState: state.plan.state, nextStep: state.nextStep.kind },
  };
};
