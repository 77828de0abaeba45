import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'jsonc-parser';
import * as v from 'valibot';
import { parseConfig } from '../../src/config/load.js';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';
import { CLAUDE_CODE_WIRING } from '../../src/install/targets/claude-code.js';
import { CLI, hook, NO_STACK, NODE, payload, REPO_ROOT, runCli, tempProject, type CliResult } from '../helpers/cli.js';
import { HooksConfig } from '../helpers/claude-code-schema.js';

const SETTINGS = '.claude/settings.json';
const COMPILED = join(REPO_ROOT, 'dist', 'bin', 'continuity');
const BACKUP = '.claude/settings.json.continuity-backup';

function init(project: string, args: string[] = [], env?: NodeJS.ProcessEnv): CliResult {
  return runCli(['init', ...args], { cwd: project, env });
}

/** A home of its own: init lists the person's git files that exist there. */
function home(files: Record<string, string> = {}): string {
  const dir = tempProject(files);
  rmSync(join(dir, '.git'), { recursive: true });
  return dir;
}

function ok(r: CliResult): CliResult {
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  return r;
}

const text = (project: string, path: string) => readFileSync(join(project, path), 'utf8');

type Handler = { type: string; command: string; args: string[] };
function handlers(settingsText: string): Record<string, Handler[]> {
  const settings = parse(settingsText) as { hooks: Record<string, { hooks: Handler[] }[]> };
  return Object.fromEntries(Object.entries(settings.hooks).map(([event, groups]) => [event, groups.flatMap((g) => g.hooks)]));
}

const PLAN_PATH = 'docs/plans/p.md';
const PLAN = '# Plan\n\n### Task 1: First\n\nDo it.\n\n### Task 2: Second\n\nDo more.\n';
const OWN_SETTINGS = `{
  // the team's settings
  "permissions": {"allow": ["Bash(npm test)"]},
  "hooks": {
    "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ]
  }
}
`;

