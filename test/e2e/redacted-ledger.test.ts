/**
 * Secrets never reach what continuity stores: a corpus of credentials (each
 * carrying one random mark) run through every client's hook with the
 * payloads each client sends — Claude Code, Codex, Gemini CLI and Cursor
 * through the real CLI, OpenClaw through its plugin in process — leaves no
 * byte of any of them in `.continuity/` (the ledger, its log, the spool, the
 * hot state) or in the state home (the recovery copy, the guarded list),
 * while the events hold their markers, and the rules still decide on the
 * secret-bearing input as they would on any other.
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { registerContinuity, type OpenClawApi } from '../../src/adapters/openclaw/plugin.js';
import { marker } from '../../src/ledger/redact.js';
import { agentHook, HOOKS_ONLY_CONFIG, PLAN } from '../helpers/agent-hook.js';
import { hook, runCli, tempProject } from '../helpers/cli.js';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map((n) => join(dir, String(n))).filter((p) => statSync(p).isFile());
  } catch {
    return [];
  }
}

/** A mark no digest or id can hold by chance (not hex, mixed case). */
const MARK = `Qz${randomBytes(6).toString('hex').replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!)}W`;

/** Every secret of the corpus, each unique and carrying MARK. */
function corpus(client: string) {
  const m = `${MARK}${client}`;
  const alnum = (prefix: string, n: number) => `${prefix}${m}${'7'.repeat(Math.max(0, n - m.length))}`;
  return {
    openai: `sk-proj-${m}Abc123Def456Ghi789`,
    anthropic: `sk-ant-api03-${m}Xyz789Uvw456Rst`,
    github: alnum('ghp_', 36),
    aws: `AKIA${m.toUpperCase().slice(0, 16).padEnd(16, '7')}`,
    bearer: `Zq9${m}vQm2LkP0aRt7`,
    basicUser: `cu${m}pw`,
    urlPassword: `url${m}pass`,
    jwt: `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOi${m}In0.sig${m}`,
    envPassword: `env${m}DbPass`,
    envPlain: `plain${m}Value`,
    pem: `MIIEow${m}IBAAKCAQEAq1w2e3r4`,
  };
}

/** What every secret of a corpus is recognised by on disk: MARK itself, and the AWS key's upper-case form. */
const needles = () => [MARK, MARK.toUpperCase()];

function envFile(s: ReturnType<typeof corpus>): string {
  return `# local settings\nDB_PASSWORD=${s.envPassword}\nGREETING=${s.envPlain}\n`;
}

function pemFile(s: ReturnType<typeof corpus>): string {
  return `-----BEGIN RSA PRIVATE KEY-----\n${s.pem}\n${'A'.repeat(64)}\n-----END RSA PRIVATE KEY-----\n`;
}

/** Short commands (kept whole, redacted) and a long one (kept as a digest whose head is redacted). */
function commands(s: ReturnType<typeof corpus>): string[] {
  return [
    `curl -H 'Authorization: Bearer ${s.bearer}' https://example.com/api`,
    `curl -u deploy:${s.basicUser} https://ci:${s.urlPassword}@example.com/api`,
    `OPENAI_API_KEY=${s.openai} python run.py # ${s.aws}`,
    `${s.openai} ${'x'.repeat(300)} Authorization: Bearer ${s.bearer}`,
  ];
}

function project(state: string): string {
  const dir = tempProject({ 'docs/plans/payments-export.md': PLAN, ...HOOKS_ONLY_CONFIG });
  const r = runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: dir, env: { CONTINUITY_STATE_HOME: state } });
  assert.equal(r.code, 0, r.stderr);
  return dir;
}

function stateHome(): string {
  const state = mkdtempSync(join(tmpdir(), 'continuity-redact-state-'));
  after(() => rmSync(state, { recursive: true, force: true }));
  return state;
}

