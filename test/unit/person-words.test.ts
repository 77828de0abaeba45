// Words for the person, said once (src/domain/person-words.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { personWordsOf, wordsKey, wordsToSend } from '../../src/domain/person-words.js';

test('person words: each continuity report of a merged system message is its own message, keyed by session and words', () => {
  const said = personWordsOf('agent:main:main', 'continuity: continuity failure in plan p: …\n\ncontinuity: Subagent run r-1 … is blocked: …');
  assert.deepEqual(said.map((w) => w.text), ['continuity: continuity failure in plan p: …', 'continuity: Subagent run r-1 … is blocked: …']);
  assert.equal(said[0]!.key, wordsKey('agent:main:main', 'continuity: continuity failure in plan p: …'));
  assert.notEqual(wordsKey('agent:main:a', 'x'), wordsKey('agent:main:b', 'x'));
  assert.deepEqual(personWordsOf('s', undefined), []);
  assert.deepEqual(personWordsOf('s', '  '), []);
});

test('person words: what was sent is not sent again, and words said twice now are sent once', () => {
  const a = personWordsOf('s', 'continuity: one')[0]!;
  const b = personWordsOf('s', 'continuity: two')[0]!;
  assert.deepEqual(wordsToSend([a, b, a], new Set()), [a, b]);
  assert.deepEqual(wordsToSend([a, b], new Set([a.key])), [b]);
  assert.deepEqual(wordsToSend([a], new Set([a.key])), []);
});