describe('init', () => {
  test('a fresh project: settings wiring every event, a commented config that loads, and a hook command that runs', async () => {
    const project = tempProject({ [PLAN_PATH]: PLAN });
    const r = ok(init(project));
    assert.match(r.stdout, /^created \.claude\/settings\.json \(/m);
    assert.match(r.stdout, /^created \.continuity\/config\.json \(/m);
    assert.match(r.stdout, /^continuity is installed for Claude Code in /m);

    const settings = text(project, SETTINGS);
    assert.ok(v.is(HooksConfig, (parse(settings) as { hooks: unknown }).hooks));
    const wired = handlers(settings);
    assert.deepEqual(Object.keys(wired), CLAUDE_CODE_WIRING.map((w) => w.event));
    const command = wired.SessionStart![0]!;
    // The build compiles dist/bin/continuity; init prefers it to Node with dist/cli.cjs.
    assert.ok(existsSync(COMPILED), `${COMPILED} is built by npm run build`);
    assert.deepEqual(command, { type: 'command', command: COMPILED, args: ['hook', 'claude-code'], timeout: 30 });

    // The config is continuity's own defaults, read by continuity's own loader, and by the CLI.
    assert.deepEqual(await parseConfig(text(project, '.continuity/config.json')), DEFAULT_CONFIG);
    ok(runCli(['plan', 'import', PLAN_PATH], { cwd: project }));
    // What Claude Code would run, run the way it runs it: exec form, a payload on stdin.
    const started = spawnSync(command.command === 'node' ? NODE : command.command, command.args, {
      input: payload(project, { hook_event_name: 'SessionStart', source: 'startup' }),
      encoding: 'utf8',
      env: { ...process.env, CLAUDE_PROJECT_DIR: project },
    });
    assert.equal(started.status, 0, started.stderr);
    assert.match(JSON.parse(started.stdout).hookSpecificOutput.additionalContext, /is a draft/);
  });

  test('init twice: the second run changes nothing, byte for byte, and says it is already installed', () => {
    const project = tempProject({ [SETTINGS]: OWN_SETTINGS });
    ok(init(project));
    const before = { settings: text(project, SETTINGS), config: text(project, '.continuity/config.json'), files: readdirSync(join(project, '.claude')).sort() };
    const again = ok(init(project));
    assert.match(again.stdout, /^unchanged \.claude\/settings\.json \(already installed\)$/m);
    assert.match(again.stdout, /^continuity is already installed for Claude Code in /m);
    assert.doesNotMatch(again.stdout, /^(created|changed) /m);
    assert.equal(text(project, SETTINGS), before.settings);
    assert.equal(text(project, '.continuity/config.json'), before.config);
    assert.deepEqual(readdirSync(join(project, '.claude')).sort(), before.files);
  });

  test("the person's settings are backed up, kept and merged; --uninstall gives them back byte for byte", () => {
    const project = tempProject({ [SETTINGS]: OWN_SETTINGS });
    const r = ok(init(project));
    assert.match(r.stdout, /^created \.claude\/settings\.json\.continuity-backup \(backup of \.claude\/settings\.json as it was\)$/m);
    assert.match(r.stdout, /^changed \.claude\/settings\.json \(/m);
    assert.equal(text(project, BACKUP), OWN_SETTINGS);
    const settings = text(project, SETTINGS);
    // The person's lines stay; the wall's permission rules join their permissions.
    assert.ok(settings.startsWith('{\n  // the team\'s settings\n  "permissions": {"allow": ["Bash(npm test)"],'), settings);
    assert.ok(handlers(settings).Stop);
    assert.equal((parse(settings) as { sandbox: { enabled: boolean } }).sandbox.enabled, true);
    assert.deepEqual(handlers(settings).Stop![0], { type: 'command', command: 'say done' });
    assert.equal(handlers(settings).Stop!.length, 2);

    const u = ok(init(project, ['--uninstall']));
    assert.match(u.stdout, /^restored \.claude\/settings\.json \(/m);
    assert.equal(text(project, SETTINGS), OWN_SETTINGS);
    assert.equal(existsSync(join(project, BACKUP)), false);
    assert.ok(existsSync(join(project, '.continuity', 'config.json')), '.continuity/ is kept');
  });

  test('--uninstall after the person edited the file takes out only continuity\'s hooks', () => {
    const project = tempProject({ [SETTINGS]: OWN_SETTINGS });
    ok(init(project));
    const edited = text(project, SETTINGS).replace('{"allow": ["Bash(npm test)"],', '{"allow": ["Bash(npm test)", "Bash(npm run lint)"],');
    assert.notEqual(edited, text(project, SETTINGS));
    writeFileSync(join(project, SETTINGS), edited);
    const u = ok(init(project, ['--uninstall']));
    assert.match(u.stdout, /^changed \.claude\/settings\.json \(continuity's hooks and the wall taken out\)$/m);
    assert.match(u.stdout, /^kept \.claude\/settings\.json\.continuity-backup \(an earlier backup\)$/m);
    assert.equal(text(project, SETTINGS), OWN_SETTINGS.replace('["Bash(npm test)"]', '["Bash(npm test)", "Bash(npm run lint)"]'));
  });

  test('a later change keeps the first backup and writes the next one beside it', () => {
    const project = tempProject({ [SETTINGS]: OWN_SETTINGS });
    ok(init(project));
    const edited = text(project, SETTINGS).replace('"timeout": 30', '"timeout": 5');
    writeFileSync(join(project, SETTINGS), edited);
    const r = ok(init(project));
    assert.match(r.stdout, /^created \.claude\/settings\.json\.continuity-backup-2 \(backup of \.claude\/settings\.json as it was\)$/m);
    assert.equal(text(project, BACKUP), OWN_SETTINGS);
    assert.equal(text(project, `${BACKUP}-2`), edited);
    assert.doesNotMatch(text(project, SETTINGS), /"timeout": 5/);
  });

  test('a settings file init created is removed again by --uninstall, with its folder', () => {
    const project = tempProject();
    ok(init(project));
    const u = ok(init(project, ['--uninstall']));
    assert.match(u.stdout, /^removed \.claude\/settings\.json \(init had created it and nothing else is in it\)$/m);
    assert.equal(existsSync(join(project, '.claude')), false);
    const again = ok(init(project, ['--uninstall']));
    assert.match(again.stdout, /^unchanged \.claude\/settings\.json \(there is no such file\)$/m);
    assert.match(again.stdout, /were not installed in/);
  });

  for (const [what, bad] of [
    ['not JSON', '{ "hooks": { "Stop": [ }'],
    ['hooks of the wrong shape', '{ "hooks": { "Stop": { "command": "say done" } } }'],
  ] as const) {
    test(`invalid settings (${what}): exit 4, one line, the file untouched, nothing created`, () => {
      const project = tempProject({ [SETTINGS]: bad });
      for (const args of [[], ['--uninstall']]) {
        const r = init(project, args);
        assert.equal(r.code, 4);
        assert.equal(r.stdout, '');
        assert.match(r.stderr, /^continuity: init: \.claude\/settings\.json is not valid settings \(.+\); it was left untouched\n$/);
        assert.doesNotMatch(r.stderr, NO_STACK);
        assert.equal(text(project, SETTINGS), bad);
        assert.equal(existsSync(join(project, '.continuity')), false);
        assert.equal(existsSync(join(project, BACKUP)), false);
      }
    });
  }

  test('continuity already wired by hand (shell form) is pointed out: each call would run twice', () => {
    const byHand = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `node ${CLI} hook claude-code` }] }] } }, null, 2);
    const project = tempProject({ [SETTINGS]: byHand });
    const r = ok(init(project));
    assert.match(r.stdout, new RegExp(`^note \\.claude/settings\\.json \\(it also runs continuity as "node ${CLI.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} hook claude-code", an entry init did not write: each hook call then runs twice; remove that entry\\)$`, 'm'));
  });

  test('an existing config is never overwritten', () => {
    const mine = '{ "stopGate": { "maxConsecutiveBlocks": 5 } }\n';
    const project = tempProject({ '.continuity/config.json': mine });
    const r = ok(init(project));
    assert.match(r.stdout, /^unchanged \.continuity\/config\.json \(kept as it is\)$/m);
    assert.equal(text(project, '.continuity/config.json'), mine);
  });

  test('in a project that already has a ledger, the new config is authorised: the hooks do not put it back', () => {
    const project = tempProject({ [PLAN_PATH]: PLAN });
    ok(runCli(['plan', 'import', PLAN_PATH], { cwd: project }));
    ok(init(project));
    const after = hook(project, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 't1', tool_input: { command: 'ls' }, tool_response: { stdout: '' } });
    assert.equal(after.code, 0, after.stderr);
    assert.equal(after.stdout, '');
    assert.ok(existsSync(join(project, '.continuity', 'config.json')));
  });

  test('--dry-run says what would change and writes nothing', () => {
    const project = tempProject({ [SETTINGS]: OWN_SETTINGS });
    const r = ok(init(project, ['--dry-run', '--gitignore']));
    assert.match(r.stdout, /^would create \.claude\/settings\.json\.continuity-backup /m);
    assert.match(r.stdout, /^would change \.claude\/settings\.json /m);
    assert.match(r.stdout, /^would create \.continuity\/config\.json /m);
    assert.match(r.stdout, /^would create \.gitignore \(added \.continuity\/\)$/m);
    assert.match(r.stdout, /^dry run: nothing was written\.$/m);
    assert.equal(text(project, SETTINGS), OWN_SETTINGS);
    assert.deepEqual(readdirSync(project).sort(), ['.claude', '.git']);
    assert.deepEqual(readdirSync(join(project, '.claude')), ['settings.json']);
  });

  for (const agent of ['codex', 'gemini', 'cursor'] as const) {
    test(`--agent ${agent}: wires that agent's settings once, and --uninstall takes out the file it created`, () => {
      const project = tempProject();
      const first = ok(init(project, ['--agent', agent, '--no-gitignore']));
      const file = first.stdout.match(/^created (\S+) \(/m)?.[1];
      assert.ok(file && !file.startsWith('.continuity'), first.stdout);
      const wired = text(project, file);
      assert.match(wired, new RegExp(`hook ${agent}`));
      ok(init(project, ['--agent', agent, '--no-gitignore']));
      assert.equal(text(project, file), wired, 'a second run changes nothing');
      ok(init(project, ['--agent', agent, '--uninstall']));
      assert.equal(existsSync(join(project, file)), false);
    });
  }

  test("--agent codex: the wall goes into .codex/config.toml beside the person's own settings, and --uninstall gives their bytes back", () => {
    const own = 'model = "o3"\r\n\r\n[projects."/elsewhere"]\r\ntrust_level = "trusted"\r\n';
    const project = tempProject({ '.codex/config.toml': own, '.continuity/config.json': '{ "protect": ["secret.txt", "*.pem"] }\n' });
    // A home without git files of the person's (they would be listed after ~/.codex).
    const env = { HOME: home() };
    const r = ok(init(project, ['--agent', 'codex', '--no-gitignore'], env));
    assert.match(r.stdout, /^changed \.codex\/config\.toml \(the wall: Codex's sandbox with the permission profile "continuity" \(\.continuity, \.codex, secret\.txt, ~\/\.codex read-only/m);
    assert.match(r.stdout, /^note \.codex\/config\.toml \(protect entry \*\.pem is a glob Codex's sandbox cannot keep read-only/m);
    const walled = text(project, '.codex/config.toml');
    assert.match(walled, /^default_permissions = "continuity"\r$/m);
    assert.match(walled, /"secret\.txt" = "read"/);
    assert.ok(walled.endsWith(own));
    assert.match(ok(init(project, ['--agent', 'codex', '--no-gitignore'], env)).stdout, /^unchanged \.codex\/config\.toml \(the wall is already in it\)$/m);
    const u = ok(init(project, ['--agent', 'codex', '--uninstall'], env));
    assert.match(u.stdout, /^changed \.codex\/config\.toml \(the wall taken out; the rest is as it was\)$/m);
    assert.equal(text(project, '.codex/config.toml'), own);
    assert.equal(existsSync(join(project, '.codex', 'hooks.json')), false);

    // Created by init alone: the folder goes with it.
    const fresh = tempProject();
    ok(init(fresh, ['--agent', 'codex', '--no-gitignore']));
    ok(init(fresh, ['--agent', 'codex', '--uninstall']));
    assert.equal(existsSync(join(fresh, '.codex')), false);
  });

  test('--agent codex: a project config with sandbox_mode (Codex would ignore the profile) is refused, exit 4, nothing written', () => {
    const own = 'sandbox_mode = "workspace-write"\n';
    const project = tempProject({ '.codex/config.toml': own });
    const r = init(project, ['--agent', 'codex', '--no-gitignore']);
    assert.equal(r.code, 4, r.stdout);
    assert.match(r.stderr, /^continuity: init: \.codex\/config\.toml: it sets sandbox_mode \(line 1\), which makes Codex ignore the permission profile the wall is; remove that, or set sandbox\.mode to "off" in \.continuity\/config\.json; nothing was written\n$/);
    assert.equal(text(project, '.codex/config.toml'), own);
    assert.deepEqual(readdirSync(join(project, '.codex')), ['config.toml']);
    assert.equal(existsSync(join(project, '.continuity')), false);
    // sandbox.mode off: no wall, the hooks alone.
    writeFileSync(join(project, '.codex', 'config.toml'), own);
    const off = tempProject({ '.continuity/config.json': '{ "sandbox": { "mode": "off" } }\n' });
    ok(init(off, ['--agent', 'codex', '--no-gitignore']));
    assert.equal(existsSync(join(off, '.codex', 'config.toml')), false);
  });

  test('--agent with a list wires each client in one step, as each alone would; each comes out alone, and the recovery copy stays while a client is wired', () => {
    const files = { claude: SETTINGS, codex: '.codex/hooks.json', gemini: '.gemini/settings.json', cursor: '.cursor/hooks.json' };
    // What one client's init writes, in a project of its own.
    const alone: Record<string, string> = {};
    for (const [agent, file] of [['claude-code', files.claude], ['codex', files.codex], ['gemini', files.gemini], ['cursor', files.cursor]] as const) {
      const single = tempProject();
      ok(init(single, ['--agent', agent, '--no-gitignore']));
      alone[agent] = text(single, file);
    }
    const project = tempProject({ [PLAN_PATH]: PLAN });
    const first = ok(init(project, ['--agent', 'claude-code, codex,gemini,cursor,codex', '--no-gitignore']));
    assert.match(first.stdout, /^continuity is installed for Claude Code, Codex, Gemini CLI, Cursor in /m);
    assert.equal(text(project, files.claude), alone['claude-code']);
    assert.equal(text(project, files.codex), alone.codex);
    assert.equal(text(project, files.gemini), alone.gemini);
    assert.equal(text(project, files.cursor), alone.cursor);
    assert.equal(existsSync(join(project, '.codex', 'config.toml')), true, "Codex's wall comes with its hooks");
    assert.match(ok(init(project, ['--agent', 'cursor,claude-code,gemini,codex', '--no-gitignore'])).stdout, /^continuity is already installed for Cursor, Claude Code, Gemini CLI, Codex in /m);
    ok(runCli(['plan', 'import', PLAN_PATH], { cwd: project }));

    // One client out: only its files go; the others stay wired, and so does what guards them.
    const out = ok(init(project, ['--agent', 'codex', '--uninstall']));
    assert.equal(existsSync(join(project, '.codex')), false);
    assert.equal(text(project, files.gemini), alone.gemini);
    assert.match(out.stdout, /^kept \S+ \(the ledger's recovery copy and the record that continuity guards this project stay: continuity still runs for Claude Code, Gemini CLI, Cursor\)$/m);
    assert.doesNotMatch(out.stdout, /^removed .*recovery copy/m);

    // The rest in one step.
    const rest = ok(init(project, ['--agent', 'claude-code,gemini,cursor', '--uninstall']));
    for (const file of [files.claude, files.gemini, files.cursor]) assert.equal(existsSync(join(project, file)), false, file);
    assert.match(rest.stdout, /^removed \S+ \(the ledger's recovery copy\)$/m);
    assert.match(rest.stdout, /^continuity's hooks for Claude Code, Gemini CLI, Cursor are removed from /m);
  });

  test('--agent with a list: one settings file that cannot be read stops init before any file is written', () => {
    const project = tempProject({ '.gemini/settings.json': '{ "hooks": [] }' });
    const r = init(project, ['--agent', 'claude-code,codex,gemini', '--no-gitignore']);
    assert.equal(r.code, 4, r.stdout);
    assert.match(r.stderr, /^continuity: init: \.gemini\/settings\.json is not valid settings \("hooks" is not an object\); it was left untouched\n$/);
    assert.deepEqual(readdirSync(project).sort(), ['.gemini', '.git']);
  });

  test('--uninstall with a list: one settings file that cannot be read leaves every file as it was', () => {
    const project = tempProject();
    ok(init(project, ['--agent', 'claude-code,cursor', '--no-gitignore']));
    const claude = text(project, SETTINGS);
    writeFileSync(join(project, '.cursor', 'hooks.json'), '{ "version": 2, "hooks": {} }');
    const r = init(project, ['--agent', 'claude-code,cursor', '--uninstall']);
    assert.equal(r.code, 4, r.stdout);
    assert.match(r.stderr, /^continuity: init: \.cursor\/hooks\.json is not valid settings \("version" is 2; continuity writes version 1 hooks\); it was left untouched\n$/);
    assert.equal(text(project, SETTINGS), claude);
  });

  test('unknown agents and contradicting flags: exit 2, one line', () => {
    const project = tempProject();
    const cases: [string[], RegExp][] = [
      [['--agent', 'vim'], /^continuity: init: unknown agent "vim" \(known: claude-code, codex, gemini, cursor, pi, copilot, opencode, openclaw\)\n$/],
      [['--agent', 'codex,vim'], /^continuity: init: unknown agent "vim" \(known: claude-code, codex, gemini, cursor, pi, copilot, opencode, openclaw\)\n$/],
      [['--agent', 'codex,,gemini'], /^continuity: init: --agent takes agent names separated by commas \(known: claude-code, codex, gemini, cursor, pi, copilot, opencode, openclaw\), not "codex,,gemini"\n$/],
      [['--gitignore', '--no-gitignore'], /^continuity: init: --gitignore and --no-gitignore contradict each other\n$/],
    ];
    for (const [args, message] of cases) {
      const r = init(project, args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message);
    }
    assert.deepEqual(readdirSync(project), ['.git']);
  });
});

describe('init and .gitignore', () => {
  test('--gitignore adds .continuity/ once, after what is there', () => {
    const project = tempProject({ '.gitignore': 'node_modules/' });
    assert.match(ok(init(project, ['--gitignore'])).stdout, /^changed \.gitignore \(added \.continuity\/\)$/m);
    assert.match(ok(init(project, ['--gitignore'])).stdout, /^unchanged \.gitignore \(it already ignores \.continuity\/\)$/m);
    assert.equal(text(project, '.gitignore'), 'node_modules/\n.continuity/\n');
  });

  test('--no-gitignore leaves it alone', () => {
    const project = tempProject({ '.gitignore': 'node_modules/\n' });
    assert.match(ok(init(project, ['--no-gitignore'])).stdout, /^unchanged \.gitignore \(--no-gitignore\)$/m);
    assert.equal(text(project, '.gitignore'), 'node_modules/\n');
  });

  test('without a terminal nothing is asked or changed, and the output says so', () => {
    const project = tempProject();
    assert.match(ok(init(project)).stdout, /^unchanged \.gitignore \(no terminal to ask; --gitignore adds \.continuity\/\)$/m);
    assert.equal(existsSync(join(project, '.gitignore')), false);
  });

  for (const [answer, added] of [['y', true], ['', false]] as const) {
    test(`on a terminal the person is asked; "${answer}" ${added ? 'adds' : 'does not add'} the line`, async () => {
      const project = tempProject();
      const r = await onTerminal(project, ['init'], 'Add .continuity/ to .gitignore? [y/N]', `${answer}\n`);
      assert.equal(r.code, 0, r.output);
      assert.match(r.output, added ? /created \.gitignore \(added \.continuity\/\)/ : /unchanged \.gitignore \(answered no\)/);
      assert.equal(existsSync(join(project, '.gitignore')), added);
    });
  }
});

/** Runs the CLI on a pseudo-terminal (util-linux `script`), answering `prompt` with `answer` once it is shown. */
function onTerminal(cwd: string, args: string[], prompt: string, answer: string): Promise<{ code: number; output: string }> {
  const line = [NODE, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolvePromise, reject) => {
    const env = { ...process.env };
    delete env.CLAUDE_PROJECT_DIR;
    const child = spawn('script', ['-q', '-e', '-c', line, '/dev/null'], { cwd, env });
    let output = '';
    let answered = false;
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (!answered && output.includes(prompt)) {
        answered = true;
        child.stdin.write(answer);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, output }));
  });
}

describe('init: the wall (Claude Code\'s sandbox)', () => {
  const wallOf = (project: string) => parse(text(project, SETTINGS)) as { sandbox?: Record<string, any>; permissions?: { deny?: string[] } };

  test('init turns the sandbox on with continuity\'s state and hook wiring read-only, and says so; the record of it is kept in .continuity/', () => {
    const project = tempProject();
    // A home without git files of the person's (the next test has them).
    const r = ok(init(project, ['--no-gitignore'], { HOME: home() }));
    assert.match(r.stdout, /^changed \.claude\/settings\.json \(the wall: Claude Code's sandbox on, refusing to start without it, no unsandboxed fallback; \.\/\.continuity, .*\.\/\.git\/hooks, \.\/\.git\/config, \.\/\.git\/config\.worktree, \.\/\.git\/info\/attributes read-only to the agent's commands; 10 permission rules/m);
    const s = wallOf(project);
    assert.equal(s.sandbox!.enabled, true);
    assert.equal(s.sandbox!.failIfUnavailable, true);
    assert.equal(s.sandbox!.allowUnsandboxedCommands, false);
    assert.deepEqual(s.sandbox!.filesystem.allowWrite, ['./.claude']);
    assert.deepEqual(s.sandbox!.filesystem.denyWrite, ['./.continuity', './.claude/settings.json', './.claude/settings.local.json', '~/.claude/settings.json', '~/.claude/plugins', './.git/hooks', './.git/config', './.git/config.worktree', './.git/info/attributes']);
    assert.ok(s.permissions!.deny!.includes('Edit(/.git/hooks/**)') && s.permissions!.deny!.includes('Edit(/.git/config)'));
    assert.ok(s.permissions!.deny!.includes('Edit(/.continuity/**)'));
    assert.ok(existsSync(join(project, '.continuity', 'init-record.json')));
    ok(init(project, ['--uninstall']));
    assert.equal(existsSync(join(project, SETTINGS)), false, 'the file init created is gone');
    assert.equal(existsSync(join(project, '.continuity', 'init-record.json')), false);
  });

  test("the person's git config files that exist (~/.gitconfig, ~/.config/git/config, a GIT_CONFIG_GLOBAL file elsewhere) join the sandbox's denyWrite and the file tools' rules, and Codex's profile; --uninstall gives the bytes back", () => {
    const project = tempProject({ [SETTINGS]: '{\n  // the person\'s own\n  "model": "opus"\n}\n', '.codex/config.toml': 'model = "o3"\n' });
    const elsewhere = home({ 'global.conf': '[user]\n\tname = p\n' });
    const env = { HOME: home({ '.gitconfig': '[user]\n\tname = p\n', '.config/git/config': '[core]\n\tpager = less\n', '.bashrc': '' }), GIT_CONFIG_GLOBAL: join(elsewhere, 'global.conf'), XDG_CONFIG_HOME: undefined };
    const before = { settings: text(project, SETTINGS), codex: text(project, '.codex/config.toml') };
    ok(init(project, ['--agent', 'claude-code,codex', '--no-gitignore'], env));
    const s = wallOf(project);
    const denyWrite = s.sandbox!.filesystem.denyWrite as string[];
    for (const p of ['~/.gitconfig', '~/.config/git/config', `/${elsewhere}/global.conf`]) {
      assert.ok(denyWrite.includes(p), `${p} in ${denyWrite.join(', ')}`);
      assert.ok(s.permissions!.deny!.includes(`Edit(${p})`), p);
    }
    // Missing ones are not listed; the shell's start-up files Claude Code's sandbox denies on its own.
    assert.ok(!denyWrite.includes('~/.config/git/attributes') && !denyWrite.includes('~/.bashrc'));
    const codex = text(project, '.codex/config.toml');
    assert.match(codex, /^permissions\.continuity\.filesystem\."~\/\.gitconfig" = "read"$/m);
    assert.match(codex, /^permissions\.continuity\.filesystem\."~\/\.config\/git\/config" = "read"$/m);
    ok(init(project, ['--agent', 'claude-code,codex', '--uninstall'], env));
    assert.equal(text(project, SETTINGS), before.settings);
    assert.equal(text(project, '.codex/config.toml'), before.codex);
  });

  test('the config decides: its protect list joins the wall, and init again follows a change of it', () => {
    const project = tempProject({ '.continuity/config.json': JSON.stringify({ protect: ['migrations/**'] }) });
    ok(init(project, ['--no-gitignore']));
    assert.ok(wallOf(project).sandbox!.filesystem.denyWrite.includes('./migrations/**'));
    assert.ok(wallOf(project).permissions!.deny!.includes('Edit(/migrations/**)'));
    writeFileSync(join(project, '.continuity/config.json'), JSON.stringify({ protect: ['secrets/*.key'] }));
    const again = ok(init(project, ['--no-gitignore']));
    assert.match(again.stdout, /^note \.claude\/settings\.json \(sandbox\.filesystem\.denyWrite: "\.\/migrations\/\*\*" taken out\)$/m);
    const deny = wallOf(project).sandbox!.filesystem.denyWrite as string[];
    assert.ok(deny.includes('./secrets/*.key') && !deny.includes('./migrations/**'));
  });

  test('sandbox.mode "off" leaves the sandbox alone and keeps the file tools\' rules; "preferred" lets Claude Code start without it', () => {
    const off = tempProject({ '.continuity/config.json': JSON.stringify({ sandbox: { mode: 'off' } }) });
    ok(init(off, ['--no-gitignore']));
    assert.equal(wallOf(off).sandbox, undefined);
    assert.ok(wallOf(off).permissions!.deny!.includes('Edit(/.continuity/**)'));
    const preferred = tempProject({ '.continuity/config.json': JSON.stringify({ sandbox: { mode: 'preferred' } }) });
    ok(init(preferred, ['--no-gitignore']));
    assert.equal(wallOf(preferred).sandbox!.enabled, true);
    assert.equal('failIfUnavailable' in wallOf(preferred).sandbox!, false);
  });

  test("a person's sandbox turned off is turned on, said so, and given back by --uninstall even after other edits", () => {
    const own = '{\n  "sandbox": { "enabled": false, "excludedCommands": ["docker"] }\n}\n';
    const project = tempProject({ [SETTINGS]: own });
    const r = ok(init(project, ['--no-gitignore']));
    assert.match(r.stdout, /^note \.claude\/settings\.json \(sandbox\.enabled: false → true\)$/m);
    // An edit of the person's since: the backup no longer matches, so init cuts out what it added.
    writeFileSync(join(project, SETTINGS), text(project, SETTINGS).replace('["docker"]', '["docker", "podman"]'));
    ok(init(project, ['--uninstall']));
    assert.equal(text(project, SETTINGS), own.replace('["docker"]', '["docker", "podman"]'));
  });

  test('an invalid config: exit 4, one line naming the key, the settings untouched', () => {
    const project = tempProject({ [SETTINGS]: OWN_SETTINGS, '.continuity/config.json': '{ "sandbox": { "mode": "sometimes" } }' });
    const r = init(project, ['--no-gitignore']);
    assert.equal(r.code, 4);
    assert.match(r.stderr, /^continuity: init: invalid \.continuity\/config\.json: sandbox\.mode: /);
    assert.doesNotMatch(r.stderr, NO_STACK);
    assert.equal(text(project, SETTINGS), OWN_SETTINGS);
  });
});