/** No byte of any secret in continuity's folder or the state home; the events hold the markers of the given secrets. */
function assertNoSecrets(dir: string, state: string, markersUnder: (key: string) => string[]): void {
  // Taken in: every spooled event moves into the ledger, and the recovery copy is renewed.
  const status = runCli(['status', '--json'], { cwd: dir, env: { CONTINUITY_STATE_HOME: state } });
  assert.equal(status.code, 0, status.stderr);
  const files = [...filesUnder(join(dir, '.continuity')), ...filesUnder(state)];
  assert.ok(files.some((f) => f.endsWith('ledger.db')) && files.some((f) => f.startsWith(state)), files.join('\n'));
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const n of needles()) assert.ok(!bytes.includes(n), `${file} holds a secret`);
  }
  const log = runCli(['log', '--json', '--limit', '200'], { cwd: dir, env: { CONTINUITY_STATE_HOME: state } });
  assert.equal(log.code, 0, log.stderr);
  for (const n of needles()) assert.ok(!log.stdout.includes(n));
  for (const m of markersUnder(keyOf(dir))) assert.ok(log.stdout.includes(m), `the events hold ${m}`);
}

function keyOf(dir: string): string {
  return readFileSync(join(dir, '.continuity', 'redaction.key'), 'utf8').trim();
}

