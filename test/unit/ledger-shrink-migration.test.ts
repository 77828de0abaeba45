/**
 * A ledger written by the release before the audit trail was bounded
 * (schema 7, test/fixtures/ledgers/schema7-writes.db.gz: a plan approved by
 * a prompt, three Write calls of 4 KB and a long Bash call through the hook)
 * is migrated in place: its events keep their ids, kinds and the facts the
 * rules read, and lose the content, in the ledger and in its recovery copy.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { Ledger } from '../../src/ledger/ledger.js';
import { SCHEMA_VERSION } from '../../src/ledger/migrations.js';
import { extendChain, readRecoveryHead, recoveryDirOf } from '../../src/ledger/recovery-copy.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'ledgers', 'schema7-writes.db.gz');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map((n) => join(dir, String(n))).filter((p) => statSync(p).isFile());
}

test('a schema 7 ledger migrates in place: events shrunk to digests, facts kept, the copy renewed with a chain that matches', async () => {
  const root = mkdtempSync(join(tmpdir(), 'continuity-shrink-'));
  const state = mkdtempSync(join(tmpdir(), 'continuity-shrink-state-'));
  after(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, '.continuity'));
  const old = gunzipSync(readFileSync(FIXTURE));
  assert.ok(old.includes('FIXTURE-SECRET-MARKER'), 'the fixture holds the content whole');
  writeFileSync(join(root, '.continuity', 'ledger.db'), old);
  const env = { ...process.env, CONTINUITY_STATE_HOME: state };

  const ledger = await Ledger.open(root, { env });
  let rows: { id: number; kind: string; input: string }[];
  try {
    assert.equal(Number(ledger.db.get<{ v: number }>('PRAGMA user_version')?.v ?? ledger.db.get<{ user_version: number }>('PRAGMA user_version')?.user_version), SCHEMA_VERSION);
    rows = ledger.db.all('SELECT id, kind, input FROM events ORDER BY id');
  } finally {
    ledger.close();
  }
  assert.deepEqual(
    rows.map((r) => r.kind),
    ['plan.import', 'SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreToolUse', 'PostToolUse', 'PreToolUse', 'PostToolUse', 'PreToolUse', 'PostToolUse', 'Stop'],
  );
  const write = JSON.parse(rows[3]!.input) as Record<string, any>;
  assert.equal(write.tool_name, 'Write');
  assert.equal(write.tool_use_id, 'toolu_fx_0');
  assert.equal(write.tool_input.content.bytes, 4026);
  assert.match(write.tool_input.content.$sha256, /^[0-9a-f]{64}$/);
  const bash = JSON.parse(rows[9]!.input) as Record<string, any>;
  assert.equal(bash.tool_use_id, 'toolu_fx_b');
  assert.match(bash.tool_input.command.head, /^echo z+$/);
  for (const r of rows) assert.ok(r.input.length < 1024, `event ${r.id} is ${r.input.length} characters`);

  // Nothing of the content is left: not in the ledger's files (the freed pages were given back), not in the recovery copy.
  for (const file of [...filesUnder(join(root, '.continuity')), ...filesUnder(state)]) {
    const bytes = readFileSync(file);
    assert.ok(!bytes.includes('FIXTURE-SECRET-MARKER') && !bytes.includes('FIXTURE-COMMAND-MARKER'), `${file} still holds the content`);
  }
  assert.ok(statSync(join(root, '.continuity', 'ledger.db')).size < old.length);

  // The copy's head chains the rewritten events: doctor's check holds, and a later opening sees no damage.
  const head = readRecoveryHead(recoveryDirOf(root, env), root)!;
  const again = await Ledger.open(root, { env });
  try {
    assert.equal(again.restored, null);
    assert.equal(extendChain(again.db, '', 0, head.maxId).chain, head.chain);
  } finally {
    again.close();
  }
});
