/**
 * Credentials out of what the ledger stores (src/ledger/redact.ts): each shape
 * replaced by its keyed marker, the same secret by the same marker, ordinary
 * commands and identifiers left as they are.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundForAudit, AUDIT_HEAD, isDigest } from '../../src/ledger/audit-input.js';
import { isMarker, isSecretPath, marker, redactText } from '../../src/ledger/redact.js';
import { storedDecision, storedInput } from '../../src/ledger/events.js';

const KEY = 'a'.repeat(64);
const MARK = /\[redacted:[a-z-]+:hmac=[0-9a-f]{16}\]/;

/** Each case: the text, the secret in it, the marker's kind. */
const SHAPES: [string, string, string][] = [
  [`curl -H 'Authorization: Bearer Zx9vQm2LkP0aRt7Ws4Yu' https://api.example.com/v1`, 'Zx9vQm2LkP0aRt7Ws4Yu', 'authorization'],
  [`curl -H "Authorization: Basic YWxpY2U6c2VzYW1lOTk=" https://x.example`, 'YWxpY2U6c2VzYW1lOTk=', 'authorization'],
  [`{"headers": {"Authorization": "Token 4f1c9e2d7b3a"}}`, '4f1c9e2d7b3a', 'authorization'],
  [`http --auth-type=bearer --auth Bearer Q1w2E3r4T5y6U7i8O9p0 example.com`, 'Q1w2E3r4T5y6U7i8O9p0', 'bearer'],
  [`curl -u alice:sesame99 https://x.example`, 'sesame99', 'password'],
  [`curl --user bob:Tr0ub4dor https://x.example`, 'Tr0ub4dor', 'password'],
  [`mysql --password=Secr3t!x db`, 'Secr3t!x', 'flag'],
  [`vault login --client-secret 9b8c7d6e5f`, '9b8c7d6e5f', 'flag'],
  [`git clone https://deploy:p4ssw0rd-77@git.example.com/org/repo.git`, 'p4ssw0rd-77', 'url-password'],
  [`psql postgres://app:hunter2@db:5432/app`, 'hunter2', 'url-password'],
  [`export OPENAI_API_KEY=sk-proj-Abc123Def456Ghi789Jkl012`, 'sk-proj-Abc123Def456Ghi789Jkl012', 'openai'],
  [`key sk-Abc123Def456Ghi789Jkl012Mno`, 'sk-Abc123Def456Ghi789Jkl012Mno', 'openai'],
  [`ANTHROPIC_API_KEY="sk-ant-api03-Abc123Def456Ghi789Jkl"`, 'sk-ant-api03-Abc123Def456Ghi789Jkl', 'anthropic'],
  [`gh auth login --with-token ghp_Abc123Def456Ghi789Jkl012Mno345Pqr6`, 'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr6', 'github'],
  [`GH=gho_Abc123Def456Ghi789Jkl012Mno345Pqr6`, 'gho_Abc123Def456Ghi789Jkl012Mno345Pqr6', 'github'],
  [`git push https://github_pat_11ABCDEFG0abcdefghij_klmnopqrstuvwxyz0123@github.com/o/r`, 'github_pat_11ABCDEFG0abcdefghij_klmnopqrstuvwxyz0123', 'github'],
  [`glab auth login -t glpat-Abc123Def456Ghi789Jk`, 'glpat-Abc123Def456Ghi789Jk', 'gitlab'],
  [`SLACK=xoxb-1234567890-0987654321-AbCdEfGhIj`, 'xoxb-1234567890-0987654321-AbCdEfGhIj', 'slack'],
  [`aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE`, 'AKIAIOSFODNN7EXAMPLE', 'aws'],
  [`AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'secret'],
  [`maps?key=AIzaSyA1234567890abcdefghijklmnopqrstuv`, 'AIzaSyA1234567890abcdefghijklmnopqrstuv', 'google'],
  [`stripe --api-key sk_live_4eC39HqLyjWDarjtT1zdp7dc`, 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'stripe'],
  [`STRIPE=rk_live_4eC39HqLyjWDarjtT1zdp7dc`, 'rk_live_4eC39HqLyjWDarjtT1zdp7dc', 'stripe'],
  [`echo npm_Abc123Def456Ghi789Jkl012Mno345Pqr678 > t`, 'npm_Abc123Def456Ghi789Jkl012Mno345Pqr678', 'npm'],
  [`hf download --token-from hf_Abc123Def456Ghi789Jkl012Mno345`, 'hf_Abc123Def456Ghi789Jkl012Mno345', 'huggingface'],
  [`jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U`, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'jwt'],
  [`DB_PASSWORD=correct-horse`, 'correct-horse', 'secret'],
  [`passwd: 'letmein42'`, 'letmein42', 'secret'],
  [`{"client_secret": "c0ffee-beef", "token": "t0k3n-xyz"}`, 'c0ffee-beef', 'secret'],
  [`GITHUB_TOKEN=abc.def.ghi123`, 'abc.def.ghi123', 'secret'],
  [`spring.datasource.password=Sup3rS3cret`, 'Sup3rS3cret', 'secret'],
  [`X-Api-Key: 77aa88bb99cc`, '77aa88bb99cc', 'secret'],
  [`-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAq1w2e3r4\n-----END RSA PRIVATE KEY-----\n`, 'MIIEowIBAAKCAQEAq1w2e3r4', 'private-key'],
  [`-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA (cut short)`, 'b3BlbnNzaC1rZXktdjEAAAA', 'private-key'],
];

test('each credential shape is replaced by a marker naming its kind; the text around it stays', () => {
  for (const [text, secret, kind] of SHAPES) {
    const out = redactText(text, KEY);
    assert.ok(!out.includes(secret), `${kind}: ${out}`);
    assert.match(out, new RegExp(`\\[redacted:${kind}:hmac=[0-9a-f]{16}\\]`), `${kind}: ${out}`);
    assert.equal(redactText(out, KEY), out, `redacting twice changes nothing: ${out}`);
  }
  assert.equal(redactText('curl -u alice:sesame99 https://x.example', KEY), `curl -u alice:${marker('password', 'sesame99', KEY)} https://x.example`);
  assert.equal(redactText(`{"token": "t0k3n-xyz"}`, KEY), `{"token": "${marker('secret', 't0k3n-xyz', KEY)}"}`, 'JSON stays JSON');
});

