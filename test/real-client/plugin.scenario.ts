// The Claude Code plugin (plugin/) in the real client: its hooks.json wires
// the hooks (exec form: sh and the plugin's launcher, ${CLAUDE_PLUGIN_ROOT} in
// the arguments), its commands are /continuity:approve and /continuity:status,
// and the marketplace at the repository's root installs it. The hooks run the
// plugin's executable from Claude Code's data folder for the plugin: put there
// beforehand (a hard link to one built once) where the scenario is about
// something else, compiled by the first session start where it is about that.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bash, requestText, say } from '../../src/demo/real-client/model-server.js';
import { bunPackageDir, dataWithExecutable, executableName, pathWithoutNode } from '../helpers/plugin.js';
import { CLAUDE_UNDER_TEST } from './claude-version.js';
import { assertFinished, hookContexts, hookRuns, project, shownSystemMessages, timeline } from './observe.js';
import { claudeBinary, claudeEnv, PLAN, PLAN_PATH, REPO_ROOT, type Project } from './run-claude.js';

const PLUGIN_DIR = join(REPO_ROOT, 'plugin');
const V = `Claude Code ${CLAUDE_UNDER_TEST.version}`;

/** Claude Code's data folder for the plugin: ~/.claude/plugins/data/<name>-<marketplace> (`inline` for --plugin-dir). */
const dataDir = (p: Project, source: 'inline' | 'continuity') => join(p.home, '.claude', 'plugins', 'data', `continuity-${source}`);

/** A project whose settings wire nothing: every hook comes from the plugin, loaded for the session with --plugin-dir, its executable in place. */
function pluginProject() {
  // The plugin brings the hooks: the project's settings wire none (from the start; a later edit by hand would be put back).
  const p = project({ settings: {} });
  const data = dataDir(p, 'inline');
  mkdirSync(data, { recursive: true });
  linkSync(join(dataWithExecutable(), executableName()), join(data, executableName()));
  return p;
}
const WITH_PLUGIN = ['--plugin-dir', PLUGIN_DIR];

/** The hooks never built anything nor fell back to Node: the data folder holds the executable alone. */
function ranTheExecutable(p: Project, source: 'inline' | 'continuity'): void {
  assert.deepEqual(readdirSync(dataDir(p, source)).filter((f) => f !== 'build.log'), [executableName()]);
}

test(`plugin (${V}): the person typing /continuity:approve approves the draft plan, as the UserPromptSubmit hook sees it`, { timeout: 150_000 }, async () => {
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
  ranTheExecutable(p, 'inline');
});

test(`plugin (${V}): the model running \`continuity approve\` through its Bash tool is still refused`, { timeout: 150_000 }, async () => {
  const p = pluginProject();
  const r = await p.run({ prompt: 'Get the plan approved.', args: WITH_PLUGIN, turns: [[bash('continuity approve')], [say('It could not be approved from here.')]] });
  assertFinished(r);
  assert.equal(r.ledgerStatus.plan.state, 'draft', timeline(r));
  assert.ok(r.ledgerStatus.recentViolations.some((v: { kind: string }) => v.kind === 'approval_forgery'), timeline(r));
});

