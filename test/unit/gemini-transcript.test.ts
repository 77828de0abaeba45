import assert from 'node:assert/strict';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { geminiTranscriptFacts } from '../../src/hooks/trust/gemini-transcript.js';

// The first line of a Gemini CLI 0.61.0 session record, as it wrote it (home path shortened).
const HEADER = '{"sessionId":"1ffc7f90-3d38-467f-a529-72dfa030073b","projectHash":"204b153b397067b6a65502fdf1bc1666e4182e18462281873fbe6ff08df3d81a","startTime":"2026-11-26T08:16:12.273Z","lastUpdated":"2026-11-26T08:16:12.273Z","kind":"main"}';
const SESSION = '1ffc7f90-3d38-467f-a529-72dfa030073b';

test('a Gemini CLI session record is the event\'s when its first line names the session', () => {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-gemini-record-'));
  const record = join(dir, 'session-2026-11-26T08-16-1ffc7f90.jsonl');
  writeFileSync(record, `${HEADER}\n{"$set":{"messages":[]}}\n`);
  assert.equal(geminiTranscriptFacts(record, SESSION).kind, 'read');
  const why = (path: string | undefined, session = SESSION) => {
    const f = geminiTranscriptFacts(path, session);
    return f.kind === 'unreadable' ? f.why : null;
  };
  assert.match(why(record, 'made-up')!, /the record of another session \(1ffc7f90-/);
  assert.match(why(join(dir, 't.jsonl'))!, /t\.jsonl does not exist, and Gemini CLI writes it when the session starts/);
  assert.match(why(undefined)!, /names no transcript/);
  const plain = join(dir, 'plain.jsonl');
  writeFileSync(plain, '{"type":"user"}\n');
  assert.match(why(plain)!, /not a Gemini CLI session record/);
  const link = join(dir, 'link.jsonl');
  symlinkSync(record, link);
  assert.match(why(link)!, /symbolic link/);
  // An older record: one JSON object that starts with the session's id.
  const older = join(dir, 'session-old.json');
  writeFileSync(older, `{\n  "sessionId": "${SESSION}",\n  "messages": []\n}\n`);
  assert.equal(geminiTranscriptFacts(older, SESSION).kind, 'read');
});
