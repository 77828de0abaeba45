import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { driverCheck, hookEntryCheck, hooksCheck, ledgerCheck, nodeCheck, roundTripCheck, type HooksFacts } from '../../src/install/doctor.js';
import type { HookCommand } from '../../src/install/hook-target.js';
import { target } from '../../src/install/targets/claude-code.js';
import { loadTarget } from '../../src/install/targets/index.js';

const HOOK: HookCommand = { command: 'node', args: ['/opt/continuity/dist/cli.cjs', 'hook', 'claude-code'] };

function facts(settings: string | null, over: Partial<HooksFacts> = {}): HooksFacts {
  return { agent: 'claude-code', label: 'Claude Code', target, settings, plugin: false, exists: () => true, onPath: () => true, ...over };
}

test('node: 20 and newer pass, older fail with the fix', () => {
  assert.equal(nodeCheck('20.0.0').ok, true);
  assert.equal(nodeCheck('24.1.0').ok, true);
  const old = nodeCheck('18.19.1');
  assert.equal(old.ok, false);
  assert.match(old.fix!, /install Node 20 or newer/);
});

test('sqlite: the driver that loads, or the loader\'s message with the fix', () => {
  assert.deepEqual(driverCheck({ name: 'node:sqlite' }), { name: 'sqlite', ok: true, detail: 'node:sqlite loads' });
  assert.equal(driverCheck({ error: 'no SQLite driver available' }).ok, false);
});

test('ledger: integrity problems and schema versions other than the latest fail, each with its fix', () => {
  assert.equal(ledgerCheck({ state: 'open', integrity: ['ok'], version: 6, latest: 6 }).ok, true);
  const corrupt = ledgerCheck({ state: 'open', integrity: ['row 3 missing from index x', 'page 7 is never used'], version: 6, latest: 6 });
  assert.equal(corrupt.ok, false);
  assert.match(corrupt.detail, /^integrity check failed: row 3 missing from index x; page 7 is never used$/);
  const behind = ledgerCheck({ state: 'open', integrity: ['ok'], version: 4, latest: 6 });
  assert.deepEqual([behind.ok, behind.fix], [false, 'run any continuity command in the project (e.g. `continuity status`); it migrates the ledger']);
  const ahead = ledgerCheck({ state: 'open', integrity: ['ok'], version: 7, latest: 6 });
  assert.match(ahead.fix!, /^upgrade continuity/);
  assert.equal(ledgerCheck({ state: 'no-ledger' }).ok, true);
});

test('hooks: what init writes passes', () => {
  assert.equal(hooksCheck(facts(target.install(null, HOOK)))!.ok, true);
});

test("hooks: what init writes for the agents whose hooks are command lines passes (one command per event is one way), the package's launcher too", async () => {
  for (const agent of ['codex', 'gemini', 'cursor'] as const) {
    const t = await loadTarget(agent);
    for (const hook of [{ command: 'node', args: ['/opt/continuity/dist/cli.cjs', 'hook', agent] }, { command: 'sh', args: ['/p/node_modules/continuity/dist/launcher/continuity', 'hook', agent] }]) {
      const c = hooksCheck(facts(t.install(null, hook), { agent, label: agent, target: t }))!;
      assert.equal(c.ok, true, `${agent}: ${c.detail}`);
    }
  }
});

test('hooks: a wiring with events missing is out of date', () => {
  const full = JSON.parse(target.install(null, HOOK)) as { hooks: Record<string, unknown> };
  delete full.hooks.PreCompact;
  const c = hooksCheck(facts(JSON.stringify(full, null, 2)))!;
  assert.equal(c.ok, false);
  assert.match(c.detail, /for fewer or other events than continuity answers$/);
  assert.equal(c.fix, 'run `continuity init` to bring the wiring up to date');
});

test('hooks: continuity wired twice (by hand and by init) fails', () => {
  const installed = JSON.parse(target.install(null, HOOK)) as { hooks: Record<string, { hooks: unknown[] }[]> };
  installed.hooks.Stop![0]!.hooks.push({ type: 'command', command: 'node /opt/continuity/dist/cli.cjs hook claude-code' });
  const c = hooksCheck(facts(JSON.stringify(installed)))!;
  assert.equal(c.ok, false);
  assert.equal(c.detail, '.claude/settings.json runs continuity twice: as init wired it and as node /opt/continuity/dist/cli.cjs hook claude-code');
});

test('hooks: a runtime that is not on PATH is named', () => {
  const c = hooksCheck(facts(target.install(null, HOOK), { onPath: () => false }))!;
  assert.equal(c.ok, false);
  assert.equal(c.detail, '.claude/settings.json runs node /opt/continuity/dist/cli.cjs hook claude-code, but node does not exist');
});

test('hooks: an unreadable settings file fails with the reason', () => {
  const c = hooksCheck(facts('{ nope'))!;
  assert.equal(c.ok, false);
  assert.match(c.detail, /^\.claude\/settings\.json is not valid settings \(.*\)$/);
});

test('hooks: another agent is looked at only when its settings file exists', () => {
  assert.equal(hooksCheck(facts(null, { agent: 'gemini', label: 'Gemini CLI' })), null);
  assert.equal(hooksCheck(facts(null))!.ok, false);
});

