/**
 * The person's signature on an approval, across machines: what a pushed
 * approval or revocation carries (the statement's canonical text and the
 * signature kept with it: src/ledger/signed-approvals.ts), and the check of
 * a pulled one against the repository's allowed signers (ssh-keygen, in
 * src/app/approval-signature.ts). The intake rule believes nothing else.
 */
import { parseStatementText, statementText, type ApprovalStatement } from '../domain/approval-statement.js';
import type { IntakeRecord, SignatureCheck } from '../domain/shared-intake.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { insertSignedApproval } from '../ledger/signed-approvals.js';
import { verifyStatement } from './approval-signature.js';

/** As the shared ledger stores it: the exact bytes signed, and the signature. */
export interface PushedApproval {
  text: string;
  signature: string;
}

/** The signed statement recorded with this local event (an approve or revoke at the person's terminal), to push with it. */
export function signedApprovalToPush(db: SqlDatabase, eventId: number): PushedApproval | null {
  if (!db.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'signed_approvals'")) return null;
  const row = db.get<{ statement: string; signature: string }>('SELECT statement, signature FROM signed_approvals WHERE event_id = ? ORDER BY id DESC LIMIT 1', eventId);
  return row ? { text: row.statement, signature: row.signature } : null;
}

/** A pulled record's approval, read: its statement only when the text is exactly one a person signs. */
export function pulledApproval(raw: unknown): IntakeRecord['approval'] {
  if (!raw || typeof raw !== 'object') return null;
  const { text, signature } = raw as { text?: unknown; signature?: unknown };
  return { statement: typeof text === 'string' ? parseStatementText(text) : null, signature: typeof signature === 'string' ? signature : '' };
}

/** The signature check of a pulled record's statement; null when it carries none to check. */
export function checkPulledSignature(root: string, r: IntakeRecord): SignatureCheck {
  if (!r.approval?.statement) return null;
  return verifyStatement(r.approval.statement, r.approval.signature, root);
}

/** The statement taken in is kept here as it was signed, in the transaction that applies it. */
export function keepPulledSignature(db: SqlDatabase, s: ApprovalStatement, signature: string, signer: string, eventId: number): void {
  insertSignedApproval(db, { planPath: s.planPath, action: s.action, at: s.at, statement: statementText(s), signature, signer, eventId });
}
