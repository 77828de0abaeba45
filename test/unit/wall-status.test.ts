import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeWallForAgent, wallStatus, type SettingsLayer, type WallFacts } from '../../src/install/wall-status.js';
import { claudeCodeWallPaths, claudeCodeWallSettings } from '../../src/install/wall-spec.js';
import { wallCheck } from '../../src/install/doctor.js';

const ROOT = '/home/dev/proj';
const initWrote = (protect: string[] = []) => {
  const w = claudeCodeWallSettings(claudeCodeWallPaths(protect), 'required');
  return { sandbox: w.sandbox, permissions: { deny: w.permissionsDeny } };
};
const layer = (scope: SettingsLayer['scope'], value: Record<string, unknown> | null, file = `${scope}.json`): SettingsLayer => ({ scope, file, value });
const facts = (over: Partial<WallFacts> = {}): WallFacts => ({
  platform: 'linux',
  layers: [layer('managed', null), layer('local', null, '.claude/settings.local.json'), layer('project', initWrote(), '.claude/settings.json'), layer('user', null)],
  tools: { bwrap: true, socat: true, sandboxExec: false },
  root: ROOT,
  home: '/home/dev',
  protect: [],
  mode: 'required',
  ...over,
});

test('what init writes is the wall, with no gap', () => {
  const s = wallStatus(facts());
  assert.equal(s.level, 'structural');
  assert.equal(s.summary, "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ and the hook wiring read-only to the agent's commands");
  assert.deepEqual(s.gaps, []);
  assert.match(describeWallForAgent(s), /read-only to the agent's commands \(Claude Code's OS sandbox\)/);
});

