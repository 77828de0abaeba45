/**
 * Schema 11: event inputs are stored packed (src/ledger/event-words.ts) and
 * read back through the `events` view byte for byte. A ledger written by an
 * earlier release (test/fixtures/ledgers/schema7-writes.db.gz, taken to
 * schema 10 as that release's migrations did) migrates in place: its events
 * read back the same and chain the same; new events are stored packed, a
 * PostToolUse as the rest after its PreToolUse (and a PreToolUse taken in
 * after its PostToolUse as the rest after that); an input holding a code (a
 * row written by hand) is stored as it is; the recovery tail, in its
 * schema 10 form too, puts events back as they were.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { appendEvent, storedInput } from '../../src/ledger/events.js';
import { FLAG_PACKED, FLAG_SPOOLED } from '../../src/ledger/event-rows.js';
import { pack, PACK_WORDS, unpack } from '../../src/ledger/event-words.js';
import { Ledger } from '../../src/ledger/ledger.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/ledger/migrations.js';
import { appendEventsTail, extendChain, replayEventsTail } from '../../src/ledger/recovery-copy.js';
import { loadDriver } from '../../src/ledger/select-driver.js';
import { MIGRATION_STEPS } from '../../src/ledger/shrink-events.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'ledgers', 'schema7-writes.db.gz');

type ViewRow = { id: number; at: string; source: string; kind: string; session_id: string | null; input: string; decision: string | null; spool_id: string | null; client: string | null };
type StoredRow = { id: number; flags: number | null; pre: number | null; input: string };

function tempRoot(prefix: string): { root: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const state = mkdtempSync(join(tmpdir(), `${prefix}state-`));
  after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, '.continuity'));
  return { root, env: { ...process.env, CONTINUITY_STATE_HOME: state } };
}

/** A Write call's two events as the hook records them (the file's content already a digest). */
function writeCall(i: number, session = 's-1'): [Record<string, unknown>, Record<string, unknown>] {
  const content = { $sha256: 'ab'.repeat(32), bytes: 4097, head: `// file ${i}\n` };
  const common = { tool_name: 'Write', tool_use_id: `toolu_01Pk${i}`, tool_input: { file_path: `/work/app/src/file-${i}.ts`, content } };
  return [
    { session_id: session, hook_event_name: 'PreToolUse', ...common },
    { session_id: session, hook_event_name: 'PostToolUse', ...common, tool_response: { type: 'create', filePath: `/work/app/src/file-${i}.ts`, content: { $same: 'tool_input.content' }, structuredPatch: [], originalFile: null } },
  ];
}

const stored = (l: Ledger, id: number) => l.db.get<StoredRow>('SELECT id, flags, pre, input FROM event_rows WHERE id = ?', id)!;
const viewRow = (l: Ledger, id: number) => l.db.get<ViewRow>('SELECT * FROM events WHERE id = ?', id)!;

test('a ledger of the earlier release migrates to packed storage in place: its events read and chain the same; new ones are stored packed', async () => {
  const { root, env } = tempRoot('continuity-packed-');
  const path = join(root, '.continuity', 'ledger.db');
  writeFileSync(path, gunzipSync(readFileSync(FIXTURE)));
  // Schema 10, as the earlier release left it: its migrations and their steps, as Ledger.migrate runs them.
  const driver = await loadDriver();
  const old = driver.open(path, { mustExist: true });
  const from = Number(old.get<{ user_version: number }>('PRAGMA user_version')!.user_version);
  assert.equal(from, 7);
  for (let v = from; v < 10; v++) {
    old.exec(MIGRATIONS[v]!);
    MIGRATION_STEPS[v]?.(old);
    old.exec(`PRAGMA user_version = ${v + 1}`);
  }
  const before = old.all<ViewRow>('SELECT * FROM events ORDER BY id');
  const chain = extendChain(old, '', 0).chain;
  old.close();
  assert.equal(before.length, 12);

  const ledger = await Ledger.open(root, { env });
  try {
    const db = ledger.db;
    assert.equal(Number(db.get<{ user_version: number }>('PRAGMA user_version')?.user_version), SCHEMA_VERSION);
    assert.deepEqual(db.all<ViewRow>('SELECT * FROM events ORDER BY id'), before, 'every event reads back the same');
    assert.equal(extendChain(db, '', 0).chain, chain, 'and chains the same');
    // Kept as they were stored: a recovery tail written before the migration still replays onto them.
    assert.equal(Number(db.get<{ n: number }>(`SELECT count(*) AS n FROM event_rows WHERE flags & ${FLAG_PACKED}`)?.n), 0);

    const [pre, post] = writeCall(1);
    const ids = [pre, post].map((p) => ledger.write((w) => appendEvent(w, { at: '2026-11-26T10:00:00.000Z', source: 'hook:claude-code', kind: String(p.hook_event_name), sessionId: 's-1', input: p, decision: { action: 'none', output: null } })));
    const texts = [pre, post].map((p) => storedInput({ input: p, sessionId: 's-1', kind: String(p.hook_event_name) }));
    for (const [i, id] of ids.entries()) {
      assert.equal(viewRow(ledger, id!).input, texts[i], 'a packed input reads back byte for byte');
      assert.ok(stored(ledger, id!).flags! & FLAG_PACKED, 'stored packed');
      for (const w of PACK_WORDS) assert.ok(!stored(ledger, id!).input.includes(w), `stored without the word ${w}`);
    }
    assert.equal(stored(ledger, ids[0]!).input, pack(texts[0]!), 'packed as event-words.ts says');
    assert.equal(Number(stored(ledger, ids[1]!).pre), ids[0], 'the PostToolUse continues its PreToolUse, packed');
    const rest = texts[1]!.length - texts[0]!.length;
    assert.ok(stored(ledger, ids[1]!).input.length < rest / 2, `the PostToolUse keeps only its response, packed: ${JSON.stringify(stored(ledger, ids[1]!).input)}`);
  } finally {
    ledger.close();
  }
});

