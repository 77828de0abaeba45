// The repository's allowed signers (.continuity-signers) are guarded like
// the hook wiring: an agent that added its own key there would sign
// approvals for the person. A file tool's or a command's write is refused
// before and put back after; a change between the agent's calls (a pull, the
// person's own edit) is taken as it comes and said to the person. Signing in
// continuity's namespace from the agent's shell is refused; inside
// continuity's own wall the person's SSH keys are out of reach.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { agentHook } from '../helpers/agent-hook.js';
import { bashBetweenHooks, hook, runCli, tempProject } from '../helpers/cli.js';
import { makeKey } from '../helpers/ssh-keys.js';

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';
const keys = mkdtempSync(join(tmpdir(), 'continuity-keys-'));
after(() => rmSync(keys, { recursive: true, force: true }));
const person = makeKey(keys, 'person');
const agent = makeKey(keys, 'agent');
const SIGNERS = `person@example.com namespaces="continuity-approval" ${person.publicKey}\n`;
const AGENT_LINE = `agent@example.com ${agent.publicKey}\n`;

function project(): string {
  const dir = tempProject({ 'docs/plans/p.md': PLAN, '.continuity-signers': SIGNERS });
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: dir }).code, 0);
  return dir;
}
const signers = (dir: string) => readFileSync(join(dir, '.continuity-signers'), 'utf8');
const parsed = (out: string) => (out.trim() ? (JSON.parse(out) as Record<string, any>) : null);
const violations = (dir: string) => (JSON.parse(runCli(['status', '--json'], { cwd: dir }).stdout) as { recentViolations: { kind: string; summary: string }[] }).recentViolations;