test('the marker is an HMAC under the ledger key: the same secret marks the same, another key marks it otherwise', () => {
  const a = redactText('curl -H "Authorization: Bearer Zx9vQm2LkP0aRt7Ws4Yu" https://a', KEY);
  const b = redactText('wget --header="Authorization: Bearer Zx9vQm2LkP0aRt7Ws4Yu" https://b', KEY);
  assert.equal(a.match(MARK)![0], b.match(MARK)![0]);
  assert.notEqual(redactText('DB_PASSWORD=hunter2', KEY), redactText('DB_PASSWORD=hunter2', 'b'.repeat(64)));
  assert.ok(isMarker(marker('bearer', 'x', KEY)));
});

test('ordinary commands and identifiers are left as they are', () => {
  const ordinary = [
    'git commit -m "fix token parsing"',
    'git commit -m "rotate the API key, see docs/secrets.md"',
    'export PATH=/usr/local/bin:$PATH',
    'echo e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    'run 123e4567-e89b-12d3-a456-426614174000',
    'vim src/auth/password_reset.ts',
    'src/auth/password_reset.ts:42: error TS2304',
    'gh api --token-file ~/.config/gh/token user',
    'docker login --password-stdin registry.example.com',
    'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com',
    'export OPENAI_API_KEY="${OPENAI_API_KEY}"',
    'const token = readToken(path);',
    'interface Login { password: string; token?: string }',
    'max_tokens=4096 temperature=0',
    'add basic authentication and Bearer tokens to the login page',
    'git clone git@github.com:org/repo.git',
    'curl https://user@example.com/path',
    'ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519',
    'cat task-list-of-things-to-do-later.md',
    'npm test -- --grep "password reset"',
  ];
  for (const text of ordinary) assert.equal(redactText(text, KEY), text);
});

test('a secret file by its path: env files, keys, credential stores; not their templates or public halves', () => {
  for (const p of ['.env', '/p/.env', 'app/.env.production', 'prod.env', 'certs/server.pem', 'tls.key', 'id_rsa', '/home/a/.ssh/id_ed25519', 'store.p12', 'cert.pfx', '.npmrc', '.netrc', '/home/a/.aws/credentials', '.git-credentials']) {
    assert.ok(isSecretPath(p), p);
  }
  for (const p of ['.env.example', '.env.sample', 'src/env.ts', 'id_rsa.pub', 'password_reset.ts', 'keys.ts', 'README.md', 'credentials.md', 'docs/.envrc.md']) assert.ok(!isSecretPath(p), p);
});

