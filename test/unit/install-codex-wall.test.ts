import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CODEX_WALL_BEGIN, CODEX_WALL_END, CodexWallClashError, codexWallBlock, hasCodexWall, installCodexWall, uninstallCodexWall } from '../../src/install/targets/codex-wall.js';
import { parseToml, tomlGet } from '../../src/formats/toml.js';
import { codexWallPaths } from '../../src/install/wall-spec.js';

const block = (protect: string[] = [], programs: string[] = []) => codexWallBlock(codexWallPaths(protect, programs));

/** install, install again (nothing changes), uninstall (the original, byte for byte). */
function roundTrip(original: string | null, protect: string[] = []): string {
  const first = installCodexWall(original, block(protect))!;
  assert.equal(installCodexWall(first, block(protect)), first, 'a second install changes nothing');
  assert.equal(uninstallCodexWall(first), original, 'uninstall gives the original back byte for byte');
  return first;
}

test('the block selects continuity\'s profile, keeps escalations with the person, and makes the state, the wiring and ~/.codex read-only', () => {
  const text = roundTrip(null);
  const doc = parseToml(text)!;
  assert.equal(doc.default_permissions, 'continuity');
  assert.equal(doc.approvals_reviewer, 'user');
  assert.equal(tomlGet(doc, ['permissions', 'continuity', 'extends']), ':workspace');
  assert.equal(tomlGet(doc, ['permissions', 'continuity', 'filesystem', '~/.codex']), 'read');
  assert.deepEqual({ ...(tomlGet(doc, ['permissions', 'continuity', 'filesystem', ':workspace_roots']) as object) }, { '.continuity': 'read', '.codex': 'read' });
  assert.equal(doc.sandbox_mode, undefined, 'sandbox_mode would make Codex ignore the profile');
  assert.ok(text.startsWith(`${CODEX_WALL_BEGIN}\n`) && text.endsWith(`${CODEX_WALL_END}\n`));
});

test("the person's own config stays as it is (top-level keys, tables, CRLF), the block going first so its keys stay top-level", () => {
  const own = 'model = "o3" # pinned\n\n[tui]\nnotifications = true\n';
  const text = roundTrip(own);
  assert.ok(text.endsWith(own));
  assert.equal(parseToml(text)!.default_permissions, 'continuity', 'a top-level key');
  const crlf = roundTrip('model = "o3"\r\n[projects."/p"]\r\ntrust_level = "trusted"\r\n');
  assert.ok(!/[^\r]\n/.test(crlf), 'CRLF throughout');
});

test('protect entries: paths and folder/** subtrees are read-only, other globs are left to the hooks; the program the hooks run is kept', () => {
  const paths = codexWallPaths(['./secret.txt', 'docs/plans/**', '*.md', 'src/**/gen.ts', 'notes/'], ['node_modules/continuity/dist']);
  assert.deepEqual(paths.project, ['.continuity', '.codex', 'node_modules/continuity/dist', 'secret.txt', 'docs/plans/**', 'notes']);
  assert.deepEqual(paths.unexpressible, ['*.md', 'src/**/gen.ts']);
  assert.match(block(['docs/plans/**']), /"docs\/plans\/\*\*" = "read"/);
});

test('a changed protect list replaces the block; sandbox.mode off takes it out', () => {
  const own = '[tui]\nnotifications = true\n';
  const first = installCodexWall(own, block())!;
  const more = installCodexWall(first, block(['secret.txt']))!;
  assert.match(more, /"secret\.txt" = "read"/);
  assert.equal(more.split(CODEX_WALL_BEGIN).length, 2, 'one block');
  assert.equal(installCodexWall(more, null), own);
  assert.equal(installCodexWall(null, null), null);
  assert.equal(hasCodexWall(own), false);
});

test("a config that would undo the wall or clash with it is refused: sandbox_mode, the block's own keys, a profile of the same name", () => {
  const cases: [string, RegExp][] = [
    ['sandbox_mode = "workspace-write"\n', /sets sandbox_mode \(line 1\), which makes Codex ignore the permission profile/],
    ['model = "o3"\ndefault_permissions = ":workspace"\n', /already sets default_permissions \(line 2\)/],
    ["approvals_reviewer = 'auto_review'\n", /already sets approvals_reviewer/],
    ['[permissions.continuity]\n', /already has a permission profile named continuity \(line 1\)/],
    ['[permissions.continuity.filesystem]\n":root" = "read"\n', /already has a permission profile named continuity \(line 1\)$/],
    ['model = "o3"\n[permissions]\n', /defines the permissions table whole \(line 2\), which TOML does not allow beside the wall's profile/],
    ['permissions = { }\n', /defines the permissions table whole \(line 1\)/],
  ];
  for (const [own, reason] of cases) {
    assert.throws(() => installCodexWall(own, block()), (err: Error) => err instanceof CodexWallClashError && reason.test(err.message.replace(/; remove that.*$/, '')), own);
  }
  // Not TOML at all: said, nothing written.
  assert.throws(() => installCodexWall('model = "o3\n', block()), /it is not valid TOML \(line 1: /);
  // The same keys inside another table are not the top level's.
  assert.ok(installCodexWall('[profiles.ci]\nsandbox_mode = "read-only"\n[permissions.other]\n', block()));
});

test("git's hooks and exec config that exist are read-only in the profile; a missing one is not listed (Codex's bubblewrap would fail every command making its mount point in the read-only .git)", () => {
  const present = new Set(['.git/hooks', '.git/config']);
  const doc = parseToml(codexWallBlock(codexWallPaths([], [], (p) => present.has(p))))!;
  assert.deepEqual({ ...(tomlGet(doc, ['permissions', 'continuity', 'filesystem', ':workspace_roots']) as object) }, { '.continuity': 'read', '.codex': 'read', '.git/hooks': 'read', '.git/config': 'read' });
});
