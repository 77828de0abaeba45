// A spool file the ledger cannot take in, left by the agent's script (the
// folder's name decoded at run time, so no reading of the command names it),
// run for real between its Pre and Post hooks where no wall stands: the
// spool keeps being taken in, the file is set aside, and the person is told.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';
import { PLAN } from '../helpers/agent-hook.js';
import { openLedger } from '../helpers/ledger.js';

function cli(project: string, args: string[]): string {
  const r = runCli(args, { cwd: project, env: { CLAUDE_PROJECT_DIR: project } });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

test("a malformed spool file the agent's script leaves is set aside and said; the calls after it are recorded", async () => {
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN, '.continuity/config.json': JSON.stringify({ sandbox: { mode: 'off' } }) });
  cli(project, ['plan', 'import', 'docs/plans/payments-export.md']);
  // A record without the fields every event has, named to be taken in before anything spooled after it.
  mkdirSync(join(project, 'tools'));
  writeFileSync(join(project, 'tools/jam.js'), "const p = require('path'), f = require('fs');\nconst d = p.join(process.cwd(), Buffer.from('LmNvbnRpbnVpdHk=', 'base64').toString(), 'sp' + 'ool');\nf.mkdirSync(d, { recursive: true });\nf[['write', 'FileSync'].join('')](p.join(d, '000000001-zz-jam00.json'), JSON.stringify({ input: {} }));\n");
  const command = 'node tools/jam.js';
  const pre = hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
  assert.equal(pre.code, 0, pre.stderr);
  assert.doesNotMatch(pre.stdout, /"permissionDecision":"deny"/, 'the script runs: what is tested is what the spool takes in');
  const ran = spawnSync('bash', ['-c', command], { cwd: project, encoding: 'utf8' });
  assert.equal(ran.status, 0, ran.stderr);
  const post = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command }, tool_response: { stdout: '', stderr: '' } });
  assert.equal(post.code, 0, post.stderr);
  // Later calls, some spooled, then one that opens the ledger and takes the spool in.
  for (const c of ['ls', 'pwd']) assert.equal(hook(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: c } }).code, 0);
  const prompt = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'how is it going?' });
  assert.equal(prompt.code, 0, prompt.stderr);
  assert.doesNotMatch(prompt.stderr, /cannot be used|could not be taken/, prompt.stderr);
  assert.match(JSON.parse(prompt.stdout).systemMessage, /\.continuity\/spool\/000000001-zz-jam00\.json was not a record continuity can take in \(at: missing\); it was set aside/, 'the person is told');
  const ledger = await openLedger(project);
  try {
    const commands = ledger.db.all<{ input: string }>("SELECT input FROM events WHERE kind = 'PreToolUse'").map((r) => (JSON.parse(r.input) as { tool_input: { command: string } }).tool_input.command);
    assert.deepEqual(commands, [command, 'ls', 'pwd'], 'every call recorded');
    assert.equal(ledger.db.get<{ n: number }>("SELECT count(*) AS n FROM events WHERE kind = 'spool-file-set-aside'")?.n, 1);
  } finally {
    ledger.close();
  }
  assert.deepEqual(readdirSync(join(project, '.continuity', 'spool')).filter((n) => n.includes('jam00')), ['.unreadable-000000001-zz-jam00.json']);
  assert.match(cli(project, ['status']), /spool_file_set_aside +a spool file was not taken in \(at: missing\)/);
});