test('packed storage reads back every input as written: both orders of a tool call, codes written by hand, the recovery tail old and new', async () => {
  const { root, env } = tempRoot('continuity-packed-rows-');
  const ledger = await Ledger.open(root, { create: true, env });
  try {
    const db = ledger.db;
    const add = (kind: string, input: string, spool: string | null = null) => {
      ledger.write((w) => w.run("INSERT INTO events (at, source, kind, session_id, input, decision, spool_id) VALUES ('2026-11-26T10:00:00.000Z', 'hook:claude-code', ?, 's-2', ?, NULL, ?)", kind, input, spool));
      return Number(db.get<{ id: number }>('SELECT max(id) AS id FROM event_rows')!.id);
    };
    // Taken in from the spool after its PostToolUse: the PreToolUse keeps only what follows the shared tool_input.
    const [pre, post] = writeCall(2, 's-2').map((p) => storedInput({ input: p, sessionId: 's-2', kind: String(p.hook_event_name) }));
    const postId = add('PostToolUse', post!, 'a.json');
    const preId = add('PreToolUse', pre!, 'b.json');
    assert.equal(Number(stored(ledger, preId).pre), postId);
    assert.ok(stored(ledger, preId).input.length < 20, `the PreToolUse keeps only its id: ${JSON.stringify(stored(ledger, preId).input)}`);
    assert.equal(stored(ledger, preId).flags, FLAG_PACKED | FLAG_SPOOLED);
    assert.equal(viewRow(ledger, preId).spool_id, 'spool');
    // Codes and words in the text itself: JSON with the words inside its strings, non-ASCII text, and rows written by hand holding a code.
    const odd = [
      JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'echo "command":"x" {"tool_name":"', description: 'żółw 🐢' }, tool_use_id: 'toolu_01odd' }),
      '{"tool_name":"Bash","tool_input":{"command":"\u0001"},"tool_use_id":"toolu_01raw"}',
      '\u0002not json "file_path":"',
      '',
    ];
    const oddIds = odd.map((t) => add('PreToolUse', t));
    for (const [i, id] of oddIds.entries()) assert.equal(viewRow(ledger, id).input, odd[i]);
    assert.equal(stored(ledger, oddIds[0]!).flags, FLAG_PACKED);
    for (const id of oddIds.slice(1, 3)) {
      assert.equal(stored(ledger, id).flags, null, 'a text holding a code is stored as it is');
      assert.equal(stored(ledger, id).input, viewRow(ledger, id).input);
    }
    assert.equal(unpack(pack(odd[0]!)!), odd[0]);
    assert.equal(pack(odd[1]!), null);

    // The recovery tail: packed rows, and a line in the form schema 10 wrote (flag 1 where `spooled` was, the input unpacked), come back as they were.
    const tail = mkdtempSync(join(tmpdir(), 'continuity-packed-tail-'));
    after(() => rmSync(tail, { recursive: true, force: true }));
    const all = db.all<ViewRow>('SELECT * FROM events ORDER BY id');
    const nextId = Number(all[all.length - 1]!.id) + 1;
    const session = Number(db.get<{ id: number }>("SELECT id FROM event_names WHERE name = 's-2'")!.id);
    const kind = Number(db.get<{ id: number }>("SELECT id FROM event_names WHERE name = 'PreToolUse'")!.id);
    const source = Number(db.get<{ id: number }>("SELECT id FROM event_names WHERE name = 'hook:claude-code'")!.id);
    const old = '{"tool_name":"Read","tool_input":{"file_path":"/p/a.ts"},"tool_use_id":"toolu_01old"}';
    ledger.write((w) => {
      appendEventsTail(w, tail, 0);
      writeFileSync(join(tail, 'events-tail.jsonl'), `${JSON.stringify([nextId, Date.parse('2026-11-26T10:00:01.000Z'), source, kind, session, 0, 1, null, null, null])}\t${old}\n`, { flag: 'a' });
      w.run('DELETE FROM events WHERE id >= ?', postId);
      replayEventsTail(w, tail);
    });
    assert.deepEqual(db.all<ViewRow>('SELECT * FROM events WHERE id < ? ORDER BY id', nextId), all);
    const back = viewRow(ledger, nextId);
    assert.equal(back.input, old);
    assert.equal(back.spool_id, 'spool');
    assert.equal(back.decision, '{"action":"none","output":null}');
  } finally {
    ledger.close();
  }
});
