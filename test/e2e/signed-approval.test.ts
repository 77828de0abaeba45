// Approvals and revocations signed by the person: `continuity approve` at
// their terminal signs with the key they set, the ledger keeps the
// statement and its signature, and every machine can check it against the
// repository's .continuity-signers. Without a key the approval is this
// machine's alone, as before; with the ledger shared and no key, none is made.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { signedApprovalOf, verifyStatement } from '../../src/app/approval-signature.js';
import { openLedger } from '../helpers/ledger.js';
import { runAtTerminal, runCli } from '../helpers/cli.js';
import { makeKey, writeSigners, type TestKey } from '../helpers/ssh-keys.js';

const PLAN_PATH = 'docs/plans/search-index.md';
const PLAN = '# Search Index Plan\n\n### Task 1: Tokenizer\n\n- [ ] **Step 1: Test**\n\n### Task 2: Index writer\n\n- [ ] **Step 1: Test**\n';

const keys = mkdtempSync(join(tmpdir(), 'continuity-keys-'));
after(() => rmSync(keys, { recursive: true, force: true }));
const person = makeKey(keys, 'person');
const stranger = makeKey(keys, 'stranger');

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Person', '-c', 'user.email=person@example.com', ...args], { cwd, encoding: 'utf8' }).trim();

/** A real repository with one commit, the person's key in its signers file, and a draft plan imported. */
function signedRepo(signers: TestKey[] = [person]): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-signed-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  git(dir, 'init', '-q');
  execFileSync('mkdir', ['-p', join(dir, 'docs/plans')]);
  writeFileSync(join(dir, PLAN_PATH), PLAN);
  writeSigners(join(dir, '.continuity-signers'), signers.map((key, i) => ({ principal: `signer${i}@example.com`, key, options: 'namespaces="continuity-approval"' })));
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'plan and signers');
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: dir }).code, 0);
  return dir;
}
const planState = (project: string) => JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).state as string;
async function lastSigned(project: string) {
  const ledger = await openLedger(project);
  try {
    return signedApprovalOf(ledger.db, PLAN_PATH);
  } finally {
    ledger.close();
  }
}

test('approve at a terminal with a signing key signs the approval; the signature verifies against the repository signers', async () => {
  const project = signedRepo();
  const r = runAtTerminal(['approve'], { cwd: project, env: { CONTINUITY_SIGNING_KEY: person.file } });
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /The approval is signed by signer0@example\.com \(CONTINUITY_SIGNING_KEY\) and verifies against \.continuity-signers\./);
  assert.equal(planState(project), 'approved');
  const signed = await lastSigned(project);
  assert.ok(signed, 'a signed approval in the ledger');
  assert.equal(signed.statement.action, 'approve');
  assert.equal(signed.statement.repo, git(project, 'rev-list', '--max-parents=0', 'HEAD'));
  assert.equal(signed.statement.structureHash, JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).structureHash);
  assert.deepEqual(verifyStatement(signed.statement, signed.signature, project), { ok: true, signer: 'signer0@example.com' });
  // The same statement claimed for another plan is not believed.
  assert.equal(verifyStatement({ ...signed.statement, planPath: 'docs/plans/other.md' }, signed.signature, project).ok, false);

  const revoke = runAtTerminal(['revoke'], { cwd: project, env: { CONTINUITY_SIGNING_KEY: person.file } });
  assert.equal(revoke.code, 0, revoke.stdout);
  assert.match(revoke.stdout, /The revocation is signed by signer0@example\.com/);
  assert.equal(planState(project), 'draft');
  const revoked = await lastSigned(project);
  assert.equal(revoked?.statement.action, 'revoke');
  assert.equal(revoked?.statement.structureHash, signed.statement.structureHash);
  assert.deepEqual(verifyStatement(revoked!.statement, revoked!.signature, project), { ok: true, signer: 'signer0@example.com' });
});

