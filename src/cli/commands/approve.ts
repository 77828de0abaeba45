import { parseArgs } from 'node:util';
import { approvePlan } from '../../app/approve.js';
import { loadPlanState } from '../../app/plan-state.js';
import { appendEvent } from '../../ledger/events.js';
import { activePlan } from '../../ledger/plans.js';
import { insertViolation } from '../../ledger/sessions.js';
import { agentShellMarker } from '../agent-shell.js';
import { CliError, ExitCode } from '../errors.js';
import { ledgerAccess } from '../../ledger/ledger-dir.js';
import { projectRoot, withLedger } from '../project.js';
import { refuseInsideWall } from '../requests.js';

const USAGE = `usage: continuity approve

Approves the active plan, bound to its current structure. Only a person at an
interactive terminal outside an agent can approve this way; from an agent's
shell the command is refused and the attempt is recorded.`;


export async function run(argv: string[]): Promise<number> {
  try {
    const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return ExitCode.ok;
    }
  } catch (err) {
    throw new CliError(`approve: ${(err as Error).message}`, ExitCode.invalidInput);
  }
  if (ledgerAccess(projectRoot()) === 'read-only') refuseInsideWall('continuity approve', "only a person approves a plan: their own prompt in the agent's session, or continuity approve at their own terminal");
  const now = new Date().toISOString();
  const agentMarker = agentShellMarker();
  const interactive = !!process.stdin.isTTY && !!process.stdout.isTTY;
  const refusal = agentMarker ? `run from an agent's shell (${agentMarker} is set)` : !interactive ? 'not run from an interactive terminal' : null;

  return withLedger({ create: false }, async (ledger, { config, root }) => {
    await loadPlanState(ledger, { now, config, source: 'cli' });
    const plan = activePlan(ledger.db);
    if (refusal) {
      ledger.write((db) => {
        const eventId = appendEvent(db, { at: now, source: 'cli', kind: 'approve.refused', sessionId: process.env.CLAUDE_CODE_SESSION_ID ?? null, input: { refusal }, decision: { action: 'refused', planId: plan?.id ?? null } });
        insertViolation(db, { at: now, sessionId: process.env.CLAUDE_CODE_SESSION_ID ?? null, kind: 'approval_forgery', summary: `continuity approve refused: ${refusal}`, eventId });
      });
      throw new CliError(`approve refused: ${refusal}; only a person at an interactive terminal, or the user's own answer in the agent's session, approves a plan. The attempt is recorded.`, ExitCode.refused);
    }
    if (!plan) throw new CliError('no active plan: run `continuity plan import FILE`', ExitCode.invalidInput);
    if (plan.state === 'approved') {
      process.stdout.write(`Plan ${plan.id} is already approved (${plan.approvedAt}).\n`);
      return ExitCode.ok;
    }
    if (plan.state === 'complete') throw new CliError(`plan ${plan.id} is complete; nothing to approve`, ExitCode.invalidInput);
    ledger.write((db) => {
      appendEvent(db, { at: now, source: 'cli', kind: 'approve', sessionId: null, input: { planId: plan.id }, decision: { action: 'approved', channel: 'cli-terminal', structureHash: plan.structureHash } });
      approvePlan(db, root, plan, { channel: 'cli-terminal', at: now });
    });
    process.stdout.write(`Plan ${plan.id} (${plan.path}) approved at ${now}, bound to its current structure (${plan.structureHash.slice(0, 12)}).\n`);
    return ExitCode.ok;
  });
}
