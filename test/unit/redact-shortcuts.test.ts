/**
 * The shortcuts of src/ledger/redact.ts held to the rules they stand for, over
 * generated texts and names: the first look for any hint at all (a text that
 * holds none is kept as it is) answers as the rules would, and so does the set
 * of common field names namesSecret answers without a test.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundForAudit } from '../../src/ledger/audit-input.js';
import { ANY_HINT, COMMON_NAMES, marker, namesSecret, namesSecretByRule, redactionHints, redactText, redactTextByRules } from '../../src/ledger/redact.js';

const KEY = 'b'.repeat(64);

/** A small seeded generator: the same texts at every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A secret of every kind the rules know, and the words around them. */
const SECRETS = [
  'Authorization: Bearer Zx9vQm2LkP0aRt7Ws4Yu', '"Authorization": "Token 4f1c9e2d7b3a"', 'Proxy-Authorization: Basic YWxpY2U6c2VzYW1lOTk=',
  'Bearer Q1w2E3r4T5y6U7i8O9p0', '-u alice:sesame99', '--user bob:Tr0ub4dor', '--proxy-user x:y1', '--password=Secr3t!x', '--client-secret 9b8c7d6e5f', '--token $TOKEN',
  'https://deploy:p4ssw0rd-77@git.example.com/o/r.git', 'postgres://app:hunter2@db:5432/app', 'sk-proj-Abc123Def456Ghi789Jkl012', 'sk-Abc123Def456Ghi789Jkl012Mno',
  'sk-ant-api03-Abc123Def456Ghi789Jkl', 'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr6', 'gho_Abc123Def456Ghi789Jkl012Mno345Pqr6', 'github_pat_11ABCDEFG0abcdefghij_klmnopqrstuvwxyz0123',
  'glpat-Abc123Def456Ghi789Jk', 'xoxb-1234567890-0987654321-AbCdEfGhIj', 'AKIAIOSFODNN7EXAMPLE', 'ASIAIOSFODNN7EXAMPLE', 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'AIzaSyA1234567890abcdefghijklmnopqrstuv', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'rk_test_4eC39HqLyjWDarjtT1zdp7dc', 'npm_Abc123Def456Ghi789Jkl012Mno345Pqr678',
  'hf_Abc123Def456Ghi789Jkl012Mno345', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAq1w2e3r4\n-----END RSA PRIVATE KEY-----\n', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNz',
  'password: hunter22', "api_key='abc123def'", 'DB_PASSWORD="s3cr3t"', 'token: string', 'MY_TOKEN=', 'client_secret=xyz789', 'passphrase=opensesame', 'CREDENTIALS=a:b',
  '*** Begin Patch\n*** Add File: .env\n+API=1\n*** End Patch', 'diff --git a/x b/id_rsa\n--- a/id_rsa\n+++ b/id_rsa\n@@\n-k\n+l', '--- a/.npmrc\n+++ b/.npmrc\n+//r/:_authToken=x',
  '+++ b/readme.md\n+hello', marker('github', 'x', KEY), `[redacted:secret:hmac=${'0'.repeat(16)}]`,
];
/** Pieces that hold a hint without a secret, or nothing at all, in either case and beyond ASCII. */
const PIECES = [
  'ls -la src', 'npm test', 'git status', 'cat README.md', 'key', 'KEY', 'token', 'Secret', 'passw', 'credential', 'sk-', 'xox', 'akia', 'aiza', 'eyj', 'npm_', 'hf_', 'ghp_',
  'authorization', 'bearer', '-u', '--user', '--', 'pass', 'api-key', '://', '@', '*** ', 'diff --git ', '+++ ', '-----begin', 'k_live_', 'glpat-',
  '\u212a', 'EY\u212a', '\u0130', 'ß', '😀', '\ud83d', '\n', '\r', '\u2028', ' ', '=', ':', '"', "'", '/', '.', '_', '-', 'a', 'Z', '0', '9',
];

