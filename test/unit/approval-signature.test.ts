/** Signed approvals checked by ssh-keygen itself against the repository's allowed signers, with real keys made here. */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNERS_FILE, signedApprovalOf, verifyStatement } from '../../src/app/approval-signature.js';
import { repoIdentity } from '../../src/app/repo-identity.js';
import { APPROVAL_NAMESPACE, statementText, type ApprovalStatement } from '../../src/domain/approval-statement.js';
import { insertSignedApproval } from '../../src/ledger/signed-approvals.js';
import { withTestLedger } from '../helpers/ledger.js';
import { makeKey, signText, writeSigners } from '../helpers/ssh-keys.js';

const dir = mkdtempSync(join(tmpdir(), 'continuity-sig-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const keys = mkdtempSync(join(dir, 'keys-'));
const person = makeKey(keys, 'person');
const stranger = makeKey(keys, 'stranger');
const retired = makeKey(keys, 'retired');
const root = mkdtempSync(join(dir, 'repo-'));
writeSigners(join(root, SIGNERS_FILE), [
  { principal: 'person@example.com', key: person, options: `namespaces="${APPROVAL_NAMESPACE}"` },
  { principal: 'retired@example.com', key: retired, options: 'valid-before="20200101"' },
]);

const S: ApprovalStatement = { action: 'approve', repo: 'a'.repeat(40), planPath: 'docs/plans/p.md', structureHash: 'b'.repeat(64), at: '2026-12-02T08:00:00.000Z' };

describe('verifyStatement', () => {
  it('believes a statement signed by a listed key, and names its principal', () => {
    const sig = signText(person, statementText(S), APPROVAL_NAMESPACE);
    assert.deepEqual(verifyStatement(S, sig, root), { ok: true, signer: 'person@example.com' });
  });

  it('refuses a key the signers file does not list', () => {
    const sig = signText(stranger, statementText(S), APPROVAL_NAMESPACE);
    const v = verifyStatement(S, sig, root);
    assert.equal(v.ok, false);
    assert.match(!v.ok ? v.reason : '', /not in \.continuity-signers/);
  });

  it('refuses a statement changed after signing (another plan, another structure, a revocation for an approval)', () => {
    const sig = signText(person, statementText(S), APPROVAL_NAMESPACE);
    for (const tampered of [{ ...S, planPath: 'docs/plans/q.md' }, { ...S, structureHash: 'c'.repeat(64) }, { ...S, action: 'revoke' as const }, { ...S, at: '2026-12-02T09:00:00.000Z' }]) {
      const v = verifyStatement(tampered, sig, root);
      assert.equal(v.ok, false, JSON.stringify(tampered));
      assert.match(!v.ok ? v.reason : '', /does not verify/);
    }
  });

  it('refuses a signature made in another namespace (a commit or file signature of the same key)', () => {
    const sig = signText(person, statementText(S), 'git');
    const v = verifyStatement(S, sig, root);
    assert.equal(v.ok, false);
    assert.match(!v.ok ? v.reason : '', /namespace/);
  });

  it('refuses a key whose line says it is no longer valid (valid-before in the past)', () => {
    const sig = signText(retired, statementText(S), APPROVAL_NAMESPACE);
    assert.equal(verifyStatement(S, sig, root).ok, false);
  });

  it('refuses when the repository has no signers file, and a signature that is not one', () => {
    const bare = mkdtempSync(join(dir, 'bare-'));
    const sig = signText(person, statementText(S), APPROVAL_NAMESPACE);
    assert.deepEqual(verifyStatement(S, sig, bare), { ok: false, reason: 'no allowed signers: .continuity-signers is missing' });
    assert.deepEqual(verifyStatement(S, 'approved, trust me', root), { ok: false, reason: 'the signature is not an SSH signature' });
  });
});

describe('signedApprovalOf', () => {
  it('is the last signed record of the plan in the ledger, approval or revocation', async () => {
    const project = mkdtempSync(join(dir, 'project-'));
    await withTestLedger(project, (ledger) => {
      assert.equal(signedApprovalOf(ledger.db, S.planPath), null);
      const approve = signText(person, statementText(S), APPROVAL_NAMESPACE);
      const revoke = { ...S, action: 'revoke' as const, at: '2026-12-02T08:05:00.000Z' };
      const revokeSig = signText(person, statementText(revoke), APPROVAL_NAMESPACE);
      ledger.write((db) => {
        insertSignedApproval(db, { planPath: S.planPath, action: 'approve', at: S.at, statement: statementText(S), signature: approve, signer: 'person@example.com', eventId: null });
      });
      assert.deepEqual(signedApprovalOf(ledger.db, S.planPath), { statement: S, signature: approve });
      ledger.write((db) => {
        insertSignedApproval(db, { planPath: S.planPath, action: 'revoke', at: revoke.at, statement: statementText(revoke), signature: revokeSig, signer: 'person@example.com', eventId: null });
      });
      assert.deepEqual(signedApprovalOf(ledger.db, S.planPath), { statement: revoke, signature: revokeSig });
      assert.equal(signedApprovalOf(ledger.db, 'docs/plans/other.md'), null);
    });
  });

  it('the ledger keeps signed records as written: no update, no delete', async () => {
    const project = mkdtempSync(join(dir, 'project-'));
    await withTestLedger(project, (ledger) => {
      ledger.write((db) => insertSignedApproval(db, { planPath: S.planPath, action: 'approve', at: S.at, statement: statementText(S), signature: 'x', signer: 'p', eventId: null }));
      assert.throws(() => ledger.write((db) => db.run("UPDATE signed_approvals SET signer = 'agent'")), /append-only/);
      assert.throws(() => ledger.write((db) => db.run('DELETE FROM signed_approvals')), /append-only/);
    });
  });
});

describe('repoIdentity', () => {
  it('is the root commit of a repository, the same in its clone; null before the first commit', () => {
    const repo = mkdtempSync(join(dir, 'git-'));
    const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' }).trim();
    git(repo, 'init', '-q');
    assert.equal(repoIdentity(repo), null);
    writeFileSync(join(repo, 'a'), 'a');
    git(repo, 'add', 'a');
    git(repo, 'commit', '-qm', 'first');
    const first = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(join(repo, 'b'), 'b');
    git(repo, 'add', 'b');
    git(repo, 'commit', '-qm', 'second');
    assert.equal(repoIdentity(repo), first);
    const clone = join(dir, 'clone');
    git(dir, 'clone', '-q', repo, clone);
    assert.equal(repoIdentity(clone), first);
    assert.equal(repoIdentity(mkdtempSync(join(dir, 'plain-'))), null);
  });
});
