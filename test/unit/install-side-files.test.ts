import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backupFor, backupsOf, ignoresContinuity, withContinuityIgnored } from '../../src/install/side-files.js';

test('.gitignore: the usual spellings of .continuity/ count as ignored', () => {
  for (const line of ['.continuity/', '.continuity', '/.continuity/', '/.continuity', '.continuity/*', '.continuity/**', '  .continuity/  ']) {
    assert.equal(ignoresContinuity(`node_modules/\n${line}\n`), true, line);
  }
  for (const text of [null, '', 'node_modules/\n', '# .continuity/\n', '.continuity-old/\n', 'x/.continuity/\n']) {
    assert.equal(ignoresContinuity(text), false, String(text));
  }
});

test('.gitignore: the entry goes on a line of its own, with the file\'s line endings, once', () => {
  assert.equal(withContinuityIgnored(null), '.continuity/\n');
  assert.equal(withContinuityIgnored(''), '.continuity/\n');
  assert.equal(withContinuityIgnored('dist'), 'dist\n.continuity/\n');
  assert.equal(withContinuityIgnored('dist\r\n'), 'dist\r\n.continuity/\r\n');
  assert.equal(withContinuityIgnored('dist\n/.continuity\n'), 'dist\n/.continuity\n');
});

test('backups: found beside the file in order, other names ignored', () => {
  const names = ['settings.json', 'settings.json.continuity-backup-3', 'settings.json.continuity-backup', 'settings.json.continuity-backup-x', 'other.json.continuity-backup', 'settings.json.continuity-backup-2'];
  assert.deepEqual(backupsOf('settings.json', names), ['settings.json.continuity-backup', 'settings.json.continuity-backup-2', 'settings.json.continuity-backup-3']);
});

test('backups: an identical one is reused, a different one is never overwritten', () => {
  assert.deepEqual(backupFor('settings.json', 'A', new Map()), { name: 'settings.json.continuity-backup', write: true });
  assert.deepEqual(backupFor('settings.json', 'A', new Map([['settings.json.continuity-backup', 'A']])), { name: 'settings.json.continuity-backup', write: false });
  assert.deepEqual(backupFor('settings.json', 'B', new Map([['settings.json.continuity-backup', 'A']])), { name: 'settings.json.continuity-backup-2', write: true });
  assert.deepEqual(
    backupFor('settings.json', 'C', new Map([['settings.json.continuity-backup', 'A'], ['settings.json.continuity-backup-2', 'B']])),
    { name: 'settings.json.continuity-backup-3', write: true },
  );
});
