/**
 * The person's signature on an approval, across machines: what a pushed
 * approval carries, and the check of one pulled. This build has no signer:
 * an approval pushed carries no statement, and a pulled one is never
 * believed (src/domain/shared-intake.ts refuses it with the reason).
 */
import type { IntakeRecord, SignatureCheck } from '../domain/shared-intake.js';

/** The signed statement and signature for an approval recorded here, to push with it; null: none. */
export function signedApprovalToPush(_root: string, _planPath: string | null): { statement: unknown; signature: string } | null {
  return null;
}

/** The signature check of a pulled record's statement; null: no way to check one here. */
export function checkPulledSignature(_root: string, r: IntakeRecord): SignatureCheck {
  if (!r.approval) return null;
  return null;
}
