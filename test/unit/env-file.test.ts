import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keptContent } from '../../src/app/guard.js';
import { settingsLines, withSettingsLines } from '../../src/formats/env-file.js';
import { shrinkEnvSnapshots } from '../../src/ledger/shrink-events.js';
import type { SqlDatabase } from '../../src/ledger/driver.js';

const ENV = 'API_KEY=sk-live-123\nexport GEMINI_CLI_HOME=/home/me/g\nDEBUG=1\n';

test("an env file's snapshot keeps only the lines that move a client's settings, never the person's secrets", () => {
  assert.equal(keptContent('.env', ENV), 'export GEMINI_CLI_HOME=/home/me/g\n');
  assert.equal(keptContent('.gemini/.env', 'API_KEY=x\n'), '');
  assert.equal(keptContent('.claude/settings.json', '{"a":1}'), '{"a":1}');
  assert.equal(settingsLines('GEMINI_CLI_SYSTEM_SETTINGS_PATH=/x\r\nTOKEN=y\r\n'), 'GEMINI_CLI_SYSTEM_SETTINGS_PATH=/x\n');
});

test('putting an env file back changes only those lines: the rest stays as it is now', () => {
  assert.equal(withSettingsLines('API_KEY=new\nGEMINI_CLI_HOME=/tmp/evil\nNEW=1\n', 'GEMINI_CLI_HOME=/home/me/g\n'), 'API_KEY=new\nNEW=1\nGEMINI_CLI_HOME=/home/me/g\n');
  assert.equal(withSettingsLines('API_KEY=new\nGEMINI_CLI_HOME=/tmp/evil\n', ''), 'API_KEY=new\n');
  // A file that did not exist, made only to move the settings, goes; one that holds more keeps the rest.
  assert.equal(withSettingsLines('GEMINI_CLI_HOME=/tmp/evil\n', null), null);
  assert.equal(withSettingsLines('A=1\nGEMINI_CLI_HOME=/tmp/evil\n', null), 'A=1\n');
});

test('the migration takes the secrets out of env snapshots an earlier continuity kept whole', () => {
  const rows = [
    { path: '.env', content: ENV as string | null },
    { path: '.claude/settings.json', content: '{"hooks":{}}' as string | null },
  ];
  const db = {
    all: () => rows.map((r) => ({ ...r })),
    run: (_sql: string, content: string, path: string) => {
      rows.find((r) => r.path === path)!.content = content;
      return { changes: 1, lastInsertRowid: 0 };
    },
  } as unknown as SqlDatabase;
  assert.equal(shrinkEnvSnapshots(db), 1);
  assert.deepEqual(rows, [
    { path: '.env', content: 'export GEMINI_CLI_HOME=/home/me/g\n' },
    { path: '.claude/settings.json', content: '{"hooks":{}}' },
  ]);
});
