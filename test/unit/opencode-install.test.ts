/**
 * The OpenCode install target (continuity's plugin file in
 * `.opencode/plugins/`) and the wiring watch's judgement of that file: pure
 * text in, text out.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidSettingsError, type HookCommand } from '../../src/install/hook-target.js';
import { target, OPENCODE_PLUGIN_FILE } from '../../src/install/targets/opencode.js';
import { openCodePluginText, pluginHookCommand } from '../../src/install/targets/opencode-plugin.js';
import { judgeWiringChange } from '../../src/hooks/rules/wiring-change.js';
import { isWiringFile } from '../../src/app/wiring-files.js';

const HOOK: HookCommand = { command: '/opt/my tools/continuity/dist/bin/continuity', args: ['hook', 'opencode'] };

test('the plugin file names the hook command it runs, with `hook opencode` added to a bare continuity', () => {
  const text = target.install(null, { command: '/usr/local/bin/continuity', args: [] });
  assert.deepEqual(pluginHookCommand(text), { command: '/usr/local/bin/continuity', args: ['hook', 'opencode'] });
  assert.ok(text.includes('const HOOK = ["/usr/local/bin/continuity","hook","opencode"];'));
  assert.deepEqual(target.installedCommands(text), [{ command: '/usr/local/bin/continuity', args: ['hook', 'opencode'] }]);
});

test('installing twice gives the same text; another install of continuity is replaced; uninstall removes only continuity\'s file', () => {
  const once = target.install(null, HOOK);
  assert.equal(target.install(once, HOOK), once);
  const other = target.install(once, { command: 'node', args: ['/elsewhere/dist/cli.cjs', 'hook', 'opencode'] });
  assert.deepEqual(pluginHookCommand(other), { command: 'node', args: ['/elsewhere/dist/cli.cjs', 'hook', 'opencode'] });
  assert.equal(target.uninstall(once), null);
  assert.equal(target.settingsFile, '.opencode/plugins/continuity.js');
});

test("a file of the person's at the plugin's path is refused untouched, and is never taken for continuity's", () => {
  const theirs = "export const Continuity = async () => ({});\n";
  assert.throws(() => target.install(theirs, HOOK), InvalidSettingsError);
  assert.equal(target.uninstall(theirs), theirs);
  assert.deepEqual(target.installedCommands(theirs), []);
  // The header alone is not enough: the command line must be there and readable.
  assert.equal(pluginHookCommand(openCodePluginText(HOOK).replace(/^\/\/ continuity hook command: .*$/m, '// continuity hook command: [oops')), null);
});

test('the plugin file and OpenCode\'s project config are wiring files', () => {
  assert.ok(isWiringFile(OPENCODE_PLUGIN_FILE));
  assert.ok(isWiringFile('opencode.json'));
  assert.ok(isWiringFile('opencode.jsonc'));
  assert.ok(!isWiringFile('.opencode/plugins/mine.js'));
});

test('the wiring watch puts continuity\'s plugin back when it is removed or changed by the agent, and adopts a new install', () => {
  const root = '/p';
  const plugin = target.install(null, HOOK);
  const removed = judgeWiringChange({ path: OPENCODE_PLUGIN_FILE, root, before: plugin, after: null, byAgent: false });
  assert.deepEqual(removed, { kind: 'repair', text: plugin, weakened: [`${OPENCODE_PLUGIN_FILE} (deleted)`], whole: true });
  const emptied = judgeWiringChange({ path: OPENCODE_PLUGIN_FILE, root, before: plugin, after: '// nothing\n', byAgent: true });
  assert.equal(emptied.kind, 'repair');
  const edited = judgeWiringChange({ path: OPENCODE_PLUGIN_FILE, root, before: plugin, after: plugin.replace('TIMEOUT_MS = 30000', 'TIMEOUT_MS = 1'), byAgent: true });
  assert.equal(edited.kind, 'repair');
  const reinstalled = judgeWiringChange({ path: OPENCODE_PLUGIN_FILE, root, before: null, after: plugin, byAgent: false });
  assert.deepEqual(reinstalled, { kind: 'adopt', runsContinuity: true });
});

test("OpenCode's config: a plugin or a permission rule the agent adds is put back, the person's other keys kept; the person's own edit is kept", () => {
  const before = '{\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "opencode"\n}\n';
  const after = '{\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "tokyonight",\n  "plugin": ["file:///tmp/evil.js"],\n  "permission": { "bash": "allow" }\n}\n';
  const byAgent = judgeWiringChange({ path: 'opencode.json', root: '/p', before, after, byAgent: true });
  assert.equal(byAgent.kind, 'repair');
  if (byAgent.kind !== 'repair') return;
  assert.deepEqual(byAgent.weakened.sort(), ['permission', 'plugin']);
  assert.equal(byAgent.text, '{\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "tokyonight"\n}\n');
  const byPerson = judgeWiringChange({ path: 'opencode.json', root: '/p', before, after, byAgent: false });
  assert.equal(byPerson.kind, 'adopt');
});
