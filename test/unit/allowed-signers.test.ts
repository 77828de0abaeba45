// The allowed signers file as doctor reads it (ssh-keygen does the
// verifying), and doctor's judgement of it against the key set here.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { entriesForKey, parseAllowedSigners } from '../../src/formats/allowed-signers.js';
import { signersCheck, type SignersFacts } from '../../src/install/doctor.js';
import { makeKey } from '../helpers/ssh-keys.js';

const dir = mkdtempSync(join(tmpdir(), 'continuity-signers-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const person = makeKey(dir, 'person');
const other = makeKey(dir, 'other');
const [type, key] = person.publicKey.split(' ');

describe('parseAllowedSigners', () => {
  it('reads principals, quoted options with blanks, key and comment; skips comments and blank lines', () => {
    const text = `# the team\n\nann@example.com ${person.publicKey}\nbob@example.com,b@example.org namespaces="git,continuity-approval",valid-before="20300101" ${other.publicKey} bob's laptop\n`;
    const s = parseAllowedSigners(text);
    assert.deepEqual(s.problems, []);
    assert.deepEqual(s.entries.map((e) => [e.line, e.principals, e.options, e.keyType]), [
      [3, 'ann@example.com', null, 'ssh-ed25519'],
      [4, 'bob@example.com,b@example.org', 'namespaces="git,continuity-approval",valid-before="20300101"', 'ssh-ed25519'],
    ]);
    assert.deepEqual(entriesForKey(s, person.publicKey).map((e) => e.principals), ['ann@example.com']);
    assert.deepEqual(entriesForKey(s, `${type} ${key}`).length, 1);
  });

  it('names the line of a key that is missing, cut short or of another type, and an unclosed quote', () => {
    const s = parseAllowedSigners(`ann@example.com\nbob@example.com ${type} ${key!.slice(0, 20)}\ncid@example.com ssh-rsa ${key}\ndan@example.com namespaces="git ${person.publicKey}\n`);
    assert.deepEqual(s.entries, []);
    assert.deepEqual(s.problems.map((p) => p.line), [1, 2, 3, 4]);
    assert.match(s.problems[0]!.why, /no key type/);
    assert.match(s.problems[2]!.why, /ssh-rsa key is not a valid public key/);
    assert.match(s.problems[3]!.why, /unclosed double quote/);
  });
});

describe('signersCheck', () => {
  const listed = `ann@example.com namespaces="continuity-approval" ${person.publicKey}\n`;
  const facts = (f: Partial<SignersFacts>): SignersFacts => ({ key: { key: person.file, from: 'CONTINUITY_SIGNING_KEY', publicKey: person.publicKey, error: null }, shared: false, text: listed, git: 'committed', ...f });

  it('passes when the committed file lists the key set here for continuity-approval', () => {
    const c = signersCheck(facts({}));
    assert.equal(c.ok, true, c.detail);
    assert.match(c.detail, /lists 1 signer; the signing key \(CONTINUITY_SIGNING_KEY\) is listed as ann@example\.com/);
  });

  it('passes with nothing to check: no key, not shared, no file', () => {
    assert.equal(signersCheck(facts({ key: null, text: null })).ok, true);
  });

  it('fails, with the fix, for a missing, unreadable, uncommitted or changed file, a key not listed, and a namespace left out', () => {
    const cases: [Partial<SignersFacts>, RegExp][] = [
      [{ text: null }, /\.continuity-signers is missing/],
      [{ key: null, shared: true, text: null }, /missing: no signed approval verifies, and the shared ledger takes none/],
      [{ text: 'ann@example.com ssh-ed25519 AAAA\n' }, /cannot be read: line 1: the ssh-ed25519 key is not a valid public key/],
      [{ git: 'untracked' }, /not committed/],
      [{ git: 'changed' }, /differs from its committed version/],
      [{ text: `bob@example.com ${other.publicKey}\n` }, /not the signing key/],
      [{ text: `ann@example.com namespaces="git" ${person.publicKey}\n` }, /for other namespaces than continuity-approval/],
      [{ key: { key: '/nope', from: 'approval.signingKey', publicKey: null, error: 'no .pub' } }, /cannot be read: no \.pub/],
      [{ key: null, shared: true }, /no signing key is set here: approvals made here are refused for the shared ledger/],
    ];
    for (const [f, detail] of cases) {
      const c = signersCheck(facts(f));
      assert.equal(c.ok, false, JSON.stringify(f));
      assert.match(c.detail, detail);
      assert.ok(c.fix, 'a fix is given');
    }
  });
});