test('hooks: with another client wired, Claude Code without settings is not asked for; with none, it is', () => {
  assert.equal(hooksCheck(facts(null, { othersWired: true })), null);
  assert.equal(hooksCheck(facts(null, { othersWired: false }))!.ok, false);
  // The plugin still counts as Claude Code's wiring and is said so.
  assert.equal(hooksCheck(facts(null, { othersWired: true, plugin: true }))!.detail, 'wired by the continuity plugin (no .claude/settings.json)');
});

for (const [agent, label, file] of [['codex', 'Codex', '.codex/hooks.json'], ['gemini', 'Gemini CLI', '.gemini/settings.json'], ['cursor', 'Cursor', '.cursor/hooks.json']] as const) {
  test(`hooks: what init writes for ${label} (one command line in every event's entry) is one way of running continuity, and passes`, async () => {
    const other = (await import(`../../src/install/targets/${agent}.js`)) as { target: typeof target };
    const hook: HookCommand = { command: '/opt/continuity/bin/continuity', args: ['hook', agent] };
    const settings = other.target.install(null, hook);
    assert.deepEqual(other.target.installedCommands(settings), [hook]);
    const c = hooksCheck({ agent, label, target: other.target, settings, plugin: false, exists: () => true, onPath: () => true })!;
    assert.deepEqual([c.ok, c.detail], [true, `${label}: ${file} runs /opt/continuity/bin/continuity hook ${agent}`]);
    // Two different command lines are still two ways.
    const two = settings.replace(/"\/opt\/continuity\/bin\/continuity hook [a-z]+"/, `"node /opt/continuity/dist/cli.cjs hook ${agent}"`);
    assert.equal(other.target.installedCommands(two).length, 2);
    assert.match(hooksCheck({ agent, label, target: other.target, settings: two, plugin: false, exists: () => true, onPath: () => true })!.detail, new RegExp(`^${file.replace('.', '\\.')} runs continuity 2 ways`));
  });
}

test('round-trip: exit 0 with nothing or a JSON object passes; anything else fails with the reason', () => {
  const base = { state: 'answered' as const, command: HOOK, ms: 42, status: 0, stdout: '', stderr: '', timedOut: false };
  assert.equal(roundTripCheck(base).ok, true);
  assert.equal(roundTripCheck({ ...base, stdout: '{"hookSpecificOutput":{}}\n' }).ok, true);
  assert.match(roundTripCheck({ ...base, stdout: 'hello\n' }).detail, /answered something Claude Code cannot read: hello$/);
  assert.match(roundTripCheck({ ...base, status: 1, stderr: 'continuity: boom\nmore\n' }).detail, /exited 1: continuity: boom$/);
  assert.match(roundTripCheck({ ...base, status: null, timedOut: true }).detail, /did not answer within the hook timeout$/);
  assert.equal(roundTripCheck({ state: 'none' }).ok, false);
});

describe('hook entry: which entry the hooks run, and why', () => {
  const launcher = { command: 'sh', args: ['/p/node_modules/continuity/dist/launcher/continuity', 'hook', 'claude-code'] };
  test("a package's launcher running the executable built on first use", () => {
    const c = hookEntryCheck({ command: launcher, launcherStderr: 'continuity entry: executable /p/node_modules/continuity/dist/launcher/../bin/continuity\n', ms: 14 });
    assert.deepEqual(c, { name: 'hook entry', ok: true, detail: 'compiled executable /p/node_modules/continuity/dist/bin/continuity, built for this machine on first use, through the launcher (a SessionStart call: 14 ms)' });
  });
  test('the launcher running Node says why the executable does not run', () => {
    const c = hookEntryCheck({ command: launcher, launcherStderr: 'continuity entry: node /p/d/launcher/../cli.cjs\ncontinuity executable: /p/d/launcher/../bin/continuity could not be built: fetching @oven/bun-linux-x64@1.4.5 with npm pack failed: ENOTFOUND\n', ms: 130 });
    assert.equal(c?.ok, true);
    assert.match(c!.detail, /^Node with \/p\/d\/cli\.cjs, through the launcher: the executable \/p\/d\/bin\/continuity could not be built: fetching .* ENOTFOUND \(a SessionStart call: 130 ms\); `continuity build-executable` builds it now/);
  });
  test('a launcher that names nothing fails', () => {
    assert.equal(hookEntryCheck({ command: launcher, launcherStderr: '', ms: null })?.ok, false);
  });
  test('the executable wired directly, and Node wired directly', () => {
    assert.match(hookEntryCheck({ command: { command: '/c/dist/bin/continuity', args: ['hook', 'claude-code'] }, launcherStderr: null, ms: 12 })!.detail, /^compiled executable \/c\/dist\/bin\/continuity, built with this installation/);
    assert.match(hookEntryCheck({ command: { command: 'node', args: ['/c/dist/cli.cjs', 'hook', 'claude-code'] }, launcherStderr: null, ms: 120 })!.detail, /^Node with \/c\/dist\/cli\.cjs: the hooks are wired to Node, not to a compiled executable/);
  });
  test("the plugin's launcher is left to the plugin's own check", () => {
    assert.equal(hookEntryCheck({ command: { command: 'sh', args: ['/h/.claude/plugins/c/bin/continuity', 'hook', 'claude-code'] }, launcherStderr: null, ms: 12 }), null);
  });
});
