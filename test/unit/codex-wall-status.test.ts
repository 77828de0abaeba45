import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codexWallStatus, type CodexConfigLayer, type CodexWallFacts } from '../../src/install/codex-wall-status.js';
import { codexWallBlock } from '../../src/install/targets/codex-wall.js';
import { codexWallPaths } from '../../src/install/wall-spec.js';
import { describeWallForAgent } from '../../src/install/wall-status.js';

const ROOT = '/work/p';
const TRUSTED = `[projects."${ROOT}"]\ntrust_level = "trusted"\n`;

function facts(project: string | null, user: string | null = TRUSTED, more: Partial<CodexWallFacts> = {}): CodexWallFacts {
  const layers: CodexConfigLayer[] = [
    { scope: 'project', file: '.codex/config.toml', text: project },
    { scope: 'user', file: '~/.codex/config.toml', text: user },
    { scope: 'system', file: '/etc/codex/config.toml', text: null },
  ];
  return { platform: 'linux', root: ROOT, layers, protect: [], programs: [], wired: true, mode: 'required', ...more };
}

const wall = (protect: string[] = [], programs: string[] = []) => codexWallBlock(codexWallPaths(protect, programs));

test("init's block in a trusted project: the wall stands, Codex's sandbox keeping the state and the wiring read-only", () => {
  const s = codexWallStatus(facts(wall()));
  assert.equal(s.level, 'structural');
  assert.equal(s.summary, "structural: Codex's sandbox (bubblewrap) keeps .continuity/ and the hook wiring (.codex/, ~/.codex) read-only to the agent's commands");
  assert.deepEqual(s.gaps, []);
  assert.equal(s.configured, true);
  assert.match(describeWallForAgent(s, "Codex's sandbox"), /read-only to the agent's commands \(Codex's sandbox\)/);
  const more = codexWallStatus(facts(wall(['secret.txt', '*.pem'], ['node_modules/continuity/dist']), TRUSTED, { protect: ['secret.txt', '*.pem'], programs: ['node_modules/continuity/dist'] }));
  assert.match(more.summary, /the continuity program the hooks run \(node_modules\/continuity\/dist\) and 1 protected path read-only/);
  assert.deepEqual(more.gaps, ["protect entry *.pem is a glob Codex's sandbox cannot keep read-only (only a path or a folder/**); the hooks guard it"]);
});

test('no wall, or one Codex would not apply: hooks only, with the reason', () => {
  const cases: [CodexWallFacts, RegExp][] = [
    [facts(null), /^hooks only: no Codex config selects continuity's permission profile \(default_permissions\)$/],
    // The project's profile is the highest layer: a person's own sandbox_mode does not undo it (Codex 0.169.0), one in the project does.
    [facts(wall(), `sandbox_mode = "workspace-write"\n${TRUSTED}`), /^structural/],
    [facts(`model = "o3"\nsandbox_mode = "workspace-write"\n${wall()}`), /^hooks only: sandbox_mode is set in \.codex\/config\.toml: Codex then ignores default_permissions/],
    [facts(null, 'sandbox_mode = "workspace-write"\ndefault_permissions = "continuity"\n'), /^hooks only: sandbox_mode is set in ~\/\.codex\/config\.toml/],
    [facts(null, 'default_permissions = ":workspace"\n'), /^hooks only: default_permissions is ":workspace" in ~\/\.codex\/config\.toml, not continuity's profile$/],
    [facts(wall(), `approvals_reviewer = "auto_review"\n${TRUSTED}`), /^structural/],
    [facts('default_permissions = "continuity"\napprovals_reviewer = "auto_review"\npermissions.continuity.filesystem.":workspace_roots" = { ".continuity" = "read" }\n'), /^hooks only: approvals_reviewer is "auto_review" in \.codex\/config\.toml: Codex's reviewer agent, not the person/],
    [facts('default_permissions = "continuity"\n[permissions.continuity.filesystem]\n":workspace_roots" = { "." = "write" }\n'), /^hooks only: \.continuity is not read-only in the permission profile continuity$/],
    [facts(wall(), TRUSTED, { platform: 'win32' }), /^hooks only: the wall is configured but continuity has not tried Codex's sandbox on native Windows$/],
    [facts(null, TRUSTED, { mode: 'off' }), /^hooks only: sandbox\.mode is off/],
  ];
  for (const [f, summary] of cases) assert.match(codexWallStatus(f).summary, summary, f.layers.map((l) => l.text).join('|'));
});

test("what the wall leaves open is said: an untrusted project, a config profile with sandbox_mode, a path init would add; the hooks switched off silence everything", () => {
  const s = codexWallStatus(facts(wall(), '[profiles.yolo]\nsandbox_mode = "danger-full-access"\n', { protect: ['secret.txt'] }));
  assert.equal(s.level, 'structural');
  assert.deepEqual(s.gaps, [
    'secret.txt is not read-only in the permission profile continuity: run continuity init --agent codex',
    `~/.codex/config.toml does not mark ${ROOT} as trusted: Codex reads the project's .codex/config.toml (the wall) and .codex/hooks.json only in a trusted project`,
    'the config profile yolo in ~/.codex/config.toml sets sandbox_mode: a session started with --profile yolo runs without the wall',
  ]);
  const off = codexWallStatus(facts(wall(), `${TRUSTED}[features]\nhooks = false\n`));
  assert.equal(off.silenced, "hooks = false in [features] of ~/.codex/config.toml: Codex runs no hook, continuity's included");
  assert.equal(describeWallForAgent(off, "Codex's sandbox"), '');
});