test('a file tool writing .continuity-signers is refused before; written anyway, it is put back after, the version kept', () => {
  const dir = project();
  const pre = hook(dir, { hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_use_id: 'toolu_e', tool_input: { file_path: join(dir, '.continuity-signers'), old_string: SIGNERS, new_string: SIGNERS + AGENT_LINE } });
  assert.equal(pre.code, 0, pre.stderr);
  const answer = parsed(pre.stdout)?.hookSpecificOutput;
  assert.equal(answer?.permissionDecision, 'deny');
  assert.match(answer?.permissionDecisionReason, /\.continuity-signers is guarded: it lists who may sign the approvals of this repository's plans: a key added there would sign for the person/);

  writeFileSync(join(dir, '.continuity-signers'), SIGNERS + AGENT_LINE);
  const post = hook(dir, { hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_use_id: 'toolu_e', tool_input: { file_path: join(dir, '.continuity-signers') }, tool_response: {} });
  assert.equal(post.code, 0, post.stderr);
  assert.equal(parsed(post.stdout)?.decision, 'block');
  assert.match(parsed(post.stdout)?.reason, /\.continuity-signers \(content restored\)/);
  assert.equal(signers(dir), SIGNERS);
  assert.ok(violations(dir).some((v) => v.kind === 'guarded_write_reverted' && /\.continuity-signers/.test(v.summary)));
});

test("a shell command appending a key is refused; a script the parser cannot read is put back after the call", () => {
  const dir = project();
  const plain = bashBetweenHooks(dir, `echo '${AGENT_LINE.trim()}' >> .continuity-signers`);
  assert.equal(plain.denied, true);
  assert.equal(signers(dir), SIGNERS);

  writeFileSync(join(dir, 'add.cjs'), `require('fs').appendFileSync(['.continuity', 'signers'].join('-'), ${JSON.stringify(AGENT_LINE)});\n`);
  const script = bashBetweenHooks(dir, 'node add.cjs');
  assert.equal(script.denied, false);
  assert.equal(script.ran, 0);
  assert.match(parsed(script.post)?.reason, /\.continuity-signers \(content restored\)/);
  assert.equal(signers(dir), SIGNERS);
});

test("ssh-keygen -Y sign in continuity's namespace from the agent's Bash is refused and recorded; a git signature is not", () => {
  const dir = project();
  writeFileSync(join(dir, 'statement'), 'continuity approval statement v1\n');
  const command = `ssh-keygen -Y sign -f ${person.file} -n continuity-approval statement`;
  const r = bashBetweenHooks(dir, command);
  assert.equal(r.denied, true);
  const reason = parsed(r.pre)?.hookSpecificOutput?.permissionDecisionReason as string;
  assert.match(reason, /ssh-keygen -Y sign -n continuity… is refused: a signature in continuity's namespace is a person's approval or revocation, made by `continuity approve` or `continuity revoke` at their own terminal\. The command was not run\./);
  assert.ok(violations(dir).some((v) => v.kind === 'approval_signing_refused'));
  const nested = bashBetweenHooks(dir, `bash -c "ssh-keygen -Y sign -f ${person.file} -n continuity-approval statement"`);
  assert.equal(nested.denied, true);

  const git = bashBetweenHooks(dir, `ssh-keygen -Y sign -f ${person.file} -n git statement`);
  assert.equal(git.denied, false);
  assert.equal(git.ran, 0);
});

test('a change between the agent\'s calls (a pull) is taken as it comes and said to the person once; after it, the new version is the one kept', () => {
  const dir = project();
  const pulled = SIGNERS + `colleague@example.com ${agent.publicKey}\n`;
  writeFileSync(join(dir, '.continuity-signers'), pulled);
  const next = hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' });
  assert.equal(next.code, 0, next.stderr);
  assert.match(next.stdout, /\.continuity-signers, the allowed signers of approvals, changed outside the agent's tool calls \(a pull, or your own edit\) and is kept as it is/);
  assert.equal(signers(dir), pulled);
  // A writing tool call afterwards does not put the pulled version back.
  const script = bashBetweenHooks(dir, 'echo hi > note.txt');
  assert.doesNotMatch(script.post, /continuity-signers/);
  assert.equal(signers(dir), pulled);
});

test("inside continuity's own wall (Gemini CLI) ~/.ssh is hidden, SSH_AUTH_SOCK unset, and .continuity-signers read-only", () => {
  const dir = project();
  mkdirSync(join(dir, '.gemini'));
  writeFileSync(join(dir, '.gemini', 'settings.json'), '{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"continuity hook gemini"}]}]}}\n');
  const home = mkdtempSync(join(tmpdir(), 'continuity-home-'));
  after(() => rmSync(home, { recursive: true, force: true }));
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_ed25519'), readFileSync(person.file));
  const env = { HOME: home, SSH_AUTH_SOCK: join(home, 'agent.sock'), GEMINI_PROJECT_DIR: dir, CONTINUITY_STATE_HOME: mkdtempSync(join(home, 'state-')) };
  // The name built at run time: no reading of the command line sees it, only the wall stops it.
  writeFileSync(join(dir, 'add.cjs'), `require('fs').appendFileSync(['.continuity', 'signers'].join('-'), ${JSON.stringify(AGENT_LINE)});\n`);
  const command = 'ls ~/.ssh; echo "sock=${SSH_AUTH_SOCK:-none}"; node add.cjs; echo "append=$?"';
  const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'agents', 'gemini-cli-0.61.0', 'before-tool-run-shell-command.json'), 'utf8')) as Record<string, any>;
  const before = agentHook('gemini', dir, { ...fixture, cwd: dir, transcript_path: join(dir, 't.jsonl'), tool_input: { ...fixture.tool_input, command } }, env);
  assert.equal(before.code, 0, before.stderr);
  const wrapped = String((before.out?.hookSpecificOutput as { tool_input?: { command?: string } } | undefined)?.tool_input?.command);
  assert.match(wrapped, /bwrap /, JSON.stringify(before.out));
  const r = spawnSync('bash', ['-c', wrapped], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  assert.doesNotMatch(r.stdout, /id_ed25519/);
  assert.match(r.stdout, /sock=none/);
  assert.match(r.stdout, /append=[1-9]/);
  assert.match(r.stderr, /Read-only file system/i);
  assert.equal(signers(dir), SIGNERS);
});
