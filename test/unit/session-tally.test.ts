/**
 * Schema 12: the sessions `status` lists by client come from a tally the
 * triggers on `event_rows` keep (src/ledger/session-tally.ts), and say what
 * counting the events themselves says: after events are written (hooks,
 * commands with a client, events with no session), moved to another session
 * or client, and removed; and after a ledger whose events were written
 * before the tally existed migrates to it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { clientSql } from '../../src/ledger/event-client.js';
import { decodeAtSql } from '../../src/ledger/event-rows.js';
import { appendEvent } from '../../src/ledger/events.js';
import { Ledger } from '../../src/ledger/ledger.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/ledger/migrations.js';
import { loadDriver } from '../../src/ledger/select-driver.js';
import type { SqlDatabase } from '../../src/ledger/driver.js';
import { sessionsByClient } from '../../src/ledger/who.js';
import { SESSION_TALLY_SQL } from '../../src/ledger/session-tally.js';

function tempRoot(): { root: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), 'continuity-tally-'));
  const state = mkdtempSync(join(tmpdir(), 'continuity-tally-state-'));
  after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, '.continuity'));
  return { root, env: { ...process.env, CONTINUITY_STATE_HOME: state } };
}

/** The same list counted from every event, as status did before the tally (plain objects: node:sqlite's rows have no prototype). */
function countedFromEvents(db: SqlDatabase): unknown {
  return db.all<Record<string, unknown>>(
    `SELECT ${clientSql()} AS client, session_id, min(first_at) AS first_at, max(last_at) AS last_at, sum(n) AS n
       FROM (SELECT src.name AS source, c.name AS client, s.name AS session_id, ${decodeAtSql('g.first_at')} AS first_at, ${decodeAtSql('g.last_at')} AS last_at, g.n
               FROM (SELECT session, source, client, min(at) AS first_at, max(at) AS last_at, count(*) AS n FROM event_rows WHERE session IS NOT NULL GROUP BY session, source, client) g
               JOIN event_names s ON s.id = g.session JOIN event_names src ON src.id = g.source LEFT JOIN event_names c ON c.id = g.client)
      GROUP BY 1, 2 ORDER BY last_at DESC, session_id`,
  ).map((r) => ({ ...r }));
}

/** sessionsByClient's answer, in the rows of countedFromEvents. */
function fromTally(db: SqlDatabase): unknown {
  return sessionsByClient(db, 1_000)
    .flatMap((c) => c.sessions.map((s) => ({ client: c.client, session_id: s.sessionId, first_at: s.firstAt, last_at: s.lastAt, n: s.events })))
    .sort((a, b) => (a.last_at === b.last_at ? a.session_id.localeCompare(b.session_id) : b.last_at.localeCompare(a.last_at)));
}

const EVENTS: { at: string; source: string; kind: string; sessionId: string | null; client?: string }[] = [
  { at: '2026-11-26T09:00:00.000Z', source: 'hook:claude-code', kind: 'SessionStart', sessionId: 'cc-1' },
  { at: '2026-11-26T09:01:00.000Z', source: 'hook:claude-code', kind: 'PreToolUse', sessionId: 'cc-1' },
  { at: '2026-11-26T09:02:00.000Z', source: 'cli', kind: 'task.done', sessionId: 'cc-1', client: 'claude-code' },
  { at: '2026-11-26T10:00:00.000Z', source: 'hook:codex', kind: 'SessionStart', sessionId: 'cx-1' },
  { at: '2026-11-26T10:05:00.000Z', source: 'cli', kind: 'task.done', sessionId: 'cx-1', client: 'codex' },
  { at: 'not an instant', source: 'hook:gemini', kind: 'BeforeTool', sessionId: 'gm-1' },
  { at: '2026-11-26T11:00:00.000Z', source: 'cli', kind: 'plan.import', sessionId: null },
];

function write(ledger: Ledger, events: typeof EVENTS): number[] {
  return events.map((e) => ledger.write((db) => appendEvent(db, { at: e.at, source: e.source, kind: e.kind, sessionId: e.sessionId, ...(e.client ? { client: e.client } : {}), input: {}, decision: null })));
}

test('the sessions by client from the tally are what counting the events says, as events are written, moved and removed', async () => {
  const { root, env } = tempRoot();
  const ledger = await Ledger.open(root, { create: true, env });
  try {
    const ids = write(ledger, EVENTS);
    const db = ledger.db;
    assert.ok((fromTally(db) as unknown[]).length >= 3);
    assert.deepEqual(fromTally(db), countedFromEvents(db));
    // Moved to another session and client through the view, then removed.
    ledger.write((w) => w.run("UPDATE events SET session_id = 'cx-1', client = 'codex' WHERE id = ?", ids[1]!));
    assert.deepEqual(fromTally(db), countedFromEvents(db));
    ledger.write((w) => w.run('DELETE FROM events WHERE id = ?', ids[3]!));
    ledger.write((w) => w.run('DELETE FROM events WHERE id = ?', ids[5]!));
    assert.deepEqual(fromTally(db), countedFromEvents(db));
    assert.ok(!(fromTally(db) as { session_id: string }[]).some((r) => r.session_id === 'gm-1'), 'a session with no event left is gone');
  } finally {
    ledger.close();
  }
});

test('a ledger written before the tally migrates to it in place, and tallies what comes after', async () => {
  const { root, env } = tempRoot();
  const path = join(root, '.continuity', 'ledger.db');
  const driver = await loadDriver();
  const old = driver.open(path, { mustExist: false });
  // Every migration before the tally's (later ones run at the opening too).
  for (let v = 0; v < MIGRATIONS.indexOf(SESSION_TALLY_SQL); v++) {
    old.exec(MIGRATIONS[v]!);
    old.exec(`PRAGMA user_version = ${v + 1}`);
  }
  for (const e of EVENTS) appendEvent(old, { at: e.at, source: e.source, kind: e.kind, sessionId: e.sessionId, ...(e.client ? { client: e.client } : {}), input: {}, decision: null });
  const before = countedFromEvents(old);
  old.close();
  const ledger = await Ledger.open(root, { env });
  try {
    assert.equal(Number(ledger.db.get<{ user_version: number }>('PRAGMA user_version')?.user_version), SCHEMA_VERSION);
    assert.deepEqual(fromTally(ledger.db), before);
    write(ledger, EVENTS.slice(0, 2));
    assert.deepEqual(fromTally(ledger.db), countedFromEvents(ledger.db));
  } finally {
    ledger.close();
  }
});
