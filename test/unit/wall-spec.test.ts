import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLAUDE_CODE_MOUNTED_FOLDERS, claudeCodeWallPaths, claudeCodeWallSettings } from '../../src/install/wall-spec.js';
import { INBOX_DIR } from '../../src/ledger/ledger-dir.js';

test('the wall keeps the ledger, the hook wiring and the protect list read-only, and never the inbox', () => {
  const paths = claudeCodeWallPaths(['migrations/**', './secrets/*.key', '/ops/deploy.sh', '']);
  assert.deepEqual(paths.project, ['.continuity', '.claude/settings.json', '.claude/settings.local.json', 'migrations/**', 'secrets/*.key', 'ops/deploy.sh']);
  assert.deepEqual(paths.home, ['.claude/settings.json', '.claude/plugins']);
  assert.ok(![...paths.project, ...paths.home].some((p) => p.startsWith(INBOX_DIR)));
  // Not the whole .claude folder: Claude Code 2.1.197 then fails every Bash command.
  assert.ok(!paths.project.includes('.claude'));
  assert.deepEqual(CLAUDE_CODE_MOUNTED_FOLDERS, ['.claude']);
});

test('required: the sandbox on, refusing to start without it, no unsandboxed fallback; the file tools denied by rule', () => {
  const s = claudeCodeWallSettings(claudeCodeWallPaths(['migrations/**']), 'required');
  assert.deepEqual(s.sandbox, {
    enabled: true,
    failIfUnavailable: true,
    allowUnsandboxedCommands: false,
    // .claude bound writable as a folder of its own (a mount point), so it cannot be renamed away from its read-only settings files.
    filesystem: { allowWrite: ['./.claude'], denyWrite: ['./.continuity', './.claude/settings.json', './.claude/settings.local.json', './migrations/**', '~/.claude/settings.json', '~/.claude/plugins'] },
  });
  assert.deepEqual(s.permissionsDeny, ['Edit(/.continuity/**)', 'Edit(/.claude/settings.json)', 'Edit(/.claude/settings.local.json)', 'Edit(/migrations/**)', 'Edit(~/.claude/settings.json)']);
});

test('preferred leaves failIfUnavailable out; off leaves the sandbox alone but keeps the file tools\' rules', () => {
  const paths = claudeCodeWallPaths([]);
  assert.equal('failIfUnavailable' in (claudeCodeWallSettings(paths, 'preferred').sandbox ?? {}), false);
  const off = claudeCodeWallSettings(paths, 'off');
  assert.equal(off.sandbox, null);
  assert.ok(off.permissionsDeny.includes('Edit(/.continuity/**)'));
});

test("a continuity installed in the project's own node_modules is kept by the wall, its folder whole for the file tools", () => {
  const s = claudeCodeWallSettings(claudeCodeWallPaths(['migrations/**'], ['node_modules/continuity/dist']), 'required');
  assert.ok((s.sandbox!.filesystem as { denyWrite: string[] }).denyWrite.includes('./node_modules/continuity/dist'));
  assert.ok(s.permissionsDeny.includes('Edit(/node_modules/continuity/dist/**)'));
  assert.ok(s.permissionsDeny.includes('Edit(/migrations/**)'));
});
