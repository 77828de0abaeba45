import type { SqlDatabase } from './driver.js';

/**
 * The approvals and revocations a person signed, as signed: the canonical
 * statement text (src/domain/approval-statement.ts) and the armored SSH
 * signature over it, with the principal the repository's allowed signers
 * named when it was checked. Append-only (triggers refuse an update or a
 * delete): a signed record is evidence, and a later one supersedes it.
 */
export const SIGNED_APPROVALS_SQL = `
  CREATE TABLE signed_approvals (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_path   TEXT NOT NULL,
    action      TEXT NOT NULL CHECK (action IN ('approve', 'revoke')),
    at          TEXT NOT NULL,                      -- the statement's time
    statement   TEXT NOT NULL,                      -- the exact bytes signed
    signature   TEXT NOT NULL,                      -- ssh-keygen -Y sign's armored output
    signer      TEXT NOT NULL,                      -- the allowed signer it verified as
    event_id    INTEGER                             -- the approve/revoke event
  );
  CREATE INDEX signed_approvals_plan ON signed_approvals (plan_path, id);
  CREATE TRIGGER signed_approvals_no_update BEFORE UPDATE ON signed_approvals BEGIN SELECT RAISE(ABORT, 'signed approvals are append-only'); END;
  CREATE TRIGGER signed_approvals_no_delete BEFORE DELETE ON signed_approvals BEGIN SELECT RAISE(ABORT, 'signed approvals are append-only'); END;
`;

export interface SignedApprovalRow {
  planPath: string;
  action: 'approve' | 'revoke';
  at: string;
  statement: string;
  signature: string;
  signer: string;
  eventId: number | null;
}

export function insertSignedApproval(db: SqlDatabase, row: SignedApprovalRow): void {
  db.run('INSERT INTO signed_approvals (plan_path, action, at, statement, signature, signer, event_id) VALUES (?, ?, ?, ?, ?, ?, ?)', row.planPath, row.action, row.at, row.statement, row.signature, row.signer, row.eventId);
}

/** The last signed record (approval or revocation) of the plan at this path, or null. */
export function lastSignedApproval(db: SqlDatabase, planPath: string): SignedApprovalRow | null {
  const r = db.get<{ plan_path: string; action: string; at: string; statement: string; signature: string; signer: string; event_id: number | null }>(
    'SELECT plan_path, action, at, statement, signature, signer, event_id FROM signed_approvals WHERE plan_path = ? ORDER BY id DESC LIMIT 1',
    planPath,
  );
  if (!r) return null;
  return { planPath: r.plan_path, action: r.action as 'approve' | 'revoke', at: r.at, statement: r.statement, signature: r.signature, signer: r.signer, eventId: r.event_id === null ? null : Number(r.event_id) };
}
