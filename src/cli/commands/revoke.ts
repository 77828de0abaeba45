import { revokeApproval } from '../../app/approve.js';
import { recordSigned, signForTeam } from '../../app/sign-approval.js';
import { appendEvent } from '../../ledger/events.js';
import { activePlan } from '../../ledger/plans.js';
import { CliError, ExitCode } from '../../util/errors.js';
import { humanCommandFacts, personOnlyCommand, refuseUnlessHuman } from '../human-command.js';
import { withLedger } from '../project.js';

const USAGE = `usage: continuity revoke

Takes back the active plan's approval, however it was given: the plan is a
draft again, and its execution is no longer authorised until a person
approves it again. Only a person at an interactive terminal outside an agent
can revoke; anything else is refused and recorded.

With a signing key set, or the ledger shared, the revocation is signed as
\`continuity approve\` signs an approval (see \`continuity approve --help\`);
when it cannot be, nothing is revoked (exit 4).`;

export async function run(argv: string[]): Promise<number> {
  if (personOnlyCommand('continuity revoke', USAGE, argv, 'only a person revokes an approval, at their own terminal')) return ExitCode.ok;
  const now = new Date().toISOString();
  return withLedger({ create: false }, (ledger, { root, config }) => {
    refuseUnlessHuman('continuity revoke', humanCommandFacts(root, ledger.db, now), { needsTerminal: true, ledger, now, kind: 'revoke_forgery', what: 'only a person revokes an approval, at their own terminal' });
    const plan = activePlan(ledger.db);
    if (!plan) throw new CliError('no active plan: nothing to revoke', ExitCode.invalidInput);
    if (plan.state !== 'approved' && plan.state !== 'stale') {
      process.stdout.write(`Plan ${plan.id} is ${plan.state}: there is no approval to take back.\n`);
      return ExitCode.ok;
    }
    // The revocation names the structure the approval was bound to: that is the approval it takes back.
    const signed = signForTeam('revoke', { action: 'revoke', planPath: plan.path, structureHash: plan.approvedHash ?? plan.structureHash, at: now }, { root, config, env: process.env });
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: now, source: 'cli', kind: 'revoke', sessionId: null, input: { planId: plan.id }, decision: { action: 'revoked', approvedAt: plan.approvedAt, approvedVia: plan.approvedVia, ...(signed ? { signedBy: signed.signer } : {}) } });
      revokeApproval(db, root, plan, now);
      if (signed) recordSigned(db, signed, eventId);
    });
    process.stdout.write(`The approval of plan ${plan.id} (given ${plan.approvedAt ?? 'earlier'}${plan.approvedVia ? ` via ${plan.approvedVia}` : ''}) is revoked: the plan is a draft; its execution is not authorised.\n`);
    if (signed) process.stdout.write(`The revocation is signed by ${signed.signer} (${signed.key.from}) and verifies against .continuity-signers.\n`);
    return ExitCode.ok;
  });
}
