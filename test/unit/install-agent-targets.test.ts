/**
 * The Codex, Gemini CLI and Cursor install targets: pure text in, text out.
 * Installing twice changes nothing more; uninstalling gives back the
 * original bytes; invalid settings are refused untouched.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidSettingsError, type HookCommand, type HookTarget } from '../../src/install/hook-target.js';
import { target as codex, CODEX_EVENTS } from '../../src/install/targets/codex.js';
import { target as cursor, CURSOR_EVENTS } from '../../src/install/targets/cursor.js';
import { target as gemini, GEMINI_EVENTS } from '../../src/install/targets/gemini.js';
import { agentHookCommand, commandLine, continuityHookOf, shellQuote, splitCommandLine } from '../../src/install/targets/command-line.js';

const HOOK = (agent: string): HookCommand => ({ command: '/usr/local/bin/node', args: ['/opt/my tools/continuity/dist/cli.cjs', 'hook', agent] });

const TARGETS: { target: HookTarget; events: readonly string[]; file: string; existing: string[] }[] = [
  {
    target: codex,
    events: CODEX_EVENTS,
    file: '.codex/hooks.json',
    existing: [
      '{\n  "hooks": {\n    "Stop": [\n      {\n        "hooks": [\n          { "type": "command", "command": "python3 .codex/hooks/check.py", "timeout": 10 }\n        ]\n      }\n    ]\n  }\n}\n',
      '{\r\n\t"description": "team hooks",\r\n\t"hooks": {\r\n\t\t"PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./guard.sh" } ] } ]\r\n\t}\r\n}\r\n',
      '{ "description": "none yet" }',
    ],
  },
  {
    target: gemini,
    events: GEMINI_EVENTS,
    file: '.gemini/settings.json',
    existing: [
      '{\n  // my settings\n  "theme": "GitHub",\n  "hooks": {\n    "enabled": true,\n    "disabled": ["secret-scanner"],\n    "BeforeTool": [\n      {\n        "matcher": "write_file|replace",\n        "hooks": [{ "name": "secret-scanner", "type": "command", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/scan.sh" }]\n      }\n    ]\n  },\n  "mcpServers": {}\n}\n',
      '{\n    "general": { "vimMode": true }\n}',
    ],
  },
  {
    target: cursor,
    events: CURSOR_EVENTS,
    file: '.cursor/hooks.json',
    existing: [
      '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [{ "command": "./hooks/format.sh" }],\n    "stop": [{ "command": "./hooks/audit.sh", "loop_limit": 3 }]\n  }\n}\n',
      '{\n\t"version": 1,\n\t"hooks": { "beforeReadFile": [ { "command": "./hooks/secrets.sh" } ] }\n}',
    ],
  },
];

for (const { target, events, file, existing } of TARGETS) {
  const agent = target.agent;
  const hook = HOOK(agent);
  const line = commandLine(hook);

  describe(`${agent} install target`, () => {
    it(`names ${file}`, () => assert.equal(target.settingsFile, file));

    it('a new file wires every event to the hook command, quoted as one shell command line', () => {
      const text = target.install(null, hook);
      const parsed = JSON.parse(text) as { version?: number; hooks: Record<string, unknown[]> };
      assert.deepEqual(Object.keys(parsed.hooks), [...events]);
      assert.ok(text.includes(JSON.stringify(line)), text);
      assert.equal(line, "/usr/local/bin/node '/opt/my tools/continuity/dist/cli.cjs' hook " + agent);
      if (agent === 'cursor') assert.equal(parsed.version, 1);
      assert.deepEqual(target.installedCommands(text), [hook], 'one command line in every entry is one way of running continuity');
    });

    it('installing twice is installing once', () => {
      for (const before of [null, ...existing]) {
        const once = target.install(before, hook);
        assert.equal(target.install(once, hook), once);
      }
    });

    it('uninstall gives back the original bytes, or null for a file install created', () => {
      assert.equal(target.uninstall(target.install(null, hook)), null);
      for (const before of existing) assert.equal(target.uninstall(target.install(before, hook)), before);
    });

    it('uninstall takes out an event list or `hooks` it leaves empty; a file left with nothing else is deleted (null)', () => {
      const empty = agent === 'cursor' ? '{ "version": 1, "hooks": {} }' : '{ "hooks": {} }';
      assert.equal(target.uninstall(target.install(empty, hook)), null);
    });

    it('other settings and hooks survive install', () => {
      for (const before of existing) {
        const after = target.install(before, hook);
        assert.ok(after.startsWith(before.slice(0, before.indexOf('"'))), 'the head of the file is kept');
        for (const keep of ['check.py', 'guard.sh', 'scan.sh', 'format.sh', 'audit.sh', 'secret-scanner', 'vimMode', '// my settings', 'loop_limit']) {
          if (before.includes(keep)) assert.ok(after.includes(keep), keep);
        }
      }
    });

    it('a new continuity path replaces the old entry instead of adding another', () => {
      const old = target.install(existing[0]!, { command: 'continuity', args: ['hook', agent] });
      const moved = target.install(old, hook);
      assert.deepEqual(target.installedCommands(moved), [hook]);
      assert.equal(target.uninstall(moved), existing[0]);
    });

    it('a command without `hook <agent>` gets it added', () => {
      const text = target.install(null, { command: 'continuity', args: [] });
      assert.deepEqual(target.installedCommands(text)[0], { command: 'continuity', args: ['hook', agent] });
    });

    it('a file with none of continuity\'s hooks is left as it is by uninstall', () => {
      for (const before of existing) assert.equal(target.uninstall(before), before);
      const lookalike = before(agent);
      assert.equal(target.uninstall(lookalike), lookalike);
      assert.deepEqual(target.installedCommands(lookalike), []);
    });

    it('invalid settings are refused with InvalidSettingsError naming the file', () => {
      const invalid = ['{ "hooks": ', '[]', '{ "hooks": [] }', `{ "hooks": { "${events[0]}": {} } }`];
      if (agent === 'cursor') invalid.push('{ "version": 2, "hooks": {} }');
      for (const text of invalid) {
        assert.throws(() => target.install(text, hook), (e: unknown) => e instanceof InvalidSettingsError && e.message.startsWith(`${file} is not valid settings (`), text);
      }
      assert.throws(() => target.uninstall('{ "hooks": '), InvalidSettingsError);
      assert.throws(() => target.installedCommands('not json'), InvalidSettingsError);
    });
  });
}

/** A user's own hook that only mentions continuity, in each file's shape. */
function before(agent: string): string {
  const command = `echo continuity hook ${agent}`;
  if (agent === 'cursor') return `{ "version": 1, "hooks": { "stop": [{ "command": "${command}" }] } }`;
  const event = agent === 'codex' ? 'Stop' : 'AfterAgent';
  return `{ "hooks": { "${event}": [{ "hooks": [{ "type": "command", "command": "${command}" }] }] } }`;
}

