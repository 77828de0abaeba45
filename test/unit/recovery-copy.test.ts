import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { appendEvent, countEvents } from '../../src/ledger/events.js';
import { Ledger } from '../../src/ledger/ledger.js';
import { CHAIN_MARK_EVERY, COPY_SCALE_BYTES, extendChain, FULL_COPY_INTERVAL_MS, LAG_EVENTS, needsFullCopy, readRecoveryHead, recoveryDirOf, SMALL_LEDGER_BYTES, type RecoveryHead } from '../../src/ledger/recovery-copy.js';

function scratch(): { root: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), 'continuity-recovery-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const root = join(base, 'project');
  mkdirSync(join(root, '.git'), { recursive: true });
  return { root, env: { CONTINUITY_STATE_HOME: join(base, 'state') } };
}

const head = (at: string, trustKey = 'k'): RecoveryHead => ({ v: 1, root: '/p', rootId: '1:1', events: 1, maxId: 1, chain: 'c', trustKey, at });

test('the whole ledger is copied when there is no copy, when trust changed, when it is small or the copy is old; else only the events are appended', () => {
  const now = Date.parse('2026-11-25T10:00:00.000Z');
  const big = SMALL_LEDGER_BYTES * 4;
  assert.equal(needsFullCopy(null, { trustKey: 'k', ledgerBytes: big, nowMs: now }), true);
  assert.equal(needsFullCopy(head('2026-11-25T09:59:59.000Z', 'other'), { trustKey: 'k', ledgerBytes: big, nowMs: now }), true);
  assert.equal(needsFullCopy(head('2026-11-25T09:59:59.000Z'), { trustKey: 'k', ledgerBytes: SMALL_LEDGER_BYTES, nowMs: now }), true);
  assert.equal(needsFullCopy(head(new Date(now - FULL_COPY_INTERVAL_MS).toISOString()), { trustKey: 'k', ledgerBytes: big, nowMs: now }), true);
  assert.equal(needsFullCopy(head('2026-11-25T09:59:59.000Z'), { trustKey: 'k', ledgerBytes: big, nowMs: now }), false);
  // A year's ledger is copied whole less often: the interval grows with its size past COPY_SCALE_BYTES.
  const year = COPY_SCALE_BYTES * 40;
  assert.equal(needsFullCopy(head(new Date(now - 10 * FULL_COPY_INTERVAL_MS).toISOString()), { trustKey: 'k', ledgerBytes: year, nowMs: now }), false);
  assert.equal(needsFullCopy(head(new Date(now - 41 * FULL_COPY_INTERVAL_MS).toISOString()), { trustKey: 'k', ledgerBytes: year, nowMs: now }), true);
  assert.equal(needsFullCopy(head(new Date(now - 10 * FULL_COPY_INTERVAL_MS).toISOString(), 'other'), { trustKey: 'k', ledgerBytes: year, nowMs: now }), true);
  // A clock that went backwards is no reason to trust an old copy.
  assert.equal(needsFullCopy(head('2026-11-25T10:05:00.000Z'), { trustKey: 'k', ledgerBytes: big, nowMs: now }), true);
});

test("a hook's renewal lets even a small ledger's copy lag, by at most LAG_EVENTS events (more in proportion on a large ledger) and one interval; a change of trust copies it at once", () => {
  const now = Date.parse('2026-11-25T10:00:00.000Z');
  const recent = head('2026-11-25T09:59:59.000Z');
  const small = SMALL_LEDGER_BYTES / 4;
  assert.equal(needsFullCopy(recent, { trustKey: 'k', ledgerBytes: small, nowMs: now, lag: { tailEvents: 1 } }), false);
  assert.equal(needsFullCopy(recent, { trustKey: 'k', ledgerBytes: small, nowMs: now, lag: { tailEvents: LAG_EVENTS - 1 } }), false);
  assert.equal(needsFullCopy(recent, { trustKey: 'k', ledgerBytes: small, nowMs: now, lag: { tailEvents: LAG_EVENTS } }), true);
  assert.equal(needsFullCopy(head('2026-11-25T09:59:59.000Z', 'other'), { trustKey: 'k', ledgerBytes: small, nowMs: now, lag: { tailEvents: 1 } }), true);
  assert.equal(needsFullCopy(head(new Date(now - FULL_COPY_INTERVAL_MS).toISOString()), { trustKey: 'k', ledgerBytes: small, nowMs: now, lag: { tailEvents: 1 } }), true);
  assert.equal(needsFullCopy(null, { trustKey: 'k', ledgerBytes: small, nowMs: now, lag: { tailEvents: 0 } }), true);
  // A year's ledger: the bound grows with it, as the interval does.
  const year = COPY_SCALE_BYTES * 40;
  assert.equal(needsFullCopy(recent, { trustKey: 'k', ledgerBytes: year, nowMs: now, lag: { tailEvents: LAG_EVENTS * 39 } }), false);
  assert.equal(needsFullCopy(recent, { trustKey: 'k', ledgerBytes: year, nowMs: now, lag: { tailEvents: LAG_EVENTS * 40 } }), true);
});

