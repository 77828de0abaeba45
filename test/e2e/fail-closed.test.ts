import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';
import { agentHook } from '../helpers/agent-hook.js';

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';

/** A project whose ledger is garbage and has no recovery copy: nothing can be decided. */
function brokenProject(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempProject({ 'docs/plans/p.md': PLAN });
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: dir }).code, 0);
  assert.equal(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }).code, 0);
  writeFileSync(join(dir, '.continuity', 'ledger.db'), 'this is not a database, and nothing can restore it');
  // An empty state home: no recovery copy to restore from.
  return { dir, env: { CONTINUITY_STATE_HOME: mkdtempSync(join(tmpdir(), 'continuity-no-copy-')) } };
}

test('a hook that cannot decide denies a call that could write, says why to the agent and the person, and exits 0', () => {
  const { dir, env } = brokenProject();
  // Calls that need the ledger to be judged (a call judged harmless without it is simply allowed).
  for (const [tool, input] of [
    ['Write', { file_path: join(dir, '.continuity', 'config.json'), content: '{}' }],
    ['Bash', { command: 'cp /tmp/x .continuity/config.json' }],
  ] as const) {
    const r = hook(dir, { hook_event_name: 'PreToolUse', tool_name: tool, tool_use_id: 'toolu_1', tool_input: input }, { env });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { systemMessage: string; hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
    assert.match(out.hookSpecificOutput.permissionDecisionReason, /could not decide .*not a SQLite database|could not decide/);
    assert.match(out.systemMessage, /continuity could not decide/);
  }
  // A tool that only reads is not denied: the agent can still look at what is wrong.
  const read = hook(dir, { hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: 'toolu_2', tool_input: { file_path: join(dir, 'docs/plans/p.md') } }, { env });
  assert.notEqual(read.stdout.includes('"deny"'), true);
});

test('a stop that cannot be checked is blocked once with the reason, then let through: never a loop', () => {
  const { dir, env } = brokenProject();
  const first = hook(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done.' }, { env });
  assert.equal(first.code, 0, first.stderr);
  const a = JSON.parse(first.stdout) as { decision?: string; reason?: string };
  assert.equal(a.decision, 'block');
  assert.match(String(a.reason), /could not check this stop/);
  const second = hook(dir, { hook_event_name: 'Stop', stop_hook_active: true, last_assistant_message: 'Done.' }, { env });
  assert.equal(second.code, 0, second.stderr);
  assert.equal((JSON.parse(second.stdout) as { decision?: string }).decision, undefined);
});

test('Codex: the same call is denied in its own protocol, not let through by an exit 1', () => {
  const { dir, env } = brokenProject();
  const r = agentHook('codex', dir, { session_id: 's', turn_id: 't', transcript_path: null, cwd: dir, model: 'gpt-5-codex', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'call-1', tool_input: { command: 'cp /tmp/x .continuity/config.json' } }, env);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /deny|block/);
});