test('Claude Code: a Bash call with credentials, a .env Write, a PEM Write, a prompt with a token leave no secret on disk; a refused command is still refused', () => {
  const state = stateHome();
  const env = { CONTINUITY_STATE_HOME: state };
  const dir = project(state);
  const s = corpus('cc');
  const call = (fields: Record<string, unknown>) => {
    const r = hook(dir, fields, { env, sessionId: 'session-redact-cc' });
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  call({ hook_event_name: 'UserPromptSubmit', prompt: `use ${s.github} for the release` });
  commands(s).forEach((command, i) => {
    const bash = { tool_name: 'Bash', tool_use_id: `toolu_redact_1${i}`, tool_input: { command, description: 'call the api' } };
    call({ hook_event_name: 'PreToolUse', ...bash });
    call({ hook_event_name: 'PostToolUse', ...bash, tool_response: { stdout: `token: ${s.jwt}\n${s.anthropic}\n`, stderr: '', interrupted: false } });
  });
  const write = { tool_name: 'Write', tool_use_id: 'toolu_redact_2', tool_input: { file_path: join(dir, '.env'), content: envFile(s) } };
  call({ hook_event_name: 'PreToolUse', ...write });
  call({ hook_event_name: 'PostToolUse', ...write, tool_response: { type: 'create', filePath: join(dir, '.env'), content: envFile(s), structuredPatch: [], originalFile: null } });
  const pem = { tool_name: 'Write', tool_use_id: 'toolu_redact_3', tool_input: { file_path: join(dir, 'deploy', 'notes.md'), content: pemFile(s) } };
  call({ hook_event_name: 'PreToolUse', ...pem });
  call({ hook_event_name: 'PostToolUse', ...pem, tool_response: { type: 'create', filePath: pem.tool_input.file_path, content: pemFile(s), structuredPatch: [], originalFile: null } });
  // The rules read the payload before it is stored: a bearer header does not hide a write into continuity's folder.
  const refused = call({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_redact_4', tool_input: { command: `curl -H 'Authorization: Bearer ${s.bearer}' -o .continuity/config.json https://example.com/c` } });
  assert.match(refused, /"permissionDecision":"deny"/);
  assertNoSecrets(dir, state, (key) => [marker('authorization', s.bearer, key), marker('github', s.github, key), marker('password', s.basicUser, key), marker('url-password', s.urlPassword, key), marker('openai', s.openai, key), marker('secret-file', envFile(s), key)]);
});

test('Codex: a Bash call with credentials and an apply_patch adding a .env leave no secret on disk', () => {
  const state = stateHome();
  const dir = project(state);
  const s = corpus('cx');
  const codex = (fields: Record<string, unknown>) => {
    const r = agentHook('codex', dir, { session_id: '019d036d-c7fa-72d2-b6fd-78878bfe34e4', turn_id: 'turn-1', transcript_path: null, cwd: dir, model: 'gpt-5-codex', permission_mode: 'default', ...fields }, { CONTINUITY_STATE_HOME: state });
    assert.equal(r.code, 0, r.stderr);
  };
  codex({ hook_event_name: 'UserPromptSubmit', prompt: `the key is ${s.anthropic}` });
  commands(s).forEach((command, i) => {
    const bash = { tool_name: 'Bash', tool_use_id: `call_r1${i}`, tool_input: { command } };
    codex({ hook_event_name: 'PreToolUse', ...bash });
    codex({ hook_event_name: 'PostToolUse', ...bash, tool_response: `${s.jwt}\n` });
  });
  const patch = { tool_name: 'apply_patch', tool_use_id: 'call_r2', tool_input: { command: `*** Begin Patch\n*** Add File: .env\n${envFile(s).trimEnd().split('\n').map((l) => `+${l}`).join('\n')}\n*** Add File: keys/deploy.md\n${pemFile(s).trimEnd().split('\n').map((l) => `+${l}`).join('\n')}\n*** End Patch\n` } };
  codex({ hook_event_name: 'PreToolUse', ...patch });
  codex({ hook_event_name: 'PostToolUse', ...patch, tool_response: 'Success. Updated the following files:\nA .env\nA keys/deploy.md\n' });
  assertNoSecrets(dir, state, (key) => [marker('authorization', s.bearer, key), marker('anthropic', s.anthropic, key)]);
});

test('Gemini CLI: run_shell_command with credentials and write_file of a .env leave no secret on disk', () => {
  const state = stateHome();
  const dir = project(state);
  const s = corpus('gm');
  const gemini = (fields: Record<string, unknown>) => {
    const r = agentHook('gemini', dir, { session_id: 'gemini-redact-1', transcript_path: join(dir, '.gemini-chat.json'), cwd: dir, timestamp: '2026-11-22T10:00:00.000Z', ...fields }, { GEMINI_PROJECT_DIR: dir, CONTINUITY_STATE_HOME: state });
    assert.equal(r.code, 0, r.stderr);
  };
  gemini({ hook_event_name: 'BeforeAgent', prompt: `deploy with ${s.github}` });
  for (const command of commands(s)) {
    const shell = { tool_name: 'run_shell_command', tool_input: { command, description: 'call' } };
    gemini({ hook_event_name: 'BeforeTool', ...shell });
    gemini({ hook_event_name: 'AfterTool', ...shell, tool_response: { llmContent: `Output: ${s.jwt}`, returnDisplay: s.anthropic } });
  }
  const write = { tool_name: 'write_file', tool_input: { file_path: join(dir, '.env'), content: envFile(s) } };
  gemini({ hook_event_name: 'BeforeTool', ...write });
  gemini({ hook_event_name: 'AfterTool', ...write, tool_response: { llmContent: `Successfully created and wrote to new file: ${join(dir, '.env')}.`, returnDisplay: envFile(s) } });
  assertNoSecrets(dir, state, (key) => [marker('github', s.github, key), marker('password', s.basicUser, key)]);
});

test('Cursor: beforeShellExecution with credentials, an edit of a .env and a prompt with a token leave no secret on disk', () => {
  const state = stateHome();
  const dir = project(state);
  const s = corpus('cu');
  const cursor = (fields: Record<string, unknown>) => {
    const r = agentHook('cursor', dir, { conversation_id: 'conv-redact', generation_id: 'gen-1', workspace_roots: [dir], model: 'claude-4.5-sonnet', cursor_version: '1.7.2', ...fields }, { CURSOR_PROJECT_DIR: dir, CONTINUITY_STATE_HOME: state });
    assert.equal(r.code, 0, r.stderr);
  };
  cursor({ hook_event_name: 'beforeSubmitPrompt', prompt: `ship it with ${s.github}`, attachments: [] });
  for (const command of commands(s)) {
    cursor({ hook_event_name: 'beforeShellExecution', command, cwd: dir });
    cursor({ hook_event_name: 'afterShellExecution', command, output: `${s.jwt}\n${s.anthropic}`, duration: 12 });
  }
  cursor({ hook_event_name: 'afterFileEdit', file_path: join(dir, '.env'), edits: [{ old_string: '', new_string: envFile(s) }] });
  cursor({ hook_event_name: 'afterFileEdit', file_path: join(dir, 'docs', 'key.md'), edits: [{ old_string: '', new_string: pemFile(s) }] });
  assertNoSecrets(dir, state, (key) => [marker('github', s.github, key), marker('authorization', s.bearer, key)]);
});

test('OpenClaw plugin: exec with credentials and write of a .env leave no secret on disk', async () => {
  const state = stateHome();
  const dir = project(state);
  const s = corpus('oc');
  const hooks: Record<string, (event: unknown, ctx: unknown) => Promise<any>> = {};
  const api: OpenClawApi = {
    on: (name, handler) => void (hooks[name] = handler as (event: unknown, ctx: unknown) => Promise<any>),
    runtime: { subagent: { run: async (p) => ({ runId: p.idempotencyKey }), getSessionMessages: async () => ({ messages: [] }) } },
    logger: { warn: () => {} },
  };
  registerContinuity(api, { env: { PATH: process.env.PATH, CONTINUITY_STATE_HOME: state } });
  const ctx = { runId: 'run-redact', agentId: 'main', sessionKey: 'agent:main:redact', sessionId: 'sid-redact', workspaceDir: dir, trigger: 'user' };
  await hooks.before_prompt_build!({ prompt: `use ${s.github}`, messages: [] }, ctx);
  await hooks.before_agent_run!({ prompt: `use ${s.github}`, messages: [], senderIsOwner: true }, ctx);
  const tool = { toolName: 'exec', agentId: 'main', sessionKey: ctx.sessionKey, sessionId: ctx.sessionId, runId: ctx.runId, toolCallId: 'call_r1' };
  for (const [i, command] of commands(s).entries()) {
    const exec = { toolName: 'exec', params: { command }, runId: ctx.runId, toolCallId: `call_r1${i}` };
    await hooks.before_tool_call!(exec, { ...tool, toolCallId: exec.toolCallId });
    await hooks.after_tool_call!({ ...exec, result: { content: [{ type: 'text', text: `${s.jwt}\n${s.anthropic}` }], details: { status: 'completed', exitCode: 0, aggregated: s.anthropic } } }, { ...tool, toolCallId: exec.toolCallId });
  }
  const wtool = { ...tool, toolName: 'write', toolCallId: 'call_r2' };
  const write = { toolName: 'write', params: { path: '.env', content: envFile(s) }, runId: ctx.runId, toolCallId: 'call_r2' };
  await hooks.before_tool_call!(write, wtool);
  await hooks.after_tool_call!({ ...write, result: { content: [{ type: 'text', text: 'Successfully wrote 60 bytes to .env' }], details: { diff: envFile(s), patch: `--- .env\n+++ .env\n@@ -0,0 +1,3 @@\n${envFile(s)}` } } }, wtool);
  const refused = await hooks.before_tool_call!({ toolName: 'exec', params: { command: `curl -H 'Authorization: Bearer ${s.bearer}' -o .continuity/config.json https://example.com/c` }, runId: ctx.runId, toolCallId: 'call_r3' }, { ...tool, toolCallId: 'call_r3' });
  assert.equal(refused?.block, true);
  assertNoSecrets(dir, state, (key) => [marker('github', s.github, key), marker('authorization', s.bearer, key)]);
});
