// The Claude Code plugin (plugin/) in the real client: its hooks.json wires
// the hooks (exec form, ${CLAUDE_PLUGIN_ROOT} in the arguments), its commands
// are /continuity:approve and /continuity:status, and the marketplace at the
// repository's root installs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bash, requestText, say } from '../../src/demo/real-client/model-server.js';
import { assertFinished, hookContexts, hookRuns, project, timeline } from './observe.js';
import { claudeBinary, claudeEnv, REPO_ROOT } from './run-claude.js';

const PLUGIN_DIR = join(REPO_ROOT, 'plugin');

/** A project whose settings wire nothing: every hook comes from the plugin, loaded for the session with --plugin-dir. */
function pluginProject() {
  const p = project();
  p.writeFile('.claude/settings.json', '{}\n');
  return p;
}
const WITH_PLUGIN = ['--plugin-dir', PLUGIN_DIR];

test('plugin: the person typing /continuity:approve approves the draft plan, as the UserPromptSubmit hook sees it', { timeout: 150_000 }, async () => {
  const p = pluginProject();
  assert.equal(p.status().plan.state, 'draft');
  const r = await p.run({ prompt: '/continuity:approve', args: WITH_PLUGIN, turns: [[say('Noted.')]] });
  assertFinished(r);

  // The plugin's hooks ran: SessionStart and the prompt, from hooks.json.
  assert.ok(hookRuns(r, 'SessionStart').length >= 1, timeline(r));
  const prompt = hookRuns(r, 'UserPromptSubmit');
  assert.equal(prompt.length, 1, timeline(r));
  assert.equal(prompt[0]!.output?.systemMessage, 'continuity: plan payments-export approved.');
  assert.equal(r.ledgerStatus.plan.state, 'approved', timeline(r));
  assert.equal(r.ledgerStatus.plan.approval.via, 'user-prompt');

  // The prompt the hook received is the command as typed; the model got the command's text and the approval context.
  const first = r.conversation[0]!;
  assert.match(requestText(first), /typed \/continuity:approve: they approve the project's active plan/);
  assert.deepEqual(hookContexts(first).map((c) => c.event), ['SessionStart', 'UserPromptSubmit'], timeline(r));
});

test('plugin: the model running `continuity approve` through its Bash tool is still refused', { timeout: 150_000 }, async () => {
  const p = pluginProject();
  const r = await p.run({ prompt: 'Get the plan approved.', args: WITH_PLUGIN, turns: [[bash('continuity approve')], [say('It could not be approved from here.')]] });
  assertFinished(r);
  assert.equal(r.ledgerStatus.plan.state, 'draft', timeline(r));
  assert.ok(r.ledgerStatus.recentViolations.some((v: { kind: string }) => v.kind === 'approval_forgery'), timeline(r));
});

test('plugin: /continuity:status puts `continuity status` into the prompt, run through the plugin\'s bin/ on PATH', { timeout: 150_000 }, async () => {
  const p = pluginProject();
  // No other `continuity` on the agent's PATH: the one found is the plugin's.
  rmSync(join(p.home, 'bin', 'continuity'));
  const r = await p.run({ prompt: '/continuity:status', args: WITH_PLUGIN, turns: [[say('The plan is a draft.')]] });
  assertFinished(r);
  const text = requestText(r.conversation[0]!);
  assert.match(text, /## continuity status/, timeline(r));
  assert.match(text, /Plan {6}payments-export · superpowers · docs\/plans\/payments-export\.md/, text.slice(0, 3000));
  assert.equal(r.ledgerStatus.plan.state, 'draft');
});

test('plugin: the repository is a marketplace; `claude plugin install` copies the plugin and enables it', { timeout: 150_000 }, () => {
  const p = project();
  const env = claudeEnv(p.home, 'http://127.0.0.1:9');
  const claude = (args: string[]) => {
    const r = spawnSync(claudeBinary(), args, { cwd: p.dir, env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, `claude ${args.join(' ')}: ${r.stdout}${r.stderr}`);
    return r.stdout;
  };
  for (const dir of [REPO_ROOT, PLUGIN_DIR]) assert.match(claude(['plugin', 'validate', dir]), /Validation passed/);
  claude(['plugin', 'marketplace', 'add', REPO_ROOT]);
  claude(['plugin', 'install', 'continuity@continuity']);
  const settings = JSON.parse(readFileSync(join(p.home, '.claude', 'settings.json'), 'utf8'));
  assert.equal(settings.enabledPlugins['continuity@continuity'], true);
  const version = JSON.parse(readFileSync(join(PLUGIN_DIR, '.claude-plugin', 'plugin.json'), 'utf8')).version;
  const installed = join(p.home, '.claude', 'plugins', 'cache', 'continuity', 'continuity', version);
  for (const file of ['hooks/hooks.json', 'commands/approve.md', 'commands/status.md', 'lib/continuity.mjs', 'bin/continuity']) {
    assert.ok(existsSync(join(installed, file)), file);
  }
  assert.equal(readFileSync(join(installed, 'lib', 'continuity.mjs'), 'utf8'), readFileSync(join(PLUGIN_DIR, 'lib', 'continuity.mjs'), 'utf8'));
});