test("a secret file's content is one marker whatever its size: Write, Edit, MultiEdit, a read's result, a patch's hunks for it", () => {
  const body = 'PORT=3000\nDEBUG_LEVEL=2\n';
  const write = boundForAudit({ tool_name: 'Write', tool_input: { file_path: '/p/.env', content: body }, tool_response: { type: 'create', filePath: '/p/.env', content: body, structuredPatch: [] } }, undefined, KEY) as any;
  assert.equal(write.tool_input.file_path, '/p/.env');
  assert.ok(isMarker(write.tool_input.content) && write.tool_input.content.startsWith('[redacted:secret-file:'));
  assert.equal(write.tool_response.content, write.tool_input.content, 'the same content, the same marker');
  const edit = boundForAudit({ tool_name: 'Edit', tool_input: { file_path: 'k/server.key', old_string: 'a', new_string: 'b' } }, undefined, KEY) as any;
  assert.ok(isMarker(edit.tool_input.old_string) && isMarker(edit.tool_input.new_string));
  const multi = boundForAudit({ tool_name: 'MultiEdit', tool_input: { file_path: '.npmrc', edits: [{ old_string: 'x', new_string: 'y' }] } }, undefined, KEY) as any;
  assert.ok(isMarker(multi.tool_input.edits));
  // The result of a call on a secret file, whose own fields do not name it.
  const gemini = boundForAudit({ tool_name: 'read_file', tool_input: { absolute_path: '/p/.env' }, tool_response: { llmContent: body, returnDisplay: '' } }, undefined, KEY) as any;
  assert.ok(isMarker(gemini.tool_response.llmContent));
  const patch = '*** Begin Patch\n*** Add File: .env\n+PORT=3000\n*** Update File: src/a.ts\n@@\n-old\n+new\n*** End Patch\n';
  const codex = boundForAudit({ tool_name: 'apply_patch', tool_input: { command: patch } }, undefined, KEY) as any;
  assert.ok(!codex.tool_input.command.includes('PORT=3000'));
  assert.match(codex.tool_input.command, /\*\*\* Add File: \.env\n\[redacted:secret-file:hmac=[0-9a-f]{16}\]\n\*\*\* Update File: src\/a\.ts\n@@\n-old\n\+new\n/);
  // An ordinary file's content is kept as before.
  assert.equal((boundForAudit({ tool_input: { file_path: 'src/a.ts', content: body } }, undefined, KEY) as any).tool_input.content, body);
});

test("the audit trail's input: secrets in short strings, in a long string's head, in a field named for a secret; kept once the same way", () => {
  const token = 'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr6';
  const input = { tool_name: 'Bash', tool_use_id: 't1', tool_input: { command: `GH_TOKEN=${token} gh pr list`, env: { api_token: 'plain-value-1' } } };
  const kept = boundForAudit(input, undefined, KEY) as any;
  assert.equal(kept.tool_input.command, `GH_TOKEN=${marker('github', token, KEY)} gh pr list`);
  assert.equal(kept.tool_input.env.api_token, marker('secret', 'plain-value-1', KEY));
  assert.deepEqual(boundForAudit(kept, undefined, KEY), kept, 'bounded again (the spool taken in), the same');
  const long = `${token} ${'x'.repeat(400)}`;
  const digest = (boundForAudit({ tool_input: { command: long } }, undefined, KEY) as any).tool_input.command;
  assert.ok(isDigest(digest));
  assert.ok(!digest.head.includes(token.slice(0, AUDIT_HEAD - 1)) && !digest.head.includes('Abc123'), digest.head);
  // A call's PreToolUse and PostToolUse, recorded apart, keep the same input: pairing by input still works.
  const pre = storedInput({ input: { ...input, hook_event_name: 'PreToolUse' }, kind: 'PreToolUse' }, KEY);
  const post = storedInput({ input: { ...input, hook_event_name: 'PostToolUse', tool_response: { stdout: '' } }, kind: 'PostToolUse' }, KEY);
  assert.deepEqual(JSON.parse(pre).tool_input, JSON.parse(post).tool_input);
  assert.ok(!pre.includes(token) && !post.includes(token));
});

test("a decision's words, which may quote the agent's command, are kept without its secrets; the verdict itself is untouched", () => {
  const decision = { action: 'deny', output: { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'curl -H "Authorization: Bearer Zx9vQm2LkP0aRt7Ws4Yu" -o .continuity/config.json writes .continuity/config.json' } } };
  const stored = storedDecision(decision, KEY)!;
  assert.ok(!stored.includes('Zx9vQm2LkP0aRt7Ws4Yu'));
  assert.equal(JSON.parse(stored).action, 'deny');
  assert.match(stored, /writes \.continuity\/config\.json/);
});

test('a short assignment is redacted too: a secret needs no length', () => {
  assert.equal(redactText('TOKEN=x', KEY), `TOKEN=${marker('secret', 'x', KEY)}`);
});
