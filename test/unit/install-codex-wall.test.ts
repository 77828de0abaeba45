import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CODEX_WALL_BEGIN, CODEX_WALL_END, CodexWallClashError, codexWallBlock, hasCodexWall, installCodexWall, uninstallCodexWall } from '../../src/install/targets/codex-wall.js';
import { inlineTable, keyPath, tomlLines } from '../../src/install/toml-lines.js';
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
  const lines = tomlLines(text);
  const value = (key: string) => lines.find((l) => l.table === '' && l.key === key)?.value;
  assert.equal(value('default_permissions'), 'continuity');
  assert.equal(value('approvals_reviewer'), 'user');
  assert.equal(value('permissions.continuity.extends'), ':workspace');
  assert.equal(value('permissions.continuity.filesystem."~/.codex"'), 'read');
  assert.deepEqual([...inlineTable(value('permissions.continuity.filesystem.":workspace_roots"')!)!], [['.continuity', 'read'], ['.codex', 'read']]);
  assert.ok(!lines.some((l) => l.key === 'sandbox_mode'), 'sandbox_mode would make Codex ignore the profile');
  assert.ok(text.startsWith(`${CODEX_WALL_BEGIN}\n`) && text.endsWith(`${CODEX_WALL_END}\n`));
});

test("the person's own config stays as it is (top-level keys, tables, CRLF), the block going first so its keys stay top-level", () => {
  const own = 'model = "o3" # pinned\n\n[tui]\nnotifications = true\n';
  const text = roundTrip(own);
  assert.ok(text.endsWith(own));
  assert.equal(tomlLines(text).find((l) => l.key === 'default_permissions')?.table, '');
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
  // The same keys inside another table are not the top level's.
  assert.ok(installCodexWall('[profiles.ci]\nsandbox_mode = "read-only"\n[permissions.other]\n', block()));
});

test('tomlLines: tables, quoted keys, comments, multi-line strings and arrays stepped over', () => {
  const text = 'a = 1 # one\n"b.c" = \'x\'\ns = """\nsandbox_mode = "no"\n"""\narr = [\n  "sandbox_mode = 1",\n]\n[projects."/x y"]\ntrust_level = "trusted"\n[[list]]\nk = "v"\n';
  assert.deepEqual(tomlLines(text).map((l) => [l.table, l.key, l.value]), [['', 'a', '1'], ['', '"b.c"', 'x'], ['', 's', ''], ['', 'arr', ''], ['projects."/x y"', 'trust_level', 'trusted'], ['list', 'k', 'v']]);
  assert.deepEqual(keyPath('projects."/x y"'), ['projects', '/x y']);
  assert.deepEqual(keyPath('permissions.continuity.filesystem."~/.codex"'), ['permissions', 'continuity', 'filesystem', '~/.codex']);
  assert.equal(inlineTable('not a table'), null);
});
