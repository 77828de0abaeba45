import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPROVAL_NAMESPACE, parseStatementText, SIGNERS_FILE, statementProblem, statementText, type ApprovalStatement } from '../domain/approval-statement.js';
import type { SqlDatabase } from '../ledger/driver.js';
import { lastSignedApproval } from '../ledger/signed-approvals.js';

/**
 * Signatures over approval statements, made and checked by OpenSSH's own
 * `ssh-keygen -Y sign / verify` (the program git runs for SSH-signed
 * commits) rather than by a crypto library: the person's key stays where
 * ssh-keygen finds it (a key file whose passphrase it asks at the terminal,
 * or ssh-agent), and the allowed signers file means exactly what it means to
 * git (principals, `namespaces=`, `valid-after`/`valid-before`, cert-authority).
 */

export { SIGNERS_FILE };

/** How long ssh-keygen may take to check a signature (it never prompts to verify). */
const VERIFY_TIMEOUT_MS = 10_000;

export type Verification = { ok: true; signer: string } | { ok: false; reason: string };

/**
 * Is `signature` the signature of a person the repository at `root` allows
 * (its SIGNERS_FILE), over this statement's canonical text, in continuity's
 * namespace, with a key valid now? The signer is the principal the file names.
 */
export function verifyStatement(s: ApprovalStatement, signature: string, root: string): Verification {
  const problem = statementProblem(s);
  if (problem) return { ok: false, reason: `the statement is malformed: ${problem}` };
  const signers = join(root, SIGNERS_FILE);
  if (!existsSync(signers)) return { ok: false, reason: `no allowed signers: ${SIGNERS_FILE} is missing` };
  if (!/^-----BEGIN SSH SIGNATURE-----\n[A-Za-z0-9+/=\n]+-----END SSH SIGNATURE-----\n?$/.test(signature)) return { ok: false, reason: 'the signature is not an SSH signature' };
  const dir = mkdtempSync(join(tmpdir(), 'continuity-verify-'));
  try {
    const sigFile = join(dir, 'statement.sig');
    writeFileSync(sigFile, signature.endsWith('\n') ? signature : `${signature}\n`);
    // Which principals of the file hold the signing key; then the signature checked as each of them.
    const found = sshKeygen(['-Y', 'find-principals', '-s', sigFile, '-f', signers], '');
    if (found.error) return { ok: false, reason: found.error };
    if (found.status !== 0) return { ok: false, reason: `the signing key is not in ${SIGNERS_FILE}` };
    const principals = found.stdout.split('\n').map((l) => l.trim()).filter((l) => l !== '');
    const text = statementText(s);
    let last = '';
    for (const principal of principals) {
      const r = sshKeygen(['-Y', 'verify', '-f', signers, '-I', principal, '-n', APPROVAL_NAMESPACE, '-s', sigFile], text);
      if (r.error) return { ok: false, reason: r.error };
      if (r.status === 0) return { ok: true, signer: principal };
      last = firstLine(r.stderr);
    }
    return { ok: false, reason: `the signature does not verify for this statement in the ${APPROVAL_NAMESPACE} namespace${last ? ` (${last})` : ''}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The last signed record of the plan at `planPath` (relative to the
 * project's root) in this ledger: an approval or a revocation (the
 * statement's action says which), with the signature as stored. Null when
 * the plan was never approved or revoked with a signature here.
 */
export function signedApprovalOf(db: SqlDatabase, planPath: string): { statement: ApprovalStatement; signature: string } | null {
  const row = lastSignedApproval(db, planPath);
  if (!row) return null;
  const statement = parseStatementText(row.statement);
  return statement ? { statement, signature: row.signature } : null;
}

function sshKeygen(args: string[], input: string): { status: number | null; stdout: string; stderr: string; error: string | null } {
  const r = spawnSync('ssh-keygen', args, { input, encoding: 'utf8', timeout: VERIFY_TIMEOUT_MS });
  if (r.error) return { status: null, stdout: '', stderr: '', error: `ssh-keygen cannot run: ${(r.error as NodeJS.ErrnoException).code ?? r.error.message}` };
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: null };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
