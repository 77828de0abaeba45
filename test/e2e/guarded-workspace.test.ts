// A workspace continuity guarded stays guarded: when an agent's command
// removes `.continuity/` and the ledger's recovery copy together, the next
// hook of any client (wired in the project or not) fails closed and says
// nothing is enforced, instead of leaving the workspace alone; only the
// person's `continuity init --uninstall` lets it go. The removal runs for
// real between the hooks of the agent's call.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { guardedRecordOf } from '../../src/ledger/guarded-workspaces.js';
import { recoveryDirOf } from '../../src/ledger/recovery-copy.js';
import { bashBetweenHooks, hook, runCli, tempProject } from '../helpers/cli.js';
import { agentHook } from '../helpers/agent-hook.js';

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';
const LOST = /continuity guarded .*, and its \.continuity\/ .* and the ledger's recovery copy are both gone: nothing is enforced here, and calls that could write are denied/;

/** A project with a plan in its ledger and no hook wiring of its own (the hooks come from the user's settings or a plugin). */
function guardedProject(): { dir: string; env: NodeJS.ProcessEnv } {
  const env = { CONTINUITY_STATE_HOME: mkdtempSync(join(tmpdir(), 'continuity-guarded-state-')) };
  const dir = tempProject({ 'docs/plans/p.md': PLAN });
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: dir, env }).code, 0);
  assert.ok(existsSync(guardedRecordOf(dir, env)), 'the ledger\'s creation is remembered outside the workspace');
  return { dir, env };
}

const out = (r: { stdout: string }) => (r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, any>) : null);

test('the ledger and its recovery copy removed by the agent\'s command: every later hook fails closed and says so; nothing is recreated', () => {
  const { dir, env } = guardedProject();
  // A script whose names are built at run time: no parser sees what it removes.
  const hex = (t: string) => `Buffer.from('${Buffer.from(t).toString('hex')}', 'hex').toString()`;
  writeFileSync(join(dir, 'tidy.js'), `const fs = require('fs'); for (const p of [${hex('.continuity')}, ${hex(recoveryDirOf(dir, env))}]) fs.rmSync(p, { recursive: true, force: true });\n`);
  const call = bashBetweenHooks(dir, 'node tidy.js', { env });
  assert.equal(call.ran, 0);
  assert.ok(!existsSync(join(dir, '.continuity')));
  assert.match(call.post, LOST);

  // Claude Code's hook: a write denied as a hook that cannot decide denies it, a read let through, prompt and stop told.
  const write = out(hook(dir, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 't2', tool_input: { file_path: join(dir, 'src.ts'), content: 'x' } }, { env }));
  assert.equal(write?.hookSpecificOutput?.permissionDecision, 'deny');
  assert.match(write?.hookSpecificOutput?.permissionDecisionReason, /continuity could not decide whether this call writes a guarded file \(continuity's ledger and its recovery copy are gone\)/);
  assert.match(write?.systemMessage, LOST);
  const read = out(hook(dir, { hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: 't3', tool_input: { file_path: join(dir, 'docs/plans/p.md') } }, { env }));
  assert.equal(read?.hookSpecificOutput, undefined);
  assert.match(read?.systemMessage, LOST);
  assert.match(out(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env }))?.systemMessage, LOST);
  const stop = out(hook(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' }, { env }));
  assert.match(stop?.systemMessage, LOST);
  assert.equal(stop?.decision, undefined, 'a stop is not blocked: the agent going on would run unguarded');

  // Another client's hook, whose wiring is not in the workspace: the same.
  const gemini = agentHook('gemini', dir, { session_id: 'g1', cwd: dir, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'echo hi > a.txt' } }, { ...env, GEMINI_PROJECT_DIR: dir });
  assert.equal(gemini.out?.decision, 'deny');
  assert.match(String(gemini.out?.systemMessage), LOST);
  assert.match(String(agentHook('codex', dir, { session_id: 'c1', cwd: dir, hook_event_name: 'UserPromptSubmit', prompt: 'hi', transcript_path: null, model: 'm', permission_mode: 'default', turn_id: 't' }, env).out?.systemMessage), LOST);

  assert.ok(!existsSync(join(dir, '.continuity')), 'no ledger is made anew in silence');

  // A new ledger, made by a command: it says what was lost, once, to the person.
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: dir, env }).code, 0);
  const status = JSON.parse(runCli(['status', '--json'], { cwd: dir, env }).stdout) as { recentViolations: { kind: string }[] };
  assert.deepEqual(status.recentViolations.map((v) => v.kind), ['ledger_lost']);
  assert.match(out(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env }))?.systemMessage, /continuity's ledger here was started anew: the previous ledger and its recovery copy were both gone/);
  assert.equal(out(hook(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' }, { env }))?.systemMessage, undefined, 'said once');
});

test('the ledger file alone removed with the copy (the folder kept) is the same', () => {
  const { dir, env } = guardedProject();
  rmSync(join(dir, '.continuity', 'ledger.db'), { force: true });
  for (const f of ['ledger.db-wal', 'ledger.db-shm']) rmSync(join(dir, '.continuity', f), { force: true });
  rmSync(recoveryDirOf(dir, env), { recursive: true, force: true });
  assert.match(out(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env }))?.systemMessage, LOST);
  assert.ok(!existsSync(join(dir, '.continuity', 'ledger.db')));
});

test('a workspace that never had continuity stays quiet; the person\'s `continuity init --uninstall` lets a guarded one go', () => {
  const { dir, env } = guardedProject();
  const never = tempProject();
  assert.equal(hook(never, { hook_event_name: 'UserPromptSubmit', prompt: 'hi' }, { env }).stdout, '');
  assert.equal(hook(never, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 't1', tool_input: { file_path: join(never, 'a'), content: 'x' } }, { env }).stdout, '');

  const uninstall = runCli(['init', '--uninstall'], { cwd: dir, env });
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.match(uninstall.stdout, /the record that continuity guards this project/);
  rmSync(join(dir, '.continuity'), { recursive: true, force: true });
  assert.equal(hook(dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env }).stdout, '');
});