test("the key from git's user.signingkey (gpg.format ssh) signs too", async () => {
  const project = signedRepo();
  git(project, 'config', 'gpg.format', 'ssh');
  git(project, 'config', 'user.signingkey', `${person.file}.pub`);
  const r = runAtTerminal(['approve'], { cwd: project });
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /signed by signer0@example\.com \(git user\.signingkey\)/);
  assert.equal((await lastSigned(project))?.statement.action, 'approve');
});

test('a key the signers file does not list approves nothing (exit 4)', async () => {
  const project = signedRepo();
  const r = runAtTerminal(['approve'], { cwd: project, env: { CONTINUITY_SIGNING_KEY: stranger.file } });
  assert.equal(r.code, 4, r.stdout);
  assert.match(r.stdout, /approve refused: the signature made with .*stranger \(CONTINUITY_SIGNING_KEY\) is not one the repository allows: the signing key is not in \.continuity-signers; the key's line belongs in \.continuity-signers, committed\. Nothing was changed\./);
  assert.equal(planState(project), 'draft');
  assert.equal(await lastSigned(project), null);
});

test('with the ledger shared and no signing key, approve refuses to approve for the team (exit 4); without sharing it approves as before, unsigned', async () => {
  const shared = signedRepo();
  const r = runAtTerminal(['approve'], { cwd: shared, env: { CONTINUITY_SHARED_URL: 'postgres://127.0.0.1:1/continuity', CONTINUITY_SIGNING_KEY: '' } });
  assert.equal(r.code, 4, r.stdout);
  assert.match(r.stdout, /approve refused: this project's ledger is shared and no signing key is set .*; the team's other machines believe only a signed approval\. Nothing was changed\./);
  assert.equal(planState(shared), 'draft');

  const alone = signedRepo();
  const plain = runAtTerminal(['approve'], { cwd: alone, env: { CONTINUITY_SIGNING_KEY: '' } });
  assert.equal(plain.code, 0, plain.stdout);
  assert.doesNotMatch(plain.stdout, /signed/);
  assert.equal(planState(alone), 'approved');
  assert.equal(await lastSigned(alone), null);
});

test('a signing key in a repository without a commit: refused, the repository has no identity yet', () => {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-signed-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  git(dir, 'init', '-q');
  execFileSync('mkdir', ['-p', join(dir, 'docs/plans')]);
  writeFileSync(join(dir, PLAN_PATH), PLAN);
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: dir }).code, 0);
  const r = runAtTerminal(['approve'], { cwd: dir, env: { CONTINUITY_SIGNING_KEY: person.file } });
  assert.equal(r.code, 4, r.stdout);
  assert.match(r.stdout, /the repository has no commit yet, so it has no identity to sign for; commit first/);
  assert.equal(planState(dir), 'draft');
});

test('doctor checks the signers: committed and listing the key set here passes; an uncommitted change or an unlisted key fails with the fix', () => {
  const project = signedRepo();
  const signersCheck = (env: NodeJS.ProcessEnv) => {
    const r = runCli(['doctor', '--json'], { cwd: project, env });
    return (JSON.parse(r.stdout) as { checks: { name: string; ok: boolean; detail: string; fix?: string }[] }).checks.find((c) => c.name === 'signers')!;
  };
  const good = signersCheck({ CONTINUITY_SIGNING_KEY: person.file });
  assert.equal(good.ok, true, good.detail);
  assert.match(good.detail, /lists 1 signer; the signing key \(CONTINUITY_SIGNING_KEY\) is listed as signer0@example\.com/);

  const unlisted = signersCheck({ CONTINUITY_SIGNING_KEY: stranger.file });
  assert.equal(unlisted.ok, false);
  assert.match(unlisted.detail, /not the signing key/);
  assert.match(unlisted.fix ?? '', /to \.continuity-signers, and commit it/);

  writeSigners(join(project, '.continuity-signers'), [person, stranger].map((key, i) => ({ principal: `signer${i}@example.com`, key })));
  const changed = signersCheck({ CONTINUITY_SIGNING_KEY: person.file });
  assert.equal(changed.ok, false);
  assert.match(changed.detail, /differs from its committed version/);
});
