import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'jsonc-parser';
import * as v from 'valibot';
import { HANDLERS } from '../../src/hooks/handlers/index.js';
import { hookEntryOf, isContinuityCommand, isPackageLauncher, programInProject, resolveHookCommand, splitShellCommand } from '../../src/install/hook-command.js';
import { InvalidSettingsError, type HookCommand } from '../../src/install/hook-target.js';
import { CLAUDE_CODE_WIRING, HOOK_TIMEOUT_SECONDS, target } from '../../src/install/targets/claude-code.js';
import { HooksConfig } from '../helpers/claude-code-schema.js';

const HOOK: HookCommand = { command: 'node', args: ['/opt/continuity/dist/cli.cjs', 'hook', 'claude-code'] };
const MOVED: HookCommand = { command: '/srv/continuity/dist/bin/continuity', args: ['hook', 'claude-code'] };

type Settings = { hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> } & Record<string, unknown>;

function read(text: string): Settings {
  return parse(text, [], { allowTrailingComma: true }) as Settings;
}

/** install, then the properties every installed file has: idempotent, valid for Claude Code, undone exactly. */
function roundTrip(original: string | null, hook: HookCommand = HOOK): string {
  const installed = target.install(original, hook);
  assert.equal(target.install(installed, hook), installed, 'a second install changes nothing');
  const settings = read(installed);
  assert.ok(v.is(HooksConfig, settings.hooks), 'Claude Code accepts the hooks');
  assert.deepEqual(target.installedCommands(installed).filter((c) => JSON.stringify(c) === JSON.stringify(hook)), [hook]);
  const removed = target.uninstall(installed);
  if (original === null || original.trim() === '{}') assert.equal(removed, null, 'nothing else is left');
  else assert.equal(removed, original, 'uninstall gives back the original byte for byte');
  return installed;
}

function oursIn(settings: Settings, event: string): { matcher?: string; hooks: Record<string, unknown>[] }[] {
  return (settings.hooks[event] ?? []).filter((g) => g.hooks.some((h) => Array.isArray(h.args) && (h.args as string[]).at(-1) === 'claude-code'));
}

