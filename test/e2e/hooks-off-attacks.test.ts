// Switching a client's hooks off, tried as an agent would where no wall
// stands: each attack executed for real between the Pre and Post hooks of a
// Codex or Gemini CLI shell call (payloads captured from the real clients,
// test/fixtures/agents/), in a throwaway project with a home of its own. And
// a process that outlives the call: refused where it shows in the command;
// where it does not (a script that forks), its change is seen and put back at
// the next moment continuity runs anywhere.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runAtTerminal, runCli, tempProject } from '../helpers/cli.js';

const PLAN = '# Plan\n\n## Tasks\n\n- [ ] 1. Parser\n- [ ] 2. Writer\n';
const fixture = (dir: string, name: string) => JSON.parse(readFileSync(new URL(`../fixtures/agents/${dir}/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const CODEX_CONFIG = 'model = "scripted"\n\n[projects."PROJECT"]\ntrust_level = "trusted"\n';
const GEMINI_SETTINGS = JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, ui: { theme: 'Default' } }, null, 2) + '\n';

interface Setup {
  dir: string;
  home: string;
  env: NodeJS.ProcessEnv;
}

/** A project initialised for `agent` with a draft plan, a home of its own holding the client's user settings, and a state home of its own. */
function setup(agent: 'codex' | 'gemini' | 'claude-code'): Setup {
  const home = mkdtempSync(join(tmpdir(), 'continuity-hooks-off-home-'));
  const env: NodeJS.ProcessEnv = { HOME: home, CONTINUITY_STATE_HOME: join(home, '.state'), CODEX_HOME: '', GEMINI_CLI_HOME: '', CLAUDE_CONFIG_DIR: '', GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(home, 'etc', 'gemini-cli', 'settings.json') };
  const dir = tempProject({ 'docs/plans/p.md': PLAN, '.continuity/config.json': JSON.stringify({ sandbox: { mode: 'off' } }), '.env': 'API_URL=http://127.0.0.1:1\n' });
  mkdirSync(join(home, '.codex'), { recursive: true });
  writeFileSync(join(home, '.codex', 'config.toml'), CODEX_CONFIG.replace('PROJECT', dir));
  mkdirSync(join(home, '.gemini'), { recursive: true });
  writeFileSync(join(home, '.gemini', 'settings.json'), GEMINI_SETTINGS);
  const init = runCli(['init', '--agent', agent, '--no-gitignore'], { cwd: dir, env });
  assert.equal(init.code, 0, init.stderr);
  assert.equal(runCli(['plan', 'import', 'docs/plans/p.md'], { cwd: dir, env }).code, 0);
  return { dir, home, env };
}

const base = (client: 'codex' | 'gemini', dir: string, name: string) => ({ ...fixture(client === 'codex' ? 'codex-0.169.0' : 'gemini-cli-0.61.0', name), cwd: dir, transcript_path: join(dir, 'transcript.jsonl') });

function agentHook(s: Setup, client: 'codex' | 'gemini', payload: Record<string, unknown>) {
  const r = runCli(['hook', client], { cwd: s.dir, input: JSON.stringify(payload), env: s.env });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, any>) : null;
}

/** A shell call of the client's, between its hooks: Pre, then the command run for real unless denied, then Post. */
function shellCall(s: Setup, client: 'codex' | 'gemini', command: string) {
  const [preName, postName] = client === 'codex' ? ['pre-tool-use-bash', 'post-tool-use-bash'] : ['before-tool-run-shell-command', 'after-tool-run-shell-command'];
  const input = client === 'codex' ? { command } : { command, description: 'Run a command' };
  const pre = agentHook(s, client, { ...base(client, s.dir, preName), tool_input: input });
  const denied = JSON.stringify(pre ?? {}).includes('deny');
  const ran = denied ? null : spawnSync('bash', ['-c', command], { cwd: s.dir, stdio: 'pipe', env: { ...process.env, ...s.env } }).status;
  const post = agentHook(s, client, { ...base(client, s.dir, postName), tool_input: input });
  return { pre, denied, ran, post };
}

const violations = (s: Setup) => (JSON.parse(runCli(['status', '--json'], { cwd: s.dir, env: s.env }).stdout) as { recentViolations: { kind: string; summary: string }[] }).recentViolations;
const read = (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : null);

test('Codex: `[features] hooks = false` appended to ~/.codex/config.toml from the shell is denied before it runs', () => {
  const s = setup('codex');
  const config = join(s.home, '.codex', 'config.toml');
  const before = read(config);
  const r = shellCall(s, 'codex', "printf '[features]\\nhooks = false\\n' >> ~/.codex/config.toml");
  assert.equal(r.denied, true);
  assert.match(JSON.stringify(r.pre), /\.codex\/config\.toml is guarded: it wires the agent's hooks/);
  assert.equal(read(config), before);
  assert.ok(violations(s).some((v) => v.kind === 'guarded_write_denied' && /config\.toml/.test(v.summary)));
});

test('Codex: the same through $CODEX_HOME, or a script, runs and is put back after the call; the rest of the person\'s file stays', () => {
  const s = setup('codex');
  const config = join(s.home, '.codex', 'config.toml');
  const env = { ...s.env, CODEX_HOME: join(s.home, '.codex') };
  const t = { ...s, env };
  // The person's own edit (a model) while no hook runs is theirs; the agent's switch is not.
  writeFileSync(config, read(config)!.replace('"scripted"', '"scripted-2"'));
  writeFileSync(join(s.dir, 'off.py'), "import os, glob\nfor p in glob.glob(os.path.expanduser('~/.co*x/conf*.toml')):\n  open(p, 'a').write('\\n[features]\\nhooks = false\\n')\n");
  const r = shellCall(t, 'codex', 'python3 off.py');
  assert.equal(r.denied, false);
  assert.equal(r.ran, 0);
  assert.match(JSON.stringify(r.post), /config\.toml \(content restored\)/);
  assert.equal(read(config), CODEX_CONFIG.replace('PROJECT', s.dir).replace('"scripted"', '"scripted-2"'));
});

test('Codex: an apply_patch adding .codex/config.toml with the hooks off is denied whole', () => {
  const s = setup('codex');
  const patch = '*** Begin Patch\n*** Add File: .codex/config.toml\n+[features]\n+hooks = false\n*** End Patch\n';
  const pre = agentHook(s, 'codex', { ...base('codex', s.dir, 'pre-tool-use-apply-patch'), tool_input: { command: patch } });
  assert.equal(pre?.hookSpecificOutput?.permissionDecision, 'deny');
  assert.match(String(pre?.hookSpecificOutput?.permissionDecisionReason), /\.codex\/config\.toml is guarded/);
  assert.equal(existsSync(join(s.dir, '.codex', 'config.toml')), false);
});

test('Gemini: a script that finds ~/.gemini/settings.json by a glob and sets hooksConfig.enabled false is put back after the call, its other keys kept', () => {
  const s = setup('gemini');
  const settings = join(s.home, '.gemini', 'settings.json');
  writeFileSync(join(s.dir, 'off.py'), "import json, glob, os\nfor p in glob.glob(os.path.expanduser('~/.g*/s*.json')):\n  d = json.load(open(p)); d['hooksConfig'] = {'enabled': False}; d['ui']['theme'] = 'Dark'; json.dump(d, open(p, 'w'))\n");
  const r = shellCall(s, 'gemini', 'python3 off.py');
  assert.equal(r.denied, false);
  assert.equal(r.ran, 0);
  // Only the switch is put back: the theme the script changed beside it is a setting of the person's own.
  assert.match(JSON.stringify(r.post), /\.gemini\/settings\.json \(hooksConfig\.enabled put back; the rest of the new version kept\)/);
  assert.equal(JSON.parse(read(settings)!).hooksConfig, undefined);
  assert.equal(JSON.parse(read(settings)!).ui.theme, 'Dark');
  assert.ok(violations(s).some((v) => v.kind === 'guarded_write_reverted' && /settings\.json/.test(v.summary)));
});

test('Gemini: an env file pointing the system settings elsewhere is put back to what it was, the project\'s own variables kept', () => {
  const s = setup('gemini');
  writeFileSync(join(s.dir, 'env.sh'), `f=.e; printf 'GEMINI_CLI_SYSTEM_SETTINGS_PATH=/tmp/x.json\\n' >> \${f}nv\n`);
  writeFileSync(join(s.dir, 'app.sh'), 'f=.e; printf "DEBUG=1\\n" >> ${f}nv\n');
  const r = shellCall(s, 'gemini', 'bash env.sh');
  assert.equal(r.denied, false);
  assert.match(JSON.stringify(r.post), /\.env \(GEMINI_CLI_SYSTEM_SETTINGS_PATH put back; the rest of the new version kept\)/);
  assert.equal(read(join(s.dir, '.env')), 'API_URL=http://127.0.0.1:1\n');
  // The agent's own variables are not what wires the hooks: they stay.
  const kept = shellCall(s, 'gemini', 'bash app.sh');
  assert.equal(JSON.stringify(kept.post ?? {}).includes('restored'), false);
  assert.equal(read(join(s.dir, '.env')), 'API_URL=http://127.0.0.1:1\nDEBUG=1\n');
});

test('a process that outlives the call is refused where it shows in the command (Codex, Gemini, and Claude Code without its sandbox)', () => {
  for (const client of ['codex', 'gemini'] as const) {
    const s = setup(client);
    for (const command of ["(sleep 2; printf '[features]\\nhooks = false\\n' >> .codex/config.toml) &", "nohup sh -c 'sleep 2; rm .gemini/settings.json' > /dev/null 2>&1", "sh -c 'sleep 2 && touch later.txt &'", 'setsid -f sleep 1', "echo 'touch x' | at now + 1 minute"]) {
      const r = shellCall(s, client, command);
      assert.equal(r.denied, true, `${client}: ${command}`);
      const reason = JSON.stringify(r.pre);
      assert.match(reason, /starts a process that outlives the tool call/, command);
      assert.match(reason, client === 'gemini' ? /is_background/ : /Codex keeps in its session/);
    }
    assert.ok(violations(s).some((v) => v.kind === 'detached_process_refused'));
    // Jobs waited for within the command, and `&&`, stay allowed.
    for (const command of ['sleep 0.1 & sleep 0.1 & wait', 'true && echo ok 2>&1']) assert.equal(shellCall(s, client, command).denied, false, command);
  }
  const s = setup('claude-code');
  const pre = hook(s.dir, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_bg', tool_input: { command: 'sleep 5 &' } }, { env: s.env });
  assert.match(pre.stdout, /"deny".*starts a process that outlives the tool call.*run_in_background/);
  // Claude Code's own background mechanism is not a shell construct: allowed.
  const own = hook(s.dir, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_bg2', tool_input: { command: 'npm run dev', run_in_background: true } }, { env: s.env });
  assert.equal(own.stdout.includes('deny'), false);
});

/**
 * A script the agent wrote: it forks a child of its own that, once the call has ended, writes `file` (no detaching
 * construct shows in the command). The child waits for `go` (made by the test once the call's last hook has
 * answered): on a busy machine a fixed delay could fall inside that hook, which would then see the write.
 */
function laterWriter(dir: string, file: string, content: string): () => void {
  const go = join(dir, '.go-later');
  const body = `const fs = require('fs'); const path = require('path'); const t = setInterval(() => { if (!fs.existsSync(${JSON.stringify(go)})) return; clearInterval(t); fs.mkdirSync(path.dirname(${JSON.stringify(file)}), { recursive: true }); fs.writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(content)}); }, 50); setTimeout(() => process.exit(0), 60000);`;
  writeFileSync(join(dir, 'later.js'), `const { spawn } = require('child_process');\nspawn(process.execPath, ['-e', ${JSON.stringify(body)}], { detached: true, stdio: 'ignore' }).unref();\n`);
  return () => writeFileSync(go, '');
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(check(), 'the later write happened');
}

test('a script\'s detached child that empties .codex/hooks.json after the last hook: the next hook of another client puts it back and says so', async () => {
  const s = setup('codex');
  assert.equal(runCli(['init', '--agent', 'gemini', '--no-gitignore'], { cwd: s.dir, env: s.env }).code, 0);
  const hooksJson = join(s.dir, '.codex', 'hooks.json');
  const wired = read(hooksJson)!;
  const go = laterWriter(s.dir, hooksJson, '{"hooks":{}}\n');
  const r = shellCall(s, 'codex', 'node later.js');
  assert.equal(r.denied, false);
  go();
  await waitFor(() => read(hooksJson) !== wired);
  // The next Codex session would run no hook: the next Gemini hook is where continuity runs.
  const next = agentHook(s, 'gemini', base('gemini', s.dir, 'session-start'));
  assert.match(String(next?.systemMessage), /changed outside any hook that could see it.*\.codex\/hooks\.json \(content restored\)/);
  assert.equal(read(hooksJson), wired);
  assert.equal(violations(s).filter((v) => v.kind === 'hook_wiring_restored').length, 1);
});

test('the same for ~/.gemini/settings.json and .claude/settings.local.json: doctor fails with the fix, any continuity command puts it back, the next hook tells the person', async () => {
  for (const [agent, target, content, words] of [
    ['gemini', '.gemini/settings.json@home', '{"hooksConfig":{"enabled":false}}\n', /\.gemini\/settings\.json \((?:content restored|changed)\)/],
    ['claude-code', '.claude/settings.local.json', '{"disableAllHooks":true}\n', /\.claude\/settings\.local\.json \((?:created; removed|created)\)/],
  ] as const) {
    const s = setup(agent);
    const file = target.endsWith('@home') ? join(s.home, target.replace('@home', '')) : join(s.dir, target);
    const was = read(file);
    const go = laterWriter(s.dir, file, content);
    assert.equal(spawnSync('node', ['later.js'], { cwd: s.dir }).status, 0);
    go();
    await waitFor(() => read(file) !== was);
    const doctor = runCli(['doctor', '--json'], { cwd: s.dir, env: s.env });
    const wiring = (JSON.parse(doctor.stdout) as { checks: { name: string; ok: boolean; detail: string; fix?: string }[] }).checks.find((c) => c.name === 'wiring')!;
    assert.equal(wiring.ok, false, agent);
    assert.match(wiring.detail, words);
    assert.match(String(wiring.fix), /`continuity config accept` keeps it/);
    const status = runCli(['status'], { cwd: s.dir, env: s.env });
    assert.equal(status.code, 0);
    assert.match(status.stderr, /changed outside any hook that could see it/);
    assert.equal(read(file), was, agent);
    // Said to the person at the next hook, once; recorded once.
    const next = agent === 'gemini' ? JSON.stringify(agentHook(s, 'gemini', base('gemini', s.dir, 'session-start'))) : hook(s.dir, { hook_event_name: 'UserPromptSubmit', prompt: 'go on' }, { env: s.env }).stdout;
    assert.match(next, /changed outside any hook that could see it/);
    assert.equal(violations(s).filter((v) => v.kind === 'hook_wiring_restored').length, 1);
    assert.equal(runCli(['doctor', '--json'], { cwd: s.dir, env: s.env }).stdout.includes('"name": "wiring",\n      "ok": false'), false);
  }
});

test('a person\'s own switch, kept with `continuity config accept`, is not put back', () => {
  const s = setup('gemini');
  const settings = join(s.home, '.gemini', 'settings.json');
  writeFileSync(settings, JSON.stringify({ ...JSON.parse(GEMINI_SETTINGS), hooksConfig: { enabled: false } }));
  const accept = runAtTerminal(['config', 'accept'], { cwd: s.dir, env: s.env });
  assert.equal(accept.code, 0, accept.stderr);
  const status = runCli(['status'], { cwd: s.dir, env: s.env });
  assert.doesNotMatch(status.stderr, /changed outside/);
  assert.equal(JSON.parse(read(settings)!).hooksConfig.enabled, false);
});

test('with Claude Code\'s sandbox up (the wall), a job left running is not refused: whatever it writes later, the kernel refuses', () => {
  const home = mkdtempSync(join(tmpdir(), 'continuity-hooks-off-home-'));
  const env: NodeJS.ProcessEnv = { HOME: home, CONTINUITY_STATE_HOME: join(home, '.state') };
  const dir = tempProject({ 'docs/plans/p.md': PLAN });
  assert.equal(runCli(['init', '--no-gitignore'], { cwd: dir, env }).code, 0);
  const status = JSON.parse(runCli(['status', '--json'], { cwd: dir, env }).stdout) as { guard?: { level?: string } };
  const walled = JSON.stringify(status).includes('"structural"');
  const pre = hook(dir, { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'toolu_bg', tool_input: { command: 'sleep 5 &' } }, { env });
  // Where this machine cannot raise the wall (no bubblewrap), the hooks are the only layer and the job is refused.
  assert.equal(pre.stdout.includes('"deny"'), !walled, pre.stdout);
});

test('the file tools: Gemini CLI\'s write_file to ~/.gemini/settings.json or the system settings, and Claude Code\'s Write to ~/.codex/config.toml, are denied before they run', () => {
  const s = setup('gemini');
  for (const file of [join(s.home, '.gemini', 'settings.json'), join(s.home, '.gemini', 'trustedFolders.json'), join(s.home, 'etc', 'gemini-cli', 'settings.json')]) {
    const pre = agentHook(s, 'gemini', { ...base('gemini', s.dir, 'before-tool-write-file'), tool_input: { file_path: file, content: '{"hooksConfig":{"enabled":false}}' } });
    // Gemini CLI's own answer shape: a decision and its reason.
    assert.equal(pre?.decision, 'deny', file);
    assert.match(String(pre?.reason), /is guarded: it wires the agent's hooks/);
  }
  const c = setup('claude-code');
  const pre = hook(c.dir, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 'toolu_w', tool_input: { file_path: join(c.home, '.codex', 'config.toml'), content: '[features]\nhooks = false\n' } }, { env: c.env });
  assert.match(pre.stdout, /"deny".*config\.toml is guarded/);
});
