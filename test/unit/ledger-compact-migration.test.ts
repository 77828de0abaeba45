/**
 * A schema 9 ledger (events in one wide table) migrates in place to the
 * compact store behind the `events` view (src/ledger/event-rows.ts): every
 * event reads back with the same text in every column, so the recovery
 * copy's hash chain is the same; the rows are stored compactly (names as
 * ids, ISO times as milliseconds, the common decision as 0, a PostToolUse
 * as the rest after its PreToolUse); ids carry on after the last one; and
 * the recovery tail puts events back as they were.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { appendEvent } from '../../src/ledger/events.js';
import { Ledger } from '../../src/ledger/ledger.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/ledger/migrations.js';
import { appendEventsTail, extendChain, replayEventsTail } from '../../src/ledger/recovery-copy.js';
import { loadDriver } from '../../src/ledger/select-driver.js';

const PRE = '{"tool_name":"Write","tool_input":{"file_path":"/p/a.ts","content":{"$sha256":"ab","bytes":4097,"head":"x"}},"tool_use_id":"toolu_1"}';
const POST = '{"tool_name":"Write","tool_input":{"file_path":"/p/a.ts","content":{"$sha256":"ab","bytes":4097,"head":"x"}},"tool_use_id":"toolu_1","tool_response":{"filePath":"/p/a.ts","originalFile":null}}';
// Another order of keys (Codex): the response before the id.
const PRE_B = '{"turn_id":"t","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"call_2"}';
const POST_B = '{"turn_id":"t","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":"ok","tool_use_id":"call_2"}';

const OLD_ROWS: [string, string, string, string | null, string, string | null, string | null, string | null][] = [
  // at, source, kind, session, input, decision, spool_id, client
  ['2026-11-25T10:00:00.000Z', 'cli', 'plan.import', null, '{"path":"docs/plan.md"}', '{"action":"imported"}', null, 'unknown'],
  ['2026-11-25T10:00:01.123Z', 'hook:claude-code', 'PreToolUse', 's-1', PRE, '{"action":"none","output":null}', '0mjuug3a0-4ow-f25w7.json', null],
  ['2026-11-25T10:00:01.456Z', 'hook:claude-code', 'PostToolUse', 's-1', POST, '{"action":"none","output":null}', '0mjuug3a0-4ow-vyvf8.json', null],
  ['2026-11-25T10:00:02.000Z', 'hook:codex', 'PreToolUse', 's-2', PRE_B, '{"action":"allow"}', null, null],
  ['2026-11-25T10:00:03.000Z', 'hook:codex', 'PostToolUse', 's-2', POST_B, 'null', null, null],
  // Kept as they are: a time that is not an ISO instant, one before 1970, an input that is not JSON, no decision.
  ['yesterday', 'test', 'pad', null, 'not json', null, null, null],
  ['1969-12-31T23:59:59.999Z', 'test', 'pad', 's-1', '{"i":1}', '{"action":"none","output":null} ', null, null],
  ['2026-11-25T10:00:04.000Z', 'hook:claude-code', 'Stop', 's-1', '{}', '{"action":"block","reason":"next task"}', null, null],
];

type ViewRow = { id: number; at: string; source: string; kind: string; session_id: string | null; input: string; decision: string | null; spool_id: string | null; client: string | null };

test('a schema 9 ledger migrates to the compact store: the same events, the same chain, each row stored compactly', async () => {
  const root = mkdtempSync(join(tmpdir(), 'continuity-compact-'));
  const state = mkdtempSync(join(tmpdir(), 'continuity-compact-state-'));
  after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, '.continuity'));
  const driver = await loadDriver();
  const old = driver.open(join(root, '.continuity', 'ledger.db'), { mustExist: false });
  for (const sql of MIGRATIONS.slice(0, 9)) old.exec(sql);
  old.exec('PRAGMA user_version = 9');
  for (const r of OLD_ROWS) old.run('INSERT INTO events (at, source, kind, session_id, input, decision, spool_id, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', ...r);
  // A deleted last event: its id is never given again.
  old.run('INSERT INTO events (at, source, kind, input) VALUES (?, ?, ?, ?)', '2026-11-25T10:00:05.000Z', 'test', 'gone', '{}');
  old.run('DELETE FROM events WHERE kind = ?', 'gone');
  const before = old.all<ViewRow>('SELECT * FROM events ORDER BY id');
  const chain = extendChain(old, '', 0).chain;
  old.close();

  const env = { ...process.env, CONTINUITY_STATE_HOME: state };
  const ledger = await Ledger.open(root, { env });
  try {
    const db = ledger.db;
    assert.equal(Number(db.get<{ user_version: number }>('PRAGMA user_version')?.user_version), SCHEMA_VERSION);
    const now = db.all<ViewRow>('SELECT * FROM events ORDER BY id');
    // Every column reads back the same, but the spool's file names: only whether an event came through the spool is kept.
    const same = (rows: ViewRow[]) => rows.map(({ spool_id, ...r }) => ({ ...r, spooled: spool_id !== null }));
    assert.deepEqual(same(now), same(before));
    assert.equal(extendChain(db, '', 0).chain, chain, 'the chain over the events is unchanged');

    const stored = db.all<{ id: number; at: unknown; t: string; decision: unknown; pre: number | null; input: string }>('SELECT id, at, typeof(at) AS t, decision, pre, input FROM event_rows ORDER BY id');
    assert.deepEqual(stored.map((r) => r.t), ['integer', 'integer', 'integer', 'integer', 'integer', 'text', 'text', 'integer']);
    assert.equal(Number(stored[1]!.at), Date.parse('2026-11-25T10:00:01.123Z'));
    assert.deepEqual(stored.map((r) => (typeof r.decision === 'string' ? 'text' : r.decision === null ? null : Number(r.decision))), ['text', 0, 0, 'text', 'text', null, 'text', 'text']);
    assert.equal(Number(stored[2]!.pre), 2, 'the PostToolUse continues its PreToolUse');
    assert.equal(stored[2]!.input, ',"tool_response":{"filePath":"/p/a.ts","originalFile":null}}');
    assert.equal(Number(stored[4]!.pre), 4, 'keys in another order: the shared beginning up to tool_input');
    assert.equal(stored[4]!.input, ',"tool_response":"ok","tool_use_id":"call_2"}');
    assert.equal(Number(db.get<{ n: number }>("SELECT count(*) AS n FROM event_names WHERE name = 's-1'")?.n), 1);

    const id = ledger.write((w) => appendEvent(w, { at: '2026-11-25T11:00:00.000Z', source: 'cli', kind: 'approve', input: {}, decision: { action: 'approved' } }));
    assert.equal(id, 10, 'ids carry on after the last one given, deleted or not');
    assert.equal(db.get<{ at: string }>('SELECT at FROM events WHERE id = ?', id)?.at, '2026-11-25T11:00:00.000Z');

    // The recovery tail: events deleted after it was written come back as they were.
    const tailDir = mkdtempSync(join(tmpdir(), 'continuity-compact-tail-'));
    after(() => rmSync(tailDir, { recursive: true, force: true }));
    const all = db.all<ViewRow>('SELECT * FROM events ORDER BY id');
    ledger.write((w) => {
      appendEventsTail(w, tailDir, 0);
      w.run('DELETE FROM events WHERE id >= 2');
      replayEventsTail(w, tailDir);
    });
    assert.deepEqual(db.all<ViewRow>('SELECT * FROM events ORDER BY id'), all);
  } finally {
    ledger.close();
  }
});

test('the events view answers the queries of the hooks by index', async () => {
  const root = mkdtempSync(join(tmpdir(), 'continuity-compact-plan-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, '.git'));
  const ledger = await Ledger.open(root, { create: true, env: { ...process.env, CONTINUITY_STATE_HOME: root } });
  try {
    const plan = (sql: string) => ledger.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).map((r) => r.detail).join('\n');
    assert.match(plan("SELECT id FROM events WHERE session_id = 's' ORDER BY id DESC LIMIT 5"), /event_rows_session/);
    assert.match(plan("SELECT id FROM events WHERE kind = 'PreToolUse' LIMIT 5"), /event_rows_kind_at/);
  } finally {
    ledger.close();
  }
});
