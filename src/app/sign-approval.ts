import type { Config } from '../config/schema.js';
import { statementText, type ApprovalStatement } from '../domain/approval-statement.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { insertSignedApproval } from '../ledger/signed-approvals.js';
import { CliError, ExitCode } from '../util/errors.js';
import { SIGNERS_FILE, verifyStatement } from './approval-signature.js';
import { signingKeyOf, signStatement, type SigningKey } from './approval-signing.js';
import { repoIdentity } from './repo-identity.js';

/** A statement signed at the person's terminal, and the allowed signer it verified as. */
export interface SignedStatement {
  statement: ApprovalStatement;
  signature: string;
  signer: string;
  key: SigningKey;
}

/**
 * Is this project's ledger shared with the team's other machines? Said by
 * the config's `shared` key or CONTINUITY_SHARED_URL. Read loosely here:
 * the key's shape is the shared ledger's to define and check.
 */
export function sharingOn(config: Config, env: NodeJS.ProcessEnv): boolean {
  const shared = (config as { shared?: unknown }).shared;
  return (shared !== undefined && shared !== null && shared !== false) || !!env.CONTINUITY_SHARED_URL?.trim();
}

/**
 * Signs an approval or a revocation at the person's terminal, before the
 * ledger is written (ssh-keygen may ask a passphrase; no lock is held
 * meanwhile), and checks the signature against the repository's allowed
 * signers as every other machine will. Null when no signing key is set and
 * the ledger is not shared: the approval is this machine's alone, as
 * before. Otherwise a signature that every machine believes, or a CliError
 * (exit 4) and nothing approved: with sharing on, an unsigned approval
 * would hold here and nowhere else.
 */
export function signForTeam(
  command: 'approve' | 'revoke',
  s: Omit<ApprovalStatement, 'repo'>,
  ctx: { root: string; config: Config; env: NodeJS.ProcessEnv },
): SignedStatement | null {
  const key = signingKeyOf(ctx.root, ctx.config, ctx.env);
  if (!key) {
    if (!sharingOn(ctx.config, ctx.env)) return null;
    throw new CliError(
      `${command} refused: this project's ledger is shared and no signing key is set (CONTINUITY_SIGNING_KEY, approval.signingKey in .continuity/config.json, or git's user.signingkey with gpg.format ssh); the team's other machines believe only a signed ${command === 'approve' ? 'approval' : 'revocation'}. Nothing was changed.`,
      ExitCode.config,
    );
  }
  const repo = repoIdentity(ctx.root);
  if (!repo) throw new CliError(`${command} refused: a signing key is set (${key.from}) but the repository has no commit yet, so it has no identity to sign for; commit first. Nothing was changed.`, ExitCode.config);
  if (s.planPath.startsWith('/') || s.planPath.startsWith('../')) throw new CliError(`${command} refused: the plan ${s.planPath} lies outside the repository; a signed ${command} names a plan by its path in the repository. Nothing was changed.`, ExitCode.config);
  const statement: ApprovalStatement = { ...s, repo };
  // Checked before ssh-keygen runs: a statement that cannot be written canonically is never signed.
  statementText(statement);
  const signed = signStatement(statement, key, ctx.root);
  if (!signed.ok) throw new CliError(`${command} refused: ${signed.reason}. Nothing was changed.`, ExitCode.config);
  const verified = verifyStatement(statement, signed.signature, ctx.root);
  if (!verified.ok) throw new CliError(`${command} refused: the signature made with ${key.key} (${key.from}) is not one the repository allows: ${verified.reason}; the key's line belongs in ${SIGNERS_FILE}, committed. Nothing was changed.`, ExitCode.config);
  return { statement, signature: signed.signature, signer: verified.signer, key };
}

/** Keeps the signed statement in the ledger, in the transaction of the approval or revocation it signs. */
export function recordSigned(db: SqlDatabase, signed: SignedStatement, eventId: number): void {
  insertSignedApproval(db, { planPath: signed.statement.planPath, action: signed.statement.action, at: signed.statement.at, statement: statementText(signed.statement), signature: signed.signature, signer: signed.signer, eventId });
}
