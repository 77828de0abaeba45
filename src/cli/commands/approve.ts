import { approvePlan } from '../../app/approve.js';
import { recordSigned, signForTeam } from '../../app/sign-approval.js';
import { loadPlanState } from '../../app/plan-state.js';
import { appendEvent } from '../../ledger/events.js';
import { insertNotice } from '../../ledger/notices.js';
import { activePlan } from '../../ledger/plans.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { humanCommandFacts, personOnlyCommand, refuseUnlessHuman } from '../human-command.js';
import { withLedger } from '../project.js';

const USAGE = `usage: continuity approve

Approves the active plan, bound to its current structure. Only a person at an
interactive terminal outside an agent can approve this way: from an agent's
shell or command, while an agent's Bash call runs in the project, or without
a terminal the command is refused and the attempt recorded. The next hook
tells the person in the agent's session that the plan was approved at a
terminal; \`continuity revoke\` undoes an approval.

With a signing key set (CONTINUITY_SIGNING_KEY, approval.signingKey in
.continuity/config.json, or git's user.signingkey with gpg.format ssh), the
approval is signed with it (ssh-keygen -Y sign, namespace
continuity-approval: a key's passphrase is asked here, or ssh-agent signs)
and checked against the repository's .continuity-signers before anything is
recorded. With the ledger shared and no key set, or a signature that the
signers file does not allow, nothing is approved (exit 4).`;

export async function run(argv: string[]): Promise<number> {
  if (personOnlyCommand('continuity approve', USAGE, argv, "only a person approves a plan: their own prompt in the agent's session, or continuity approve at their own terminal")) return ExitCode.ok;
  const now = new Date().toISOString();

  return withLedger({ create: false }, async (ledger, { config, root }) => {
    await loadPlanState(ledger, { now, config, source: 'cli' });
    const plan = activePlan(ledger.db);
    refuseUnlessHuman('continuity approve', humanCommandFacts(root, ledger.db, now), {
      needsTerminal: true,
      ledger,
      now,
      kind: 'approval_forgery',
      what: "only a person at an interactive terminal, or the user's own answer in the agent's session, approves a plan",
    });
    if (!plan) throw new CliError('no active plan: run `continuity plan import FILE`', ExitCode.invalidInput);
    if (plan.state === 'approved') {
      process.stdout.write(`Plan ${plan.id} is already approved (${plan.approvedAt}).\n`);
      return ExitCode.ok;
    }
    if (plan.state === 'complete') throw new CliError(`plan ${plan.id} is complete; nothing to approve`, ExitCode.invalidInput);
    // Signed before the ledger is written: ssh-keygen may wait on the person's passphrase.
    const signed = signForTeam('approve', { action: 'approve', planPath: plan.path, structureHash: plan.structureHash, at: now }, { root, config, env: process.env });
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: now, source: 'cli', kind: 'approve', sessionId: null, input: { planId: plan.id }, decision: { action: 'approved', channel: 'cli-terminal', structureHash: plan.structureHash, ...(signed ? { signedBy: signed.signer } : {}) } });
      approvePlan(db, root, plan, { channel: 'cli-terminal', at: now });
      if (signed) recordSigned(db, signed, eventId);
      // Not in the agent's session: the person there is told, and can undo it.
      insertNotice(db, { at: now, kind: 'approved-at-terminal', text: `plan ${plan.id} was approved at a terminal (continuity approve, ${now}), not in this session; \`continuity revoke\` at your terminal undoes it if that was not you.`, eventId });
    });
    process.stdout.write(`Plan ${plan.id} (${plan.path}) approved at ${now}, bound to its current structure (${plan.structureHash.slice(0, 12)}).\n`);
    if (signed) process.stdout.write(`The approval is signed by ${signed.signer} (${signed.key.from}) and verifies against .continuity-signers.\n`);
    return ExitCode.ok;
  });
}
