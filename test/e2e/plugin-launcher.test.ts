// The plugin's launcher (plugin/bin/continuity), as Claude Code runs it for
// every hook: the executable compiled for this machine on first use (with no
// Node at all), Node with the split CLI meanwhile, and where nothing can run
// an answer that says so, never a stack trace and never silence.
import assert from 'node:assert/strict';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { NO_STACK, payload, runCli, tempProject } from '../helpers/cli.js';
import {
  bunPackageDir, dataWithExecutable, emptyData, executableFacts, executableName, fakeNode, installedCopy, launcherEnv, nodeWithSqlite, pathWithoutNode, runLauncher, runLauncherAsync, scratch,
} from '../helpers/plugin.js';

const PLAN_PATH = 'docs/plans/p.md';
const PLAN = '# P\n\n### Task 1: One\n\nDo it.\n\n### Task 2: Two\n\nDo that.\n';
/** A PATH whose first node has SQLite built in (the plugin's Node path needs it). */
const NODE_PATH = `${dirname(nodeWithSqlite())}:${process.env.PATH ?? ''}`;

/** A project with the plan imported and approved by the person (through the CLI under test). */
function approvedProject(): string {
  const project = tempProject({ [PLAN_PATH]: PLAN });
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: project }).code, 0);
  const r = runCli(['hook', 'claude-code'], { cwd: project, input: payload(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' }), env: { CLAUDE_PROJECT_DIR: project } });
  assert.equal(r.code, 0, r.stderr);
  return project;
}

function draftProject(): string {
  const project = tempProject({ [PLAN_PATH]: PLAN });
  assert.equal(runCli(['plan', 'import', PLAN_PATH], { cwd: project }).code, 0);
  return project;
}

const sessionStart = (project: string, source = 'startup') => payload(project, { hook_event_name: 'SessionStart', source });
const bashCall = (project: string, command: string) => payload(project, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_l', tool_input: { command } });
const stop = (project: string, active = false) => payload(project, { hook_event_name: 'Stop', stop_hook_active: active, last_assistant_message: 'Task 1 is done. I can continue with Task 2.' });

function json(stdout: string): any {
  return JSON.parse(stdout);
}

describe('the plugin launcher, without Node', () => {
  test('on a fresh machine two session starts at once build one executable from the pinned, checked Bun package, both answer with it, and every hook then runs it', async () => {
    const project = approvedProject();
    const data = emptyData();
    // A build takes a few seconds on an idle machine; a loaded one may need more than the session start's 25 s.
    const env = launcherEnv({ PATH: pathWithoutNode(), data, project, extra: { CONTINUITY_BUN_PACKAGE_DIR: bunPackageDir(), CONTINUITY_PLUGIN_BUILD_WAIT: '110' } });
    const plugin = installedCopy();

    const both = await Promise.all([0, 1].map(() => runLauncherAsync(plugin, ['hook', 'claude-code'], env, sessionStart(project))));
    for (const start of both) {
      assert.equal(start.code, 0, start.stderr);
      assert.equal(start.entry, 'executable', start.stderr);
      assert.match(json(start.stdout).hookSpecificOutput.additionalContext, /plan p/);
    }
    // One build: it left the executable and its log; no lock, no temporary folder, no failure.
    assert.deepEqual(readdirSync(data).sort(), ['build.log', executableName()].sort());
    assert.match(readFileSync(join(data, 'build.log'), 'utf8'), new RegExp(`Bun ${executableFacts().BUN_VERSION} for \\S+ from .*\\n[\\s\\S]*built `));

    const denied = runLauncher(plugin, ['hook', 'claude-code'], env, bashCall(project, "echo '{}' > .continuity/config.json"));
    assert.equal(denied.entry, 'executable');
    assert.equal(json(denied.stdout).hookSpecificOutput.permissionDecision, 'deny');
    const harmless = runLauncher(plugin, ['hook', 'claude-code'], env, bashCall(project, 'ls -la'));
    assert.deepEqual([harmless.code, harmless.entry, harmless.stdout], [0, 'executable', '']);
  });

  test('CONTINUITY_PLUGIN_BUILD_WAIT sets how long a hook waits for a build under way: 0 answers at once, a longer wait runs the executable once it is there', async () => {
    const project = draftProject();
    const data = emptyData();
    const plugin = installedCopy();
    // A build under way (its lock held) that puts an executable in place a few seconds later.
    mkdirSync(join(data, 'build.lock'));
    const exe = join(data, executableName());
    const stub = join(data, '..', 'stub');
    writeFileSync(stub, '#!/bin/sh\ncat >/dev/null\necho stub\n', { mode: 0o755 });
    // Outside this process, so that it lands while a call that waits is waiting.
    const finisher = spawn('sh', ['-c', 'sleep 5; cp "$0" "$1.tmp" && mv "$1.tmp" "$1"', stub, exe], { stdio: 'ignore' });
    const finished = new Promise((resolve) => finisher.on('close', resolve));
    const at = (wait: string) => launcherEnv({ PATH: pathWithoutNode(['curl', 'wget']), data, project, extra: { CONTINUITY_PLUGIN_BUILD_WAIT: wait } });

    const now = runLauncher(plugin, ['hook', 'claude-code'], at('0'), bashCall(project, 'echo x > f'));
    assert.equal(now.entry, 'none');
    assert.match(json(now.stdout).hookSpecificOutput.permissionDecisionReason, /still being compiled/);
    const waited = await runLauncherAsync(plugin, ['hook', 'claude-code'], at('100'), bashCall(project, 'echo x > f'));
    assert.deepEqual([waited.entry, waited.stdout.trim()], ['executable', 'stub']);
    await finished;
  });

  test('a Bun package whose sha512 is not the pinned one is never unpacked nor run; the session is told why continuity is not active', () => {
    const project = draftProject();
    const data = emptyData();
    const packages = scratch();
    const { BUN_VERSION } = executableFacts();
    const file = readdirSync(bunPackageDir()).find((f) => f.endsWith(`-${BUN_VERSION}.tgz`))!;
    writeFileSync(join(packages, file), Buffer.concat([readFileSync(join(bunPackageDir(), file)).subarray(0, 4096), Buffer.from('tampered')]));
    const env = launcherEnv({ PATH: pathWithoutNode(), data, project, extra: { CONTINUITY_BUN_PACKAGE_DIR: packages } });
    const r = runLauncher(installedCopy(), ['hook', 'claude-code'], env, sessionStart(project));
    assert.equal(r.code, 0);
    assert.equal(r.entry, 'none');
    const out = json(r.stdout);
    assert.match(out.systemMessage, /^continuity is not active: Node is not on PATH and the plugin's executable could not be built: the Bun package's sha512 is not the pinned one \(got [0-9a-f]{128}\): it was not used\. Node 22\.13 or newer on PATH makes it run/);
    assert.match(out.hookSpecificOutput.additionalContext, /^continuity is not active in this session: its hooks cannot run on this machine/);
    assert.deepEqual(readdirSync(data).sort(), ['build-failed', 'build.log']);
  });

  test('a Node without SQLite built in (older than 22.13) counts as none: the reason names that Node', () => {
    const project = draftProject();
    const old = `${fakeNode('20.19.0')}:${pathWithoutNode(['curl', 'wget'])}`;
    const none = runLauncher(installedCopy(), ['hook', 'claude-code'], launcherEnv({ PATH: old, data: emptyData(), project }), sessionStart(project));
    assert.equal(none.entry, 'none');
    assert.match(json(none.stdout).systemMessage, /^continuity is not active: Node 20\.19\.0 on PATH has no SQLite built in \(22\.13 or newer has\) and the plugin's executable could not be built: neither curl nor wget/);
  });

  describe('nothing can run (no Node, no curl or wget, no package folder)', () => {
    const setup = (project: string) => launcherEnv({ PATH: pathWithoutNode(['curl', 'wget']), data: emptyData(), project });

    test('SessionStart tells the person and the model once, in JSON, with the reason and the fix; a start after compaction tells the model only', () => {
      const project = draftProject();
      const env = setup(project);
      const plugin = installedCopy();
      const r = runLauncher(plugin, ['hook', 'claude-code'], env, sessionStart(project));
      assert.equal(r.code, 0);
      assert.doesNotMatch(r.stderr, NO_STACK);
      const out = json(r.stdout);
      assert.equal(out.systemMessage, `continuity is not active: Node is not on PATH and the plugin's executable could not be built: neither curl nor wget is installed to download Bun ${executableFacts().BUN_VERSION}. Node 22.13 or newer on PATH makes it run; so does the plugin's executable, which a session start builds when curl or wget can fetch Bun ${executableFacts().BUN_VERSION} from the npm registry (or CONTINUITY_BUN_PACKAGE_DIR names a folder holding the oven-bun-PLATFORM-${executableFacts().BUN_VERSION}.tgz that npm pack writes).`);
      assert.equal(out.hookSpecificOutput.hookEventName, 'SessionStart');
      assert.match(out.hookSpecificOutput.additionalContext, /This project uses continuity, so calls that can write are denied and a stop is blocked once until it runs\.$/);
      assert.doesNotMatch(out.hookSpecificOutput.additionalContext, /\b(must|should|please|implement|proceed)\b/i);
      const again = json(runLauncher(plugin, ['hook', 'claude-code'], env, sessionStart(project, 'compact')).stdout);
      assert.equal(again.systemMessage, undefined);
      assert.equal(again.hookSpecificOutput.additionalContext, out.hookSpecificOutput.additionalContext);
    });

    test('in a project that uses continuity, a call that could write is denied and a stop is blocked once; reads, the prompt and the rest pass silently', () => {
      const project = draftProject();
      const env = setup(project);
      const plugin = installedCopy();
      const hookOf = (input: string) => runLauncher(plugin, ['hook', 'claude-code'], env, input);
      const write = hookOf(bashCall(project, 'ls'));
      assert.equal(write.code, 0);
      assert.equal(json(write.stdout).hookSpecificOutput.permissionDecision, 'deny');
      assert.match(json(write.stdout).hookSpecificOutput.permissionDecisionReason, /^continuity cannot run on this machine \(Node is not on PATH and the plugin's executable could not be built: .*\), so it cannot tell whether this call writes a guarded file; the call was not made\.$/);
      const agent = hookOf(payload(project, { hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_input: { prompt: 'look', description: 'd' } }));
      assert.deepEqual([agent.code, agent.stdout], [0, '']);
      const blocked = hookOf(stop(project));
      assert.equal(json(blocked.stdout).decision, 'block');
      assert.deepEqual([hookOf(stop(project, true)).stdout, hookOf(stop(project, true)).code], ['', 0]);
      for (const fields of [{ hook_event_name: 'UserPromptSubmit', prompt: 'approve' }, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {} }]) {
        const r = hookOf(payload(project, fields));
        assert.deepEqual([r.code, r.stdout, r.stderr.replace(/^continuity plugin entry: none\n/, '')], [0, '', '']);
      }
    });

    test('in a project without continuity, every call passes silently (the session start still says it is not active)', () => {
      const project = tempProject();
      const env = setup(project);
      const plugin = installedCopy();
      for (const input of [bashCall(project, 'echo x > f'), stop(project)]) {
        const r = runLauncher(plugin, ['hook', 'claude-code'], env, input);
        assert.deepEqual([r.code, r.stdout], [0, '']);
      }
      assert.match(json(runLauncher(plugin, ['hook', 'claude-code'], env, sessionStart(project)).stdout).systemMessage, /^continuity is not active: /);
    });

    test('the continuity command says in one line why it cannot run, exit 1', () => {
      const project = draftProject();
      const r = runLauncher(installedCopy(), ['status'], { ...setup(project), CONTINUITY_PLUGIN_WHICH: '' }, '', project);
      assert.equal(r.code, 1);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^continuity: compiling the plugin's executable for this machine \(once; Node is not on PATH\)\n[\s\S]*continuity cannot run here: Node is not on PATH and the plugin's executable is not built \(neither curl nor wget is installed to download Bun [\d.]+\)\. Node 22\.13 or newer on PATH makes it run/);
      assert.doesNotMatch(r.stderr, NO_STACK);
    });
  });
});

describe('the plugin launcher, with Node', () => {
  test('before the executable exists, Node answers with lib/cli/cli.cjs and the session start builds the executable in the background; the next call runs it', async () => {
    const project = draftProject();
    const data = emptyData();
    const env = launcherEnv({ PATH: NODE_PATH, data, project, extra: { CONTINUITY_BUN_PACKAGE_DIR: bunPackageDir() } });
    const plugin = installedCopy();
    const r = runLauncher(plugin, ['hook', 'claude-code'], env, sessionStart(project));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.entry, 'node');
    assert.match(r.stderr, new RegExp(`^continuity plugin entry: node ${plugin}/bin/\\.\\./lib/cli/cli\\.cjs$`, 'm'));
    assert.match(json(r.stdout).hookSpecificOutput.additionalContext, /plan p .* is a draft/);
    const deadline = Date.now() + 90_000;
    while (!existsSync(join(data, executableName())) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 250));
    assert.ok(existsSync(join(data, executableName())), readFileSync(join(data, 'build.log'), 'utf8'));
    while (existsSync(join(data, 'build.lock')) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    const next = runLauncher(plugin, ['hook', 'claude-code'], env, bashCall(project, 'ls'));
    assert.deepEqual([next.code, next.entry, next.stdout], [0, 'executable', '']);
  });

  test('CONTINUITY_PLUGIN_BUILD=off: Node answers and nothing is built', () => {
    const project = draftProject();
    const data = emptyData();
    const env = launcherEnv({ PATH: NODE_PATH, data, project, extra: { CONTINUITY_PLUGIN_BUILD: 'off' } });
    const r = runLauncher(installedCopy(), ['hook', 'claude-code'], env, sessionStart(project));
    assert.equal(r.entry, 'node');
    assert.match(json(r.stdout).hookSpecificOutput.additionalContext, /plan p/);
    assert.deepEqual(readdirSync(data), ['node-check']);
  });

  test('the executable, once there, is preferred to Node; CONTINUITY_PLUGIN_RUNTIME=node chooses Node', () => {
    const project = draftProject();
    const data = dataWithExecutable();
    const env = launcherEnv({ PATH: NODE_PATH, data, project });
    const plugin = installedCopy();
    assert.equal(runLauncher(plugin, ['hook', 'claude-code'], env, sessionStart(project)).entry, 'executable');
    assert.equal(runLauncher(plugin, ['hook', 'claude-code'], { ...env, CONTINUITY_PLUGIN_RUNTIME: 'node' }, sessionStart(project)).entry, 'node');
    // The command in Claude Code's shell has no CLAUDE_PLUGIN_DATA: it finds the executable the hooks built.
    const home = join(data, '..', 'home');
    const shellEnv = { ...env, CLAUDE_PLUGIN_DATA: '', HOME: home };
    mkdirSync(join(home, '.claude', 'plugins', 'data', 'continuity-continuity'), { recursive: true });
    linkSync(join(data, executableName()), join(home, '.claude', 'plugins', 'data', 'continuity-continuity', executableName()));
    const status = runLauncher(plugin, ['status', '--json'], shellEnv, '', project);
    assert.equal(status.code, 0, status.stderr);
    assert.equal(status.entry, 'executable');
    assert.match(status.stderr, new RegExp(`${home}/\\.claude/plugins/data/continuity-continuity/${executableName()}`));
    assert.equal(JSON.parse(status.stdout).plan.id, 'p');
  });

  test('continuity doctor, run from the plugin, names the entry its hooks use and times a call', () => {
    const project = draftProject();
    const plugin = installedCopy();
    for (const [data, kind, detail] of [
      [dataWithExecutable(), 'executable', /^the plugin's hooks run its executable, compiled for this machine \(.*continuity-[0-9a-f]{16}\): a SessionStart call answered in \d+ ms \(median of 3\)$/],
      [emptyData(), 'node', /^the plugin's hooks run Node with .*lib\/cli\/cli\.cjs: a SessionStart call answered in \d+ ms \(median of 3\); its executable is not built \(.*continuity-[0-9a-f]{16}\); a session start builds the executable in the background$/],
    ] as const) {
      const env = { ...launcherEnv({ PATH: NODE_PATH, data, project }), CONTINUITY_PLUGIN_WHICH: '' };
      const r = runLauncher(plugin, ['doctor', '--json'], env, '', project);
      const check = (JSON.parse(r.stdout) as { checks: { name: string; ok: boolean; detail: string; ms?: number }[] }).checks.find((c) => c.name === 'plugin');
      assert.ok(check, `${kind}: ${r.stdout}${r.stderr}`);
      assert.equal(check.ok, true, check.detail);
      assert.match(check.detail, detail);
      assert.equal(typeof check.ms, 'number');
    }
  });
});
