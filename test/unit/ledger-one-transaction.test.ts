import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { appendEvent } from '../../src/ledger/events.js';
import { Ledger } from '../../src/ledger/ledger.js';
import { spoolEvent } from '../../src/ledger/spool.js';
import { loadDriver } from '../../src/ledger/select-driver.js';

function scratch(): { root: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), 'continuity-one-tx-'));
  after(() => rmSync(base, { recursive: true, force: true }));
  const root = join(base, 'project');
  mkdirSync(join(root, '.git'), { recursive: true });
  return { root, env: { CONTINUITY_STATE_HOME: join(base, 'state') } };
}

/** The events another process sees: a connection of its own on the ledger file, reading what is committed. */
const kinds = async (root: string): Promise<string[]> => {
  const reader = (await loadDriver()).open(join(root, '.continuity', 'ledger.db'), { mustExist: true });
  try {
    return reader.all<{ kind: string }>('SELECT kind FROM events ORDER BY id').map((r) => r.kind);
  } finally {
    reader.close();
  }
};

test("a hook call's one transaction commits the spooled events with its own, and removes their files only after the commit", async () => {
  const { root, env } = scratch();
  (await Ledger.open(root, { create: true, env })).close();
  const dir = join(root, '.continuity');
  spoolEvent(dir, { at: '2026-12-02T10:00:00.000Z', source: 'hook:claude-code', kind: 'PreToolUse', sessionId: 's', input: { n: 1 }, decision: { action: 'allow' } });
  spoolEvent(dir, { at: '2026-12-02T10:00:01.000Z', source: 'hook:claude-code', kind: 'PreToolUse', sessionId: 's', input: { n: 2 }, decision: { action: 'allow' } });

  const ledger = await Ledger.open(root, { env, oneTransaction: true, lagRecovery: true });
  try {
    ledger.write((db) => appendEvent(db, { at: '2026-12-02T10:00:02.000Z', source: 'hook:claude-code', kind: 'Stop', sessionId: 's', input: {}, decision: { action: 'block' } }));
    // Taken in and written, not yet committed: another process sees neither, and the spool files stand.
    assert.deepEqual(await kinds(root), []);
    assert.equal(readdirSync(join(dir, 'spool')).filter((n) => !n.startsWith('.')).length, 2);
    ledger.commit();
    assert.deepEqual(await kinds(root), ['PreToolUse', 'PreToolUse', 'Stop']);
    assert.equal(readdirSync(join(dir, 'spool')).filter((n) => !n.startsWith('.')).length, 0);
  } finally {
    ledger.close();
  }
});

test('a write that throws inside the one transaction leaves nothing of itself, and what was written before it is kept', async () => {
  const { root, env } = scratch();
  (await Ledger.open(root, { create: true, env })).close();
  const ledger = await Ledger.open(root, { env, oneTransaction: true });
  try {
    ledger.write((db) => appendEvent(db, { at: '2026-12-02T10:00:00.000Z', source: 'test', kind: 'first', input: {} }));
    assert.throws(() =>
      ledger.write((db) => {
        appendEvent(db, { at: '2026-12-02T10:00:01.000Z', source: 'test', kind: 'half', input: {} });
        throw new Error('the rule failed');
      }),
    );
    ledger.write((db) => appendEvent(db, { at: '2026-12-02T10:00:02.000Z', source: 'test', kind: 'last', input: {} }));
  } finally {
    // A call that fails before its commit: the close commits what was whole.
    ledger.close();
  }
  assert.deepEqual(await kinds(root), ['first', 'last']);
  assert.ok(existsSync(join(root, '.continuity', 'ledger.db')));
});
