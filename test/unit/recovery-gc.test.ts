import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COPY_IDLE_DAYS, copyVerdict, recordVerdict } from '../../src/domain/recovery-gc.js';

const now = Date.parse('2026-06-01T00:00:00Z');
const day = 86_400_000;
const base = { rootExists: true, sameFolder: true, ledger: false, wiring: false, renewedAtMs: now - (COPY_IDLE_DAYS + 1) * day };

test('a copy goes with its folder, or when the folder at its path is another one', () => {
  assert.equal(copyVerdict({ ...base, rootExists: false, sameFolder: false, ledger: true }, now).remove, true);
  assert.equal(copyVerdict({ ...base, sameFolder: false, ledger: true }, now).remove, true);
});

test('a project with its ledger, or wired to continuity without it, keeps its copy however old', () => {
  assert.equal(copyVerdict({ ...base, ledger: true }, now).remove, false);
  assert.equal(copyVerdict({ ...base, wiring: true }, now).remove, false);
});

test('without ledger and wiring a copy goes only once it has not been renewed for the idle days (an unreadable time keeps it)', () => {
  assert.equal(copyVerdict(base, now).remove, true);
  assert.equal(copyVerdict({ ...base, renewedAtMs: now - (COPY_IDLE_DAYS - 1) * day }, now).remove, false);
  assert.equal(copyVerdict({ ...base, renewedAtMs: Number.NaN }, now).remove, false);
});

test("a guarded workspace's record goes only with the workspace", () => {
  assert.equal(recordVerdict(true).remove, false);
  assert.equal(recordVerdict(false).remove, true);
});