test('a large ledger restored after deletion comes back with the events recorded after its last full copy (from the tail)', async () => {
  const { root, env } = scratch();
  const pad = 'x'.repeat(4096);
  let ledger = await Ledger.open(root, { create: true, env });
  ledger.write((db) => {
    // Written as rows, past the audit trail's bound (appendEvent keeps inputs small): a ledger above SMALL_LEDGER_BYTES.
    for (let i = 0; i < 400; i++) db.run('INSERT INTO events (at, source, kind, input) VALUES (?, ?, ?, ?)', '2026-11-25T10:00:00.000Z', 'test', 'pad', JSON.stringify({ pad, i }));
  });
  ledger.close();
  const full = readRecoveryHead(recoveryDirOf(root, env), root);
  assert.ok(full, 'a full copy with its head');
  // Within the interval, and nothing of trust changed: these go to the tail only.
  ledger = await Ledger.open(root, { env });
  ledger.write((db) => {
    for (let i = 0; i < 5; i++) appendEvent(db, { at: '2026-11-25T10:00:01.000Z', source: 'test', kind: 'late', input: { i } });
  });
  const total = countEvents(ledger.db);
  ledger.close();
  assert.deepEqual(readRecoveryHead(recoveryDirOf(root, env), root), full, 'the head, and so the full copy, is unchanged');
  assert.ok(existsSync(join(recoveryDirOf(root, env), 'events-tail.jsonl')));

  rmSync(join(root, '.continuity'), { recursive: true });
  ledger = await Ledger.open(root, { env });
  try {
    assert.match(String(ledger.restored), /\.continuity\/ was removed/);
    // Every event before, the tail's included, plus the restore's own record.
    assert.equal(countEvents(ledger.db), total + 1);
    assert.equal(ledger.db.all("SELECT id FROM events WHERE kind = 'late'").length, 5);
  } finally {
    ledger.close();
  }
});

test('deleted events are seen from the count the triggers keep, and from a real count when a trigger was dropped to hide them', async () => {
  for (const dropTrigger of [false, true]) {
    const { root, env } = scratch();
    let ledger = await Ledger.open(root, { create: true, env });
    ledger.write((db) => {
      for (let i = 0; i < 20; i++) appendEvent(db, { at: '2026-11-25T10:00:00.000Z', source: 'test', kind: 'x', input: { i } });
    });
    assert.equal(countEvents(ledger.db), 20);
    ledger.close();
    // Changed behind continuity's back, as anything with sqlite3 could.
    ledger = await Ledger.open(root, { env });
    if (dropTrigger) ledger.db.exec('DROP TRIGGER events_uncounted');
    ledger.db.exec('DELETE FROM events WHERE id IN (3, 4, 5)');
    assert.equal(countEvents(ledger.db), 17);
    ledger.db.close();
    ledger = await Ledger.open(root, { env });
    try {
      assert.match(String(ledger.restored), /3 of the ledger's 20 recorded events were deleted/);
    } finally {
      ledger.close();
    }
  }
});

test("the copy's head marks the chain every CHAIN_MARK_EVERY events: re-hashing from a mark gives the head's chain, as from the first event", async () => {
  const { root, env } = scratch();
  const ledger = await Ledger.open(root, { create: true, env });
  const total = CHAIN_MARK_EVERY * 2 + 500;
  ledger.write((db) => {
    for (let i = 0; i < total; i++) db.run('INSERT INTO events (at, source, kind, input) VALUES (?, ?, ?, ?)', '2026-11-25T10:00:00.000Z', 'test', 'x', `{"i":${i}}`);
  });
  ledger.close();
  const head = readRecoveryHead(recoveryDirOf(root, env), root)!;
  assert.deepEqual(
    head.marks?.map((m) => m.events),
    [CHAIN_MARK_EVERY, CHAIN_MARK_EVERY * 2],
  );
  const again = await Ledger.open(root, { env });
  try {
    const [first] = head.marks!;
    assert.equal(extendChain(again.db, first!.chain, first!.id, head.maxId).chain, head.chain);
    assert.equal(extendChain(again.db, '', 0, head.maxId).chain, head.chain);
    // An event before the mark altered: only the full re-hash sees it.
    again.db.run('UPDATE events SET input = ? WHERE id = 10', '{"i":"changed"}');
    assert.equal(extendChain(again.db, first!.chain, first!.id, head.maxId).chain, head.chain);
    assert.notEqual(extendChain(again.db, '', 0, head.maxId).chain, head.chain);
  } finally {
    again.db.close();
  }
});