function text(next: () => number): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(next() * 6);
  for (let i = 0; i < n; i++) {
    const r = next();
    if (r < 0.3) parts.push(SECRETS[Math.floor(next() * SECRETS.length)]!);
    else if (r < 0.8) parts.push(PIECES[Math.floor(next() * PIECES.length)]!);
    else parts.push(String.fromCharCode(...Array.from({ length: 1 + Math.floor(next() * 8) }, () => 32 + Math.floor(next() * 95))));
  }
  return parts.join(next() < 0.5 ? ' ' : '');
}

test('each hint of every rule, and each patch section header, holds one of the substrings looked for first', () => {
  const hints = redactionHints();
  assert.ok(hints.length > 30, 'the rules were read');
  for (const h of hints) assert.ok(ANY_HINT.some((m) => h.includes(m)), h);
  // Looked for in the lower-cased text.
  for (const m of ANY_HINT) assert.equal(m, m.toLowerCase(), m);
});

test('a text that holds no hint of any rule is kept as the rules would keep it', () => {
  const next = rng(7);
  const cases = [...SECRETS, ...PIECES];
  for (let i = 0; i < 20000; i++) cases.push(text(next));
  let redacted = 0;
  for (const t of cases) {
    const expected = redactTextByRules(t, KEY);
    assert.equal(redactText(t, KEY), expected, JSON.stringify(t));
    if (expected !== t) redacted++;
  }
  // The generated texts reach the rules, not only the shortcut.
  assert.ok(redacted > 1000, `only ${redacted} texts redacted`);
});

test('every secret kind is still redacted through the shortcut', () => {
  for (const s of SECRETS) {
    if (s.startsWith('[redacted:') || s === 'token: string' || s === 'MY_TOKEN=' || s === '--token $TOKEN' || s.startsWith('+++ b/readme')) continue;
    assert.notEqual(redactText(s, KEY), s, s);
  }
});

/** Field names: the common ones, those that name a secret, those that only look like it. */
const NAMES = [
  ...COMMON_NAMES, 'api_key', 'API_KEY', 'apiKey', 'x-api-key', 'token', 'TOKEN', 'access_token', 'secret', 'client_secret', 'password', 'passwd', 'passphrase', 'credentials',
  'credential', 'privateKey', 'secretKey', 'token_file', 'password_path', 'tokens', 'tokenizer', 'key', 'keys', 'monkey', 'key_id', 'max_tokens', 'Authorization', 'ANTHROPIC_API_KEY',
  'EY\u212a', 'SECRET_\u212aEY', 'input_tokens', 'keyword', 'session_token', 'command_token',
];

test('the common field names name no secret, by the rule itself', () => {
  for (const name of COMMON_NAMES) assert.equal(namesSecretByRule(name), false, name);
});

test('namesSecret answers as its rule over common, secret and generated names', () => {
  const next = rng(11);
  const names = [...NAMES];
  for (let i = 0; i < 5000; i++) {
    const a = NAMES[Math.floor(next() * NAMES.length)]!;
    const b = NAMES[Math.floor(next() * NAMES.length)]!;
    names.push(next() < 0.5 ? `${a}_${b}` : `${a}${b.toUpperCase()}`);
  }
  let secret = 0;
  for (const name of names) {
    assert.equal(namesSecret(name), namesSecretByRule(name), name);
    if (namesSecret(name)) secret++;
  }
  assert.ok(secret > 100, `only ${secret} names name a secret`);
});

test('a payload is kept the same way through the shortcuts as through the rules', () => {
  // The recorded input is made of redactText and namesSecret: both held equal above; here a payload's secret field and string are still markers.
  const out = boundForAudit({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'curl -u alice:sesame99 x', api_key: 'abc123', description: 'List sources' } }) as { tool_input: Record<string, string> };
  assert.match(out.tool_input.command!, /^curl -u alice:\[redacted:password:hmac=[0-9a-f]{16}\] x$/);
  assert.match(out.tool_input.api_key!, /^\[redacted:secret:hmac=[0-9a-f]{16}\]$/);
  assert.equal(out.tool_input.description, 'List sources');
});