test(`plugin (${V}): /continuity:status puts \`continuity status\` into the prompt, run through the plugin's bin/ on PATH`, { timeout: 150_000 }, async () => {
  const p = pluginProject();
  // No other `continuity` on the agent's PATH: the one found is the plugin's.
  rmSync(join(p.home, 'bin', 'continuity'));
  const r = await p.run({ prompt: '/continuity:status', args: WITH_PLUGIN, turns: [[say('The plan is a draft.')]] });
  assertFinished(r);
  const text = requestText(r.conversation[0]!);
  assert.match(text, /## continuity status/, timeline(r));
  assert.match(text, /Plan {6}payments-export · superpowers · docs\/plans\/payments-export\.md/, text.slice(0, 3000));
  assert.equal(r.ledgerStatus.plan.state, 'draft');
  ranTheExecutable(p, 'inline');
});

/** `claude plugin marketplace add <repo>` and `claude plugin install continuity@continuity` in the project's HOME; the installed copy's folder. */
function installFromMarketplace(p: Project): string {
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
  for (const file of ['hooks/hooks.json', 'commands/approve.md', 'commands/status.md', 'bin/continuity', 'lib/executable.sh', 'lib/build-executable.sh', 'lib/cli/cli.cjs', 'lib/cli/compiled.mjs']) {
    assert.ok(existsSync(join(installed, file)), file);
  }
  assert.equal(readFileSync(join(installed, 'lib', 'executable.sh'), 'utf8'), readFileSync(join(PLUGIN_DIR, 'lib', 'executable.sh'), 'utf8'));
  return installed;
}

/**
 * The person's order: the plugin installed, then the plan imported (the
 * ledger's first record of the hook wiring is then the plugin's).
 */
function pluginInstalledProject(): Project {
  const p = project({ plan: null, files: { [PLAN_PATH]: PLAN } });
  p.writeFile('.claude/settings.json', '{}\n');
  installFromMarketplace(p);
  p.continuity(['plan', 'import', PLAN_PATH]);
  return p;
}

test(`plugin (${V}): installed from the marketplace on a machine without Node, the first session start compiles the executable and every hook of the session runs it`, { timeout: 150_000 }, async () => {
  const p = pluginInstalledProject();
  rmSync(join(p.home, 'bin', 'continuity')); // no continuity but the plugin's
  // No Node on PATH at all; the pinned Bun package from a local folder (nothing is downloaded).
  const env = { PATH: pathWithoutNode(), CONTINUITY_BUN_PACKAGE_DIR: bunPackageDir(), CONTINUITY_NPM_REGISTRY: 'http://127.0.0.1:9' };
  const r = await p.run({ prompt: 'approve', env, turns: [[bash('continuity status --json')], [say('Approved and checked.')]] });
  assertFinished(r);
  // SessionStart waited for the build and answered: the plan's state reached the model.
  assert.match(hookContexts(r.conversation[0]!).find((c) => c.event === 'SessionStart')?.text ?? '', /payments-export/, timeline(r));
  assert.equal(r.ledgerStatus.plan.state, 'approved', timeline(r));
  for (const run of hookRuns(r)) assert.equal(run.exitCode ?? 0, 0, `${run.event}: ${JSON.stringify(run.output)}`);
  ranTheExecutable(p, 'continuity');
  assert.match(readFileSync(join(dataDir(p, 'continuity'), 'build.log'), 'utf8'), /built .*continuity-[0-9a-f]{16}/);
  // The agent's `continuity status` (the plugin's bin/ on PATH, no Node) found the executable the hooks built.
  const result = JSON.stringify(r.conversation.at(-1)!.body.messages.at(-1));
  assert.match(result, /\\"id\\": \\"payments-export\\"/, timeline(r));
  assert.match(result, /\\"state\\": \\"approved\\"/, timeline(r));
  assert.doesNotMatch(result, /hook blocking error/, timeline(r));
});

test(`plugin (${V}): with no Node and no way to build, the session is told once why continuity is not active, and a Bash call is denied with the reason`, { timeout: 150_000 }, async () => {
  const p = pluginInstalledProject();
  const env = { PATH: pathWithoutNode(['curl', 'wget']) };
  const r = await p.run({ prompt: 'Start on the plan.', env, turns: [[bash('echo started > notes.txt')], [say('Stopped.')]] });
  const starts = hookRuns(r, 'SessionStart');
  assert.equal(starts.length, 1, timeline(r));
  assert.match(starts[0]!.output?.systemMessage ?? '', /^continuity is not active: Node is not on PATH and the plugin's executable could not be built: neither curl nor wget is installed/);
  assert.match(hookContexts(r.conversation[0]!).find((c) => c.event === 'SessionStart')?.text ?? '', /^continuity is not active in this session: its hooks cannot run on this machine/);
  // Claude Code kept the message for the person.
  assert.ok(shownSystemMessages(r).some((m) => m.startsWith('continuity is not active: ')), timeline(r));
  const denied = hookRuns(r, 'PreToolUse');
  assert.equal(denied[0]?.output?.hookSpecificOutput?.permissionDecision, 'deny', timeline(r));
  assert.equal(existsSync(join(p.dir, 'notes.txt')), false);
  for (const run of hookRuns(r)) assert.equal(run.exitCode ?? 0, 0, run.event);
  assert.doesNotMatch(r.stderr + r.stdout, /\n\s+at .+:\d+:\d+/);
});
