import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { installWall, uninstallWall, withGitExecPaths, type WallRecord } from '../../src/install/targets/claude-code-wall.js';
import { claudeCodeWallPaths, claudeCodeWallSettings, type SandboxMode } from '../../src/install/wall-spec.js';

const wall = (protect: string[] = [], mode: SandboxMode = 'required') => withGitExecPaths(claudeCodeWallSettings(claudeCodeWallPaths(protect), mode));

/** install, install again (nothing changes), uninstall (the original, byte for byte). */
function roundTrip(original: string, protect: string[] = [], mode: SandboxMode = 'required'): { text: string; record: WallRecord } {
  const first = installWall(original, wall(protect, mode), null);
  const again = installWall(first.text, wall(protect, mode), first.record);
  assert.equal(again.text, first.text, 'a second install changes nothing');
  assert.deepEqual(again.record, first.record);
  assert.equal(uninstallWall(first.text, first.record), original, 'uninstall gives the original back byte for byte');
  return first;
}

/** git's hooks and exec config, which the person's next git command would run: read-only in the sandbox, and to the file tools. */
const GIT_DENY_WRITE = ['./.git/hooks', './.git/config', './.git/config.worktree', './.git/info/attributes'];
const GIT_EDIT_DENY = ['Edit(/.git/hooks/**)', 'Edit(/.git/config)', 'Edit(/.git/config.worktree)', 'Edit(/.git/info/attributes)', 'Edit(/.git/modules/**/hooks/**)', 'Edit(/.git/modules/**/config)'];

test('an empty settings object gets the sandbox and the permission rules, and gets them taken out again', () => {
  const { text } = roundTrip('{}\n');
  const s = parse(text);
  assert.deepEqual(s.sandbox, { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false, filesystem: { allowWrite: ['./.claude'], denyWrite: ['./.continuity', './.claude/settings.json', './.claude/settings.local.json', '~/.claude/settings.json', '~/.claude/plugins', ...GIT_DENY_WRITE] } });
  assert.deepEqual(s.permissions.deny, ['Edit(/.continuity/**)', 'Edit(/.claude/settings.json)', 'Edit(/.claude/settings.local.json)', 'Edit(~/.claude/settings.json)', ...GIT_EDIT_DENY]);
});

test("comments, CRLF, tabs and the person's other keys stay as they are", () => {
  roundTrip('// team settings\r\n{\r\n\t"model": "opus", // pinned\r\n\t/* permissions */\r\n\t"permissions": {\r\n\t\t"allow": ["Bash(npm test)"]\r\n\t}\r\n}\r\n');
  roundTrip('{\n  "permissions": { "allow": [], "deny": ["Bash(rm -rf *)"] },\n  "sandbox": { "excludedCommands": ["docker"], "filesystem": { "denyWrite": ["./secrets"] } }\n}\n');
  const { text } = roundTrip('{\n  "sandbox": { "filesystem": { "allowWrite": ["/tmp/build"] } }\n}\n');
  assert.deepEqual(parse(text).sandbox.filesystem.allowWrite, ['/tmp/build', './.claude'], "the person's allowWrite list keeps its entries and gets .claude appended");
});

test("a person's sandbox.enabled: false is turned on, said so, and given back on uninstall", () => {
  const original = '{\n  "sandbox": { "enabled": false, "allowUnsandboxedCommands": true }\n}\n';
  const { text, record } = installWall(original, wall(), null);
  assert.equal(parse(text).sandbox.enabled, true);
  assert.equal(parse(text).sandbox.allowUnsandboxedCommands, false);
  assert.deepEqual(record.changed.map((c) => [c.path.join('.'), c.from]), [['sandbox.enabled', false], ['sandbox.allowUnsandboxedCommands', true]]);
  assert.deepEqual(installWall(original, wall(), null).changes, ['sandbox.enabled: false → true', 'sandbox.allowUnsandboxedCommands: true → false']);
  assert.equal(uninstallWall(text, record), original);
});

test('entries a person already has are not added twice, and stay on uninstall', () => {
  const original = '{\n  "sandbox": { "filesystem": { "denyWrite": ["./.continuity", "./build"] } },\n  "permissions": { "deny": ["Edit(/.continuity/**)"] }\n}\n';
  const { text, record } = roundTrip(original);
  const s = parse(text);
  assert.equal(s.sandbox.filesystem.denyWrite.filter((x: string) => x === './.continuity').length, 1);
  assert.ok(!record.entries.some((e) => e.value === './.continuity'));
  assert.ok(s.sandbox.filesystem.denyWrite.includes('./build'));
});

test('a changed protect list: init again adds the new paths and drops those an earlier init added', () => {
  const original = '{}\n';
  const first = installWall(original, wall(['migrations/**']), null);
  assert.ok(parse(first.text).sandbox.filesystem.denyWrite.includes('./migrations/**'));
  const second = installWall(first.text, wall(['secrets/*.key']), first.record);
  const deny = parse(second.text).sandbox.filesystem.denyWrite as string[];
  assert.ok(deny.includes('./secrets/*.key') && !deny.includes('./migrations/**'));
  assert.ok((parse(second.text).permissions.deny as string[]).includes('Edit(/secrets/*.key)'));
  assert.ok(second.changes.includes('sandbox.filesystem.denyWrite: "./migrations/**" taken out'));
  assert.equal(uninstallWall(second.text, second.record), original);
});

test('mode preferred leaves failIfUnavailable out; mode off takes out what an earlier init put in the sandbox and keeps the file rules', () => {
  assert.equal('failIfUnavailable' in parse(roundTrip('{}\n', [], 'preferred').text).sandbox, false);
  const original = '{\n  "model": "opus"\n}\n';
  const first = installWall(original, wall(), null);
  const off = installWall(first.text, wall([], 'off'), first.record);
  assert.equal(parse(off.text).sandbox, undefined);
  assert.ok((parse(off.text).permissions.deny as string[]).includes('Edit(/.continuity/**)'));
  assert.equal(uninstallWall(off.text, off.record), original);
  roundTrip(original, [], 'off');
});

test("what a person adds inside the wall's keys after init stays when init is undone", () => {
  const first = installWall('{}\n', wall(), null);
  const edited = first.text.replace('"enabled": true,', '"enabled": true,\n    "excludedCommands": ["docker"],');
  const undone = parse(uninstallWall(edited, first.record));
  assert.deepEqual(undone.sandbox, { excludedCommands: ['docker'] });
  assert.equal(undone.permissions, undefined);
});

test('settings that are not an object, or keys of the wrong kind, are refused, naming the key', () => {
  assert.throws(() => installWall('[]', wall(), null), /not valid settings \(the top level is not an object\)/);
  assert.throws(() => installWall('{ "sandbox": true }', wall(), null), /sandbox is not an object/);
  assert.throws(() => installWall('{ "permissions": { "deny": "all" } }', wall(), null), /permissions\.deny is not a list/);
});