describe('claude-code target: install', () => {
  test('a project without settings gets a file wiring every event continuity answers, in exec form', () => {
    const settings = read(roundTrip(null));
    assert.deepEqual(Object.keys(settings.hooks), CLAUDE_CODE_WIRING.map((w) => w.event));
    for (const w of CLAUDE_CODE_WIRING) {
      const groups = settings.hooks[w.event]!;
      assert.equal(groups.length, 1);
      assert.equal(groups[0]!.matcher, w.matcher);
      assert.deepEqual(groups[0]!.hooks, [{ type: 'command', command: 'node', args: HOOK.args, timeout: HOOK_TIMEOUT_SECONDS }]);
    }
  });

  test('every event with a handler is wired, and nothing else', () => {
    assert.deepEqual(CLAUDE_CODE_WIRING.map((w) => w.event).sort(), Object.keys(HANDLERS).sort());
  });

  test('tool events match the tools the rules look at: Agent|Task, the file tools, Bash and the approval dialogs before; every tool after, failed or not', () => {
    const matcher = (event: string) => CLAUDE_CODE_WIRING.find((w) => w.event === event)?.matcher?.split('|');
    for (const tool of ['Agent', 'Task', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Bash', 'AskUserQuestion', 'ExitPlanMode']) assert.ok(matcher('PreToolUse')!.includes(tool), tool);
    assert.deepEqual(matcher('PostToolUse'), ['*']);
    // A failed Bash call ends with PostToolUseFailure: until a call ends it counts as running (src/domain/human-turn.ts).
    assert.deepEqual(matcher('PostToolUseFailure'), ['*']);
  });

  test("a person's other keys, comments and formatting stay; hooks are added after them", () => {
    const original = `// project settings
{
    "permissions": { "allow": ["Bash(npm test)"] },   // tests may run
    /* the model */
    "model": "opus"
}
`;
    const installed = roundTrip(original);
    assert.ok(installed.startsWith(`// project settings
{
    "permissions": { "allow": ["Bash(npm test)"] },   // tests may run
    /* the model */
    "model": "opus",
    "hooks": {
        "SessionStart": [`));
    assert.deepEqual(read(installed).permissions, { allow: ['Bash(npm test)'] });
  });

  test("the person's own hooks, for the same events, keep their place; continuity's groups come after", () => {
    const original = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./scripts/audit.sh" }] }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }],
    "Notification": [{ "hooks": [{ "type": "command", "command": "notify-send hi" }] }]
  }
}
`;
    const settings = read(roundTrip(original));
    assert.deepEqual(settings.hooks.PreToolUse![0], { matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/audit.sh' }] });
    assert.equal(settings.hooks.PreToolUse!.length, 2);
    assert.deepEqual(settings.hooks.Stop![0], { hooks: [{ type: 'command', command: 'say done' }] });
    assert.equal(oursIn(settings, 'Stop').length, 1);
    assert.deepEqual(settings.hooks.Notification, [{ hooks: [{ type: 'command', command: 'notify-send hi' }] }]);
    for (const w of CLAUDE_CODE_WIRING) assert.equal(oursIn(settings, w.event).length, 1, w.event);
  });

  test('odd formatting is kept and undone exactly: tabs, CRLF, trailing commas, one-line JSON, comments in arrays', () => {
    const originals = [
      '{\n\t"model": "opus",\n\t"hooks": {\n\t\t"Stop": [\n\t\t\t{ "hooks": [ { "type": "command", "command": "true" } ] },\n\t\t],\n\t},\n}\n',
      '{\r\n  "model": "opus"\r\n}\r\n',
      '{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"true"}]}]}}',
      '{\n  "hooks": {\n    "Stop": [\n      // mine first\n      { "hooks": [{ "type": "command", "command": "true" }] } // trailing note\n    ]\n  }\n}',
      '{}',
      '{\n  // nothing yet\n}\n',
      '{ "model": "opus" } // after\n',
    ];
    for (const original of originals) {
      const installed = roundTrip(original);
      if (original.includes('\r\n')) assert.ok(!/[^\r]\n/.test(installed), 'CRLF throughout');
      if (original.includes('\t"model"')) assert.match(installed, /\n\t\t"SessionStart": \[/);
    }
  });

  test('an empty hooks object or event list the person left goes with continuity\'s last hook', () => {
    for (const original of ['{\n  "hooks": {}\n}\n', '{ "model": "opus", "hooks": { "Stop": [] } }']) {
      const installed = target.install(original, HOOK);
      assert.equal(target.install(installed, HOOK), installed);
      const removed = target.uninstall(installed);
      assert.equal(removed === null ? null : JSON.stringify(read(removed)), original.includes('opus') ? '{"model":"opus"}' : null);
    }
  });

  test('an install pointing elsewhere (continuity moved, or compiled) replaces the old entries instead of adding more', () => {
    const original = '{\n  "model": "opus"\n}\n';
    const old = target.install(original, HOOK);
    const moved = target.install(old, MOVED);
    const settings = read(moved);
    for (const w of CLAUDE_CODE_WIRING) {
      const groups = oursIn(settings, w.event);
      assert.equal(groups.length, 1, w.event);
      assert.deepEqual(groups[0]!.hooks[0]!.args, ['hook', 'claude-code']);
    }
    assert.deepEqual(target.installedCommands(moved), [MOVED]);
    assert.equal(target.uninstall(moved), original);
  });

  test('an entry the person edited by hand (another timeout) is put back in shape, once', () => {
    const installed = target.install('{}', HOOK).replace(`"timeout": ${HOOK_TIMEOUT_SECONDS}`, '"timeout": 5');
    const again = target.install(installed, HOOK);
    assert.notEqual(again, installed);
    assert.equal(target.install(again, HOOK), again);
    assert.equal(target.uninstall(again), null);
  });
});

describe('claude-code target: uninstall', () => {
  test('removes only continuity\'s handlers: a person\'s handler added later in the same group stays', () => {
    const installed = target.install('{}', HOOK);
    const settings = read(installed);
    settings.hooks.Stop![0]!.hooks.unshift({ type: 'command', command: 'say bye' });
    const edited = JSON.stringify(settings, null, 2);
    const after = read(target.uninstall(edited)!);
    assert.deepEqual(after, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say bye' }] }] } });
  });

  test('a file with nothing of continuity is returned unchanged', () => {
    const original = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "node tools/x.mjs hook claude-code" }] }] } }';
    assert.equal(target.uninstall(original), original);
  });
});

describe('claude-code target: invalid settings', () => {
  const invalid = {
    'not JSON': '{ "hooks": ',
    'a top-level array': '[]',
    'hooks is an array': '{ "hooks": [] }',
    'an event is not a list of groups': '{ "hooks": { "Stop": { "hooks": [] } } }',
    'a group without its hooks list': '{ "hooks": { "Stop": [ { "matcher": "*" } ] } }',
    'a matcher that is not a string': '{ "hooks": { "PreToolUse": [ { "matcher": 3, "hooks": [] } ] } }',
  };
  for (const [what, text] of Object.entries(invalid)) {
    test(`${what}: every operation refuses with InvalidSettingsError naming the file`, () => {
      for (const op of [() => target.install(text, HOOK), () => target.uninstall(text), () => target.installedCommands(text)]) {
        assert.throws(op, (err: unknown) => err instanceof InvalidSettingsError && err.message.startsWith('.claude/settings.json is not valid settings ('));
      }
    });
  }
});

describe('installedCommands', () => {
  test('names continuity hooks in exec form and in shell form, and nothing else', () => {
    const text = JSON.stringify({
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: 'node', args: ['/a/dist/cli.cjs', 'hook', 'claude-code'] }, { type: 'command', command: 'say done' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: "node '/b c/dist/cli.cjs' hook claude-code" }] }],
        PreCompact: [{ hooks: [{ type: 'command', command: 'node', args: ['/a/dist/cli.cjs', 'hook', 'claude-code'] }] }],
      },
    });
    assert.deepEqual(target.installedCommands(text), [
      { command: 'node', args: ['/a/dist/cli.cjs', 'hook', 'claude-code'] },
      { command: 'node', args: ['/b c/dist/cli.cjs', 'hook', 'claude-code'] },
    ]);
  });
});

describe('resolveHookCommand', () => {
  test('the compiled executable', () => {
    assert.deepEqual(resolveHookCommand({ packageRoot: '/opt/continuity', agent: 'claude-code', entry: 'compiled' }), { command: '/opt/continuity/dist/bin/continuity', args: ['hook', 'claude-code'] });
  });
  test('the launcher of an installed package, run by sh', () => {
    const cmd = resolveHookCommand({ packageRoot: '/p/node_modules/continuity', agent: 'claude-code', entry: 'launcher' });
    assert.deepEqual(cmd, { command: 'sh', args: ['/p/node_modules/continuity/dist/launcher/continuity', 'hook', 'claude-code'] });
    assert.ok(isContinuityCommand(cmd, 'claude-code'));
    assert.ok(isPackageLauncher(cmd));
    // The wall keeps the whole dist/ folder the launcher runs from.
    assert.equal(programInProject(cmd, '/p'), 'node_modules/continuity/dist');
  });
  test('Node with the bundled CLI', () => {
    assert.deepEqual(resolveHookCommand({ packageRoot: '/opt/continuity', agent: 'gemini', entry: 'node' }), { command: 'node', args: ['/opt/continuity/dist/cli.cjs', 'hook', 'gemini'] });
  });
  test('a relative package root is refused', () => {
    assert.throws(() => resolveHookCommand({ packageRoot: 'continuity', agent: 'claude-code', entry: 'node' }));
  });
});

describe('hookEntryOf', () => {
  const none = { compiledExists: false, launcherExists: false, builtOnFirstUse: false, windows: false };
  test("a build's own executable is wired directly", () => {
    assert.equal(hookEntryOf({ ...none, compiledExists: true, launcherExists: true }), 'compiled');
  });
  test('a package without one goes through the launcher, before and after the executable is built on first use', () => {
    assert.equal(hookEntryOf({ ...none, launcherExists: true }), 'launcher');
    assert.equal(hookEntryOf({ ...none, launcherExists: true, compiledExists: true, builtOnFirstUse: true }), 'launcher');
  });
  test('Node where there is no launcher, or no sh to run it', () => {
    assert.equal(hookEntryOf(none), 'node');
    assert.equal(hookEntryOf({ ...none, launcherExists: true, windows: true }), 'node');
  });
});

describe('isContinuityCommand', () => {
  const yes: HookCommand[] = [
    { command: 'node', args: ['/x/dist/cli.cjs', 'hook', 'claude-code'] },
    { command: '/usr/local/bin/node', args: ['${CLAUDE_PLUGIN_ROOT}/lib/continuity.mjs', 'hook', 'claude-code'] },
    { command: 'sh', args: ['${CLAUDE_PLUGIN_ROOT}/bin/continuity', 'hook', 'claude-code'] },
    { command: '/x/dist/bin/continuity', args: ['hook', 'claude-code'] },
    { command: 'continuity', args: ['hook', 'claude-code'] },
  ];
  const no: HookCommand[] = [
    { command: 'node', args: ['/x/dist/cli.cjs', 'hook', 'codex'] },
    { command: 'node', args: ['tools/lint.js', 'hook', 'claude-code'] },
    { command: 'sh', args: ['/x/bin/continuity-helper', 'hook', 'claude-code'] },
    { command: 'node', args: ['/x/dist/cli.cjs', 'status'] },
    { command: 'other-tool', args: ['hook', 'claude-code'] },
    { command: 'node', args: ['--inspect', '/x/dist/cli.cjs', 'hook', 'claude-code'] },
  ];
  for (const c of yes) test(`yes: ${c.command} ${c.args.join(' ')}`, () => assert.equal(isContinuityCommand(c, 'claude-code'), true));
  for (const c of no) test(`no: ${c.command} ${c.args.join(' ')}`, () => assert.equal(isContinuityCommand(c, 'claude-code'), false));

  test('a shell-form line is split on spaces outside quotes', () => {
    assert.deepEqual(splitShellCommand(`node "/a b/cli.mjs" 'hook' claude-code`), { command: 'node', args: ['/a b/cli.mjs', 'hook', 'claude-code'] });
    assert.equal(splitShellCommand('   '), null);
  });
});