describe('hook command lines', () => {
  it('quotes only what the shell would split or expand, and reads it back', () => {
    assert.equal(shellQuote('/usr/bin/node'), '/usr/bin/node');
    assert.equal(shellQuote("it's $HOME"), `'it'\\''s $HOME'`);
    assert.equal(shellQuote(''), "''");
    const hook = { command: 'node', args: ["/a b/it's/cli.mjs", 'hook', 'codex'] };
    assert.deepEqual(splitCommandLine(commandLine(hook)), ['node', "/a b/it's/cli.mjs", 'hook', 'codex']);
    assert.deepEqual(splitCommandLine('node "/x y/cli.mjs" hook\\ codex'), ['node', '/x y/cli.mjs', 'hook codex']);
  });

  it('a line with operators or expansions is not one simple command', () => {
    for (const line of ['a; b', 'a && b', 'a | b', 'a > f', 'echo $(x)', 'echo "$HOME"', '# note', "unterminated 'quote"]) assert.equal(splitCommandLine(line), null, line);
  });

  it('recognises continuity run directly or by a runtime or package runner, nothing else', () => {
    assert.deepEqual(continuityHookOf('continuity hook gemini', 'gemini'), { command: 'continuity', args: ['hook', 'gemini'] });
    assert.ok(continuityHookOf('npx continuity hook gemini', 'gemini'));
    assert.ok(continuityHookOf('bun /srv/continuity/dist/cli.mjs hook cursor', 'cursor'));
    assert.equal(continuityHookOf('continuity hook gemini', 'codex'), null);
    assert.equal(continuityHookOf('echo continuity hook codex', 'codex'), null);
    assert.equal(continuityHookOf('./my-hook hook codex', 'codex'), null);
    assert.equal(continuityHookOf(42, 'codex'), null);
    // An installed package's launcher, as init writes it for a package without the compiled executable.
    assert.deepEqual(continuityHookOf('sh /p/node_modules/continuity/dist/launcher/continuity hook codex', 'codex'), { command: 'sh', args: ['/p/node_modules/continuity/dist/launcher/continuity', 'hook', 'codex'] });
    assert.equal(continuityHookOf('sh ./continuity hook codex', 'codex'), null);
  });

  it('agentHookCommand appends `hook <agent>` only when it is not already there', () => {
    assert.deepEqual(agentHookCommand({ command: 'continuity', args: ['hook', 'cursor'] }, 'cursor'), { command: 'continuity', args: ['hook', 'cursor'] });
    assert.deepEqual(agentHookCommand({ command: 'node', args: ['cli.mjs'] }, 'cursor'), { command: 'node', args: ['cli.mjs', 'hook', 'cursor'] });
  });
});