test('a higher layer wins for a scalar: a person\'s local settings turn the sandbox off', () => {
  const s = wallStatus(facts({ layers: [layer('local', { sandbox: { enabled: false } }, '.claude/settings.local.json'), layer('project', initWrote(), '.claude/settings.json')] }));
  assert.equal(s.level, 'hooks-only');
  assert.equal(s.summary, 'hooks only: sandbox.enabled is false in .claude/settings.local.json');
  assert.match(describeWallForAgent(s), /guarded by its hooks only \(sandbox\.enabled is false/);
});

test('lists add up across layers; the denyWrite entry may be spelled any way Claude Code reads', () => {
  for (const entry of ['.continuity', './.continuity/', `${ROOT}/.continuity`, `/${ROOT}/.continuity`]) {
    const s = wallStatus(facts({ layers: [layer('user', { sandbox: { filesystem: { denyWrite: [entry] } } }), layer('project', { sandbox: { enabled: true, allowUnsandboxedCommands: false, failIfUnavailable: true } })] }));
    assert.equal(s.level, 'structural', entry);
  }
});

test('each reason the wall is not up is named', () => {
  const sb = (sandbox: Record<string, unknown>) => facts({ layers: [layer('project', { sandbox })] });
  assert.equal(wallStatus(facts({ layers: [layer('project', {})] })).summary, 'hooks only: the sandbox is not enabled in any Claude Code settings file');
  assert.match(wallStatus(sb({ enabled: true, filesystem: { denyWrite: ['./.continuity'] } })).summary, /allowUnsandboxedCommands is not set \(Claude Code's default is true\)/);
  assert.equal(wallStatus(sb({ enabled: true, allowUnsandboxedCommands: false })).summary, 'hooks only: .continuity is not in sandbox.filesystem.denyWrite');
  assert.match(wallStatus(facts({ tools: { bwrap: false, socat: true, sandboxExec: false } })).summary, /configured but cannot run here: bubblewrap \(bwrap\) is not installed/);
  assert.match(wallStatus(facts({ platform: 'win32' })).summary, /no sandbox on native Windows/);
  assert.match(wallStatus(facts({ platform: 'wsl1' })).summary, /WSL1 cannot run the sandbox/);
  assert.equal(wallStatus(facts({ platform: 'darwin', tools: { bwrap: false, socat: false, sandboxExec: true } })).level, 'structural');
  assert.equal(wallStatus(facts({ mode: 'off', layers: [layer('project', {})] })).summary, 'hooks only: sandbox.mode is off in .continuity/config.json');
});

test('gaps: no failIfUnavailable, the hook wiring and a protect entry the sandbox does not deny, excluded commands, no rule for the file tools', () => {
  const s = wallStatus(facts({ mode: 'preferred', protect: ['migrations/**'], layers: [layer('project', { sandbox: { enabled: true, allowUnsandboxedCommands: false, excludedCommands: ['docker'], filesystem: { denyWrite: ['./.continuity'] } } })] }));
  assert.equal(s.level, 'structural');
  assert.equal(s.summary, "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ read-only to the agent's commands", 'the hook wiring is not claimed when it is not listed');
  assert.equal(s.gaps.length, 9, s.gaps.join('\n'));
  assert.match(s.gaps.join('\n'), /\.claude is not in sandbox\.filesystem\.allowWrite: .*rename the folder away.*: run continuity init/);
  assert.match(s.gaps.join('\n'), /\.claude\/settings\.local\.json is not in sandbox\.filesystem\.denyWrite \(Claude Code keeps its own settings files read-only/);
  assert.match(s.gaps.join('\n'), /failIfUnavailable is not true/);
  assert.match(s.gaps.join('\n'), /protect entry migrations\/\*\* is not in sandbox\.filesystem\.denyWrite: run continuity init/);
  assert.match(s.gaps.join('\n'), /excludedCommands: docker runs outside the sandbox/);
  assert.match(s.gaps.join('\n'), /no permissions\.deny rule keeps the file tools/);
});

test("an earlier init's wall, the settings files listed one by one and .claude not bound as a folder of its own, is named as a gap", () => {
  const older = initWrote();
  delete (older.sandbox!.filesystem as { allowWrite?: string[] }).allowWrite;
  const s = wallStatus(facts({ layers: [layer('project', older, '.claude/settings.json')] }));
  assert.equal(s.level, 'structural');
  assert.equal(s.summary, "structural: Claude Code's OS sandbox (bubblewrap) keeps .continuity/ read-only to the agent's commands", 'the hook wiring is not claimed while its folder can be renamed away');
  assert.deepEqual(s.gaps, [".claude is not in sandbox.filesystem.allowWrite: the sandbox keeps the settings files in it read-only one by one, and the agent's commands can rename the folder away and make it again with settings of their own (listed there, it is a mount point of its own and cannot be renamed): run continuity init"]);
  // The whole folder denied holds too; Seatbelt has no mounts to rename.
  const whole = initWrote();
  delete (whole.sandbox!.filesystem as { allowWrite?: string[] }).allowWrite;
  (whole.sandbox!.filesystem as { denyWrite: string[] }).denyWrite.push('./.claude');
  assert.deepEqual(wallStatus(facts({ layers: [layer('project', whole)] })).gaps, []);
  assert.deepEqual(wallStatus(facts({ platform: 'darwin', tools: { bwrap: false, socat: false, sandboxExec: true }, layers: [layer('project', older)] })).gaps, []);
});

test('with sandbox.mode "required", a sandbox that may silently not run does not hold the wall', () => {
  const s = wallStatus(facts({ layers: [layer('project', { sandbox: { enabled: true, allowUnsandboxedCommands: false, filesystem: { denyWrite: ['.'] } } })] }));
  assert.equal(s.level, 'hooks-only');
  assert.match(s.summary, /failIfUnavailable is not true \(sandbox\.mode "required" asks for it\)/);
  assert.equal(wallStatus(facts({ mode: 'preferred', layers: [layer('project', { sandbox: { enabled: true, allowUnsandboxedCommands: false, filesystem: { denyWrite: ['.'] } }, permissions: { deny: ['Edit'] } })] })).level, 'structural', 'a folder above .continuity covers it; a bare Edit rule covers the file tools');
});

test('hooks that would not run at all: disableAllHooks anywhere, or the plugin disabled with nothing else wiring them', () => {
  assert.match(wallStatus(facts({ layers: [layer('managed', { allowManagedHooksOnly: true }, '/etc/claude-code/managed-settings.json'), layer('project', initWrote())] })).silenced!, /allowManagedHooksOnly is true in \/etc\/claude-code\/managed-settings\.json/);
  assert.match(wallStatus(facts({ layers: [layer('local', { disableAllHooks: true }, '.claude/settings.local.json'), layer('project', initWrote())] })).silenced!, /disableAllHooks is true in \.claude\/settings\.local\.json/);
  assert.match(wallStatus(facts({ layers: [layer('user', { enabledPlugins: { 'continuity@continuity': false } }, '~/.claude/settings.json')] })).silenced!, /plugin is disabled in ~\/\.claude\/settings\.json/);
  const wired = { ...initWrote(), hooks: { Stop: [{ hooks: [{ type: 'command', command: 'continuity', args: ['hook', 'claude-code'] }] }] } };
  const mentions = { ...initWrote(), hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo claude-code done' }] }] } };
  assert.notEqual(wallStatus(facts({ layers: [layer('user', { enabledPlugins: { 'continuity@continuity': false } }), layer('project', mentions)] })).silenced, null, 'a hook that merely names claude-code does not run continuity');
  assert.equal(wallStatus(facts({ layers: [layer('user', { enabledPlugins: { 'continuity@continuity': false } }), layer('project', wired)] })).silenced, null);
});

test("doctor's wall check: silenced, configured but unable to start, asked for and missing all fail; the wall and mode off pass", () => {
  const ok = wallCheck(wallStatus(facts()), { state: 'started' }, 'required');
  assert.equal(ok.ok, true);
  assert.equal(wallCheck(wallStatus(facts({ layers: [layer('local', { disableAllHooks: true })] })), { state: 'not-tried' }, 'required').ok, false);
  const cannot = wallCheck(wallStatus(facts({ tools: { bwrap: false, socat: true, sandboxExec: false } })), { state: 'not-tried' }, 'required');
  assert.equal(cannot.ok, false);
  assert.match(cannot.fix!, /apt-get install bubblewrap socat/);
  const probe = wallCheck(wallStatus(facts()), { state: 'failed', error: 'bwrap: No permissions to create new namespace' }, 'required');
  assert.equal(probe.ok, false);
  assert.match(probe.detail, /cannot run here: bwrap: No permissions/);
  const missing = wallCheck(wallStatus(facts({ layers: [layer('project', {})] })), { state: 'not-tried' }, 'required');
  assert.equal(missing.ok, false);
  assert.match(missing.fix!, /continuity init/);
  assert.equal(wallCheck(wallStatus(facts({ mode: 'off', layers: [layer('project', {})] })), { state: 'not-tried' }, 'off').ok, true);
});

test("continuity run from the project's own node_modules: the wall init writes keeps it; a wall without it has a gap that names it", () => {
  const program = `${ROOT}/node_modules/continuity/dist`;
  const hooks = { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: `node ${program}/cli.cjs hook claude-code` }] }] };
  const withProgram = claudeCodeWallSettings(claudeCodeWallPaths([], ['node_modules/continuity/dist']), 'required');
  const kept = wallStatus(facts({ layers: [layer('project', { hooks, sandbox: withProgram.sandbox, permissions: { deny: withProgram.permissionsDeny } }, '.claude/settings.json')] }));
  assert.equal(kept.level, 'structural');
  assert.match(kept.summary, /the continuity program the hooks run \(node_modules\/continuity\/dist\)/);
  assert.deepEqual(kept.gaps, []);
  const older = wallStatus(facts({ layers: [layer('project', { hooks, ...initWrote() }, '.claude/settings.json')] }));
  assert.ok(older.gaps.some((g) => g.startsWith("node_modules/continuity/dist, the continuity program the hooks run, is not in sandbox.filesystem.denyWrite")), older.gaps.join('\n'));
  // Installed outside the project: the sandbox keeps everything outside the project read-only already.
  const global = wallStatus(facts({ layers: [layer('project', { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: '/usr/lib/node_modules/continuity/dist/bin/continuity hook claude-code' }] }] }, ...initWrote() }, '.claude/settings.json')] }));
  assert.deepEqual(global.gaps, []);
});
