import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeWiringChange, type WiringChange } from '../../src/hooks/rules/wiring-change.js';
import { target as claude } from '../../src/install/targets/claude-code.js';
import { target as gemini } from '../../src/install/targets/gemini.js';
import { target as codex } from '../../src/install/targets/codex.js';
import { target as cursor } from '../../src/install/targets/cursor.js';

const ROOT = '/home/p/project';
const HERE = { command: '/home/p/continuity/dist/bin/continuity', args: ['hook', 'claude-code'] };
const OTHER_CLONE = { command: 'node', args: ['/srv/teammate/continuity/dist/cli.cjs', 'hook', 'claude-code'] };
const judge = (path: string, before: string | null, after: string | null, byAgent = false): WiringChange => judgeWiringChange({ path, root: ROOT, before, after, byAgent });
const json = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));
const repaired = (v: WiringChange) => {
  assert.equal(v.kind, 'repair', JSON.stringify(v));
  return v as Extract<WiringChange, { kind: 'repair' }>;
};

describe('Claude Code settings', () => {
  const wired = claude.install('{\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n', HERE);

  it('a file that arrives (none before) running continuity from another clone is adopted as running continuity', () => {
    assert.deepEqual(judge('.claude/settings.json', null, claude.install(null, OTHER_CLONE)), { kind: 'adopt', runsContinuity: true });
  });

  it('hooks wired by hand in every form init and the docs name count as continuity’s', () => {
    for (const handler of [
      { type: 'command', command: 'npx continuity hook claude-code' },
      { type: 'command', command: 'node', args: ['/abs/continuity/dist/cli.mjs', 'hook', 'claude-code'] },
      { type: 'command', command: 'sh', args: ['/abs/node_modules/continuity/dist/launcher/continuity', 'hook', 'claude-code'] },
      { type: 'command', command: '/abs/dist/bin/continuity hook claude-code' },
    ]) {
      const text = JSON.stringify({ hooks: { Stop: [{ hooks: [handler] }] } });
      assert.deepEqual(judge('.claude/settings.json', null, text), { kind: 'adopt', runsContinuity: true }, JSON.stringify(handler));
      // And taken out, they are put back.
      assert.equal(repaired(judge('.claude/settings.json', text, '{"theme":"dark"}')).weakened[0], "continuity's hooks (Stop)");
    }
  });

  it('the continuity plugin turned on is continuity running', () => {
    assert.deepEqual(judge('.claude/settings.json', null, '{"enabledPlugins":{"continuity@continuity":true}}'), { kind: 'adopt', runsContinuity: true });
  });

  it("a branch's version without continuity's hooks gets them back, with the branch's own keys kept", () => {
    const branch = '{\n  "permissions": { "allow": ["Bash(make)"] },\n  "model": "opus"\n}\n';
    const v = repaired(judge('.claude/settings.json', wired, branch));
    assert.equal(v.whole, false);
    const o = json(v.text)!;
    assert.deepEqual(o.permissions, { allow: ['Bash(make)'] });
    assert.equal(o.model, 'opus');
    assert.deepEqual(claude.installedCommands(v.text!), [HERE]);
    assert.ok(v.text!.startsWith('{\n  "permissions": { "allow": ["Bash(make)"] },\n  "model": "opus"'), "the branch's bytes stay as they were");
  });

  it('disableAllHooks set beside a change of the person’s keys: only the switch is put back', () => {
    const after = JSON.stringify({ ...json(wired), disableAllHooks: true, model: 'sonnet' }, null, 2);
    const v = repaired(judge('.claude/settings.json', wired, after, true));
    assert.deepEqual(v.weakened, ['disableAllHooks']);
    const o = json(v.text)!;
    assert.equal('disableAllHooks' in o, false);
    assert.equal(o.model, 'sonnet');
    assert.deepEqual(o.hooks, json(wired)!.hooks);
  });

  it('a switch-off alone is put back byte for byte, and a file created only for it is removed', () => {
    assert.equal(repaired(judge('.claude/settings.json', wired, JSON.stringify({ ...json(wired), disableAllHooks: true }))).text, wired);
    assert.equal(repaired(judge('.claude/settings.local.json', null, '{"disableAllHooks": true}')).text, null);
  });

  it("continuity's hook pointed at another program is put back; the person's own hook beside it stays", () => {
    const o = json(wired)!;
    const hooks = o.hooks as Record<string, { hooks: { command: string }[] }[]>;
    hooks.Stop![0]!.hooks[0]!.command = '/bin/true';
    hooks.Stop!.push({ hooks: [{ type: 'command', command: 'make lint' }] } as never);
    const v = repaired(judge('.claude/settings.json', wired, JSON.stringify(o, null, 2)));
    assert.match(v.weakened[0]!, /continuity's hooks \(Stop\)/);
    assert.deepEqual(claude.installedCommands(v.text!), [HERE]);
    assert.match(v.text!, /make lint/);
  });

  it('an agent adding a hook of its own or another plugin: put back (it would run outside the wall); the person doing it: kept', () => {
    const withLint = JSON.stringify({ ...json(wired), hooks: { ...(json(wired)!.hooks as object), Notification: [{ hooks: [{ type: 'command', command: 'curl x | sh' }] }] } });
    assert.match(repaired(judge('.claude/settings.json', wired, withLint, true)).weakened[0]!, /hooks that run outside the wall \(Notification\)/);
    assert.equal(judge('.claude/settings.json', wired, withLint, false).kind, 'adopt');
    const plugin = JSON.stringify({ ...json(wired), enabledPlugins: { 'x@y': true } });
    assert.equal(repaired(judge('.claude/settings.json', wired, plugin, true)).text, wired);
    assert.equal(judge('.claude/settings.json', wired, plugin, false).kind, 'adopt');
  });

  it('a sandbox continuity configured, loosened, is put back; the env that moves the config dir too', () => {
    const walled = JSON.stringify({ ...json(wired), sandbox: { enabled: true, filesystem: { denyWrite: ['.continuity'] } } }, null, 2);
    const loose = JSON.stringify({ ...json(walled), sandbox: { enabled: true, filesystem: { denyWrite: [] } }, theme: 'x' }, null, 2);
    const v = repaired(judge('.claude/settings.json', walled, loose));
    assert.deepEqual(v.weakened, ['sandbox']);
    assert.deepEqual(json(v.text)!.sandbox, json(walled)!.sandbox);
    assert.equal(json(v.text)!.theme, 'x');
    assert.deepEqual(repaired(judge('.claude/settings.json', wired, JSON.stringify({ ...json(wired), env: { CLAUDE_CONFIG_DIR: '/tmp/x' } }))).weakened, ['env.CLAUDE_CONFIG_DIR']);
    assert.equal(judge('.claude/settings.json', wired, JSON.stringify({ ...json(wired), env: { FOO: '1' } })).kind, 'adopt');
  });

  it('a file that does not parse, or is deleted, comes back whole; one of only the person’s settings deleted stays deleted', () => {
    assert.deepEqual(judge('.claude/settings.json', wired, '{ "hooks": '), { kind: 'repair', text: wired, weakened: ['.claude/settings.json (does not parse: a client that cannot read its settings may run no hooks)'], whole: true });
    assert.equal(repaired(judge('.claude/settings.json', wired, null)).text, wired);
    assert.deepEqual(judge('.claude/settings.local.json', '{"permissions":{"allow":["Bash(ls)"]}}', null), { kind: 'adopt', runsContinuity: false });
  });

  it("the user's own settings: only what switches continuity off is theirs to keep from the agent", () => {
    assert.equal(repaired(judge('/home/p/.claude/settings.json', '{ "theme": "dark" }\n', '{"theme":"dark","disableAllHooks":true}', true)).text, '{ "theme": "dark" }\n');
    assert.equal(judge('/home/p/.claude/settings.json', '{ "theme": "dark" }\n', '{"theme":"light","enabledPlugins":{"x@y":true}}', true).kind, 'adopt');
    assert.equal(repaired(judge('/home/p/.claude/settings.json', '{"enabledPlugins":{"continuity@continuity":true}}', '{"enabledPlugins":{"continuity@continuity":false}}')).whole, false);
  });
});

describe('Gemini CLI settings and trust', () => {
  const command = { command: 'npx', args: ['continuity', 'hook', 'gemini'] };
  const wired = gemini.install('{\n  "ui": { "theme": "x" }\n}\n', command);

  it("a new file running continuity is adopted; hooks switched off or continuity's hook disabled is put back alone", () => {
    assert.deepEqual(judge('.gemini/settings.json', null, wired), { kind: 'adopt', runsContinuity: true });
    for (const [off, label] of [
      [{ hooksConfig: { enabled: false } }, 'hooksConfig.enabled'],
      [{ hooksConfig: { disabled: ['continuity'] } }, 'hooksConfig.disabled'],
    ] as const) {
      const v = repaired(judge('.gemini/settings.json', wired, JSON.stringify({ ...json(wired), ...off, ui: { theme: 'y' } })));
      assert.deepEqual(v.weakened, [label]);
      assert.deepEqual(json(v.text)!.ui, { theme: 'y' });
    }
    const v = repaired(judge('.gemini/settings.json', wired, JSON.stringify({ ui: { theme: 'y' } })));
    assert.deepEqual(gemini.installedCommands(v.text!), [command]);
  });

  it('trust taken back from the project is put back; trust granted is kept', () => {
    const path = '/home/p/.gemini/trustedFolders.json';
    const trusted = JSON.stringify({ [ROOT]: 'TRUST_FOLDER', '/elsewhere': 'TRUST_FOLDER' });
    assert.equal(judge(path, '{}', trusted).kind, 'adopt');
    const v = repaired(judge(path, trusted, JSON.stringify({ [ROOT]: 'DO_NOT_TRUST', '/elsewhere': 'DO_NOT_TRUST' })));
    assert.deepEqual(json(v.text), { [ROOT]: 'TRUST_FOLDER', '/elsewhere': 'DO_NOT_TRUST' });
  });
});

describe("Codex's hooks.json and config.toml, Cursor's hooks.json", () => {
  it("continuity's entries removed are put back by init's own merge, the person's entries kept", () => {
    for (const [path, t, agent] of [
      ['.codex/hooks.json', codex, 'codex'],
      ['.cursor/hooks.json', cursor, 'cursor'],
    ] as const) {
      const wired = t.install(null, { command: 'npx', args: ['continuity', 'hook', agent] });
      assert.deepEqual(judge(path, null, wired), { kind: 'adopt', runsContinuity: true });
      const mine = agent === 'cursor' ? '{"version":1,"hooks":{"stop":[{"command":"make lint"}]}}' : '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"make lint"}]}]}}';
      const v = repaired(judge(path, wired, mine));
      assert.equal(t.installedCommands(v.text!).length, 1);
      assert.match(v.text!, /make lint/);
    }
  });

  it('config.toml: created without a switch-off, or trust granted, is kept; hooks turned off comes back whole', () => {
    assert.deepEqual(judge('.codex/config.toml', null, 'model = "o3"\n'), { kind: 'adopt', runsContinuity: false });
    const was = '[features]\nhooks = true\n';
    const v = repaired(judge('.codex/config.toml', was, '[features]\nhooks = false\n'));
    assert.equal(v.text, was);
    assert.equal(v.whole, true);
    assert.equal(judge('/home/p/.codex/config.toml', `[projects."${ROOT}"]\ntrust_level = "untrusted"\n`, `[projects."${ROOT}"]\ntrust_level = "trusted"\n`).kind, 'adopt');
    assert.equal(judge('.codex/config.toml', null, '[features]\nhooks = false\n').kind, 'repair');
  });
});

describe('env files', () => {
  it("a variable that moves a client's settings is put back, the person's other lines kept; other lines are theirs", () => {
    const v = repaired(judge('.env', '', 'API_KEY=1\nGEMINI_CLI_HOME=/tmp/elsewhere\n'));
    assert.equal(v.text, 'API_KEY=1\n');
    assert.equal(judge('.env', '', 'API_KEY=2\n').kind, 'adopt');
  });
});
