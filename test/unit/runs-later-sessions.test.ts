// Which session's changes to what runs later are named, at its Stop and by status (src/app/runs-later.ts), on real files.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { noteRunsLaterWrite, runsLaterAtStop, runsLaterForStatus, takeRunsLaterBaseline } from '../../src/app/runs-later.js';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-runs-later-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '.continuity'));
  mkdirSync(join(dir, '.husky'));
  return dir;
}

test('runs later: a change is named at the Stop once for each content; changed again, it is named again', () => {
  const dir = project();
  takeRunsLaterBaseline(dir, 'a', '2026-01-01T00:00:00.000Z');
  writeFileSync(join(dir, '.husky', 'pre-commit'), 'one\n');
  const first = runsLaterAtStop(dir, 'a', '2026-01-01T00:01:00.000Z');
  assert.equal(first?.words, 'runs at your next commit: .husky/pre-commit (new), changed in this session');
  first!.said();
  assert.equal(runsLaterAtStop(dir, 'a', '2026-01-01T00:02:00.000Z'), null);
  writeFileSync(join(dir, '.husky', 'pre-commit'), 'two\n');
  assert.equal(runsLaterAtStop(dir, 'a', '2026-01-01T00:03:00.000Z')?.words, 'runs at your next commit: .husky/pre-commit (new), changed in this session');
});

test('runs later: a resumed session keeps the fingerprint of its first start', () => {
  const dir = project();
  takeRunsLaterBaseline(dir, 'a', '2026-01-01T00:00:00.000Z');
  writeFileSync(join(dir, '.envrc'), 'export X=1\n');
  takeRunsLaterBaseline(dir, 'a', '2026-01-01T00:05:00.000Z');
  assert.deepEqual(runsLaterAtStop(dir, 'a', '2026-01-01T00:06:00.000Z')?.changes.map((c) => c.key), ['.envrc']);
});

test('runs later: status names an earlier session\'s change while the part is as that session left it, and the latest session\'s whatever it is', () => {
  const dir = project();
  takeRunsLaterBaseline(dir, 'a', '2026-01-01T00:00:00.000Z');
  writeFileSync(join(dir, '.husky', 'pre-commit'), 'from a\n');
  writeFileSync(join(dir, 'Makefile'), 'all:\n\techo a\n');
  runsLaterAtStop(dir, 'a', '2026-01-01T00:01:00.000Z')!.said();
  // The person edits the Makefile after session a; then session b starts and writes .envrc.
  writeFileSync(join(dir, 'Makefile'), 'all:\n\techo mine\n');
  takeRunsLaterBaseline(dir, 'b', '2026-01-01T01:00:00.000Z');
  writeFileSync(join(dir, '.envrc'), 'export X=1\n');
  assert.deepEqual(
    runsLaterForStatus(dir).map((r) => [r.path, r.sessionId, r.latest]),
    [['.envrc', 'b', true], ['.husky/pre-commit', 'a', false]],
  );
});

test('runs later: a file tool\'s write in a session without a fingerprint is named at its Stop as changed; a write elsewhere is not noted', () => {
  const dir = project();
  noteRunsLaterWrite(dir, 'c', 'src/index.ts', '2026-01-01T00:00:00.000Z');
  assert.equal(runsLaterForStatus(dir).length, 0);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { postinstall: 'node x.js', test: 'node --test' } }));
  noteRunsLaterWrite(dir, 'c', 'package.json', '2026-01-01T00:00:01.000Z');
  assert.equal(runsLaterAtStop(dir, 'c', '2026-01-01T00:01:00.000Z')?.words, 'runs at your next npm install: package.json scripts.postinstall, changed in this session');
});

test('runs later: a file rewritten with the same size and its modification time set back is still seen as changed (the change time cannot be set back)', () => {
  const dir = project();
  const hook = join(dir, '.husky', 'pre-commit');
  writeFileSync(hook, 'npm test\n');
  // A whole second, which utimes sets exactly.
  utimesSync(hook, 1_700_000_000, 1_700_000_000);
  const before = statSync(hook);
  takeRunsLaterBaseline(dir, 'a', '2026-01-01T00:00:00.000Z');
  writeFileSync(hook, 'rm -rf ~\n');
  utimesSync(hook, 1_700_000_000, 1_700_000_000);
  assert.equal(statSync(hook).size, before.size);
  assert.equal(statSync(hook).mtimeMs, before.mtimeMs);
  assert.deepEqual(runsLaterAtStop(dir, 'a', '2026-01-01T00:01:00.000Z')?.changes.map((c) => c.key), ['.husky/pre-commit']);
});
