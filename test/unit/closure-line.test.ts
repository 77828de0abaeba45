import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseClosureLine } from '../../src/domain/closure-line.js';

describe('parseClosureLine: the legal states', () => {
  for (const state of ['waiting_user', 'blocked', 'pending_verification'] as const) {
    it(`${state} on its own line`, () => {
      assert.deepEqual(parseClosureLine(`Done with the summary.\n\ncontinuity-closure: ${state} — the reason`), { state, reason: 'the reason' });
    });
  }

  it('the label and state are case-insensitive; the state comes back lower-case', () => {
    assert.deepEqual(parseClosureLine('Continuity-Closure: WAITING_USER — which option?'), { state: 'waiting_user', reason: 'which option?' });
  });
});

describe('parseClosureLine: separators and reasons', () => {
  const cases: [string, string][] = [
    ['em dash', 'continuity-closure: blocked — staging DB is down'],
    ['en dash', 'continuity-closure: blocked – staging DB is down'],
    ['hyphen', 'continuity-closure: blocked - staging DB is down'],
    ['colon', 'continuity-closure: blocked: staging DB is down'],
    ['em dash without spaces', 'continuity-closure: blocked—staging DB is down'],
  ];
  for (const [name, line] of cases) {
    it(`${name} separates the reason`, () => {
      assert.deepEqual(parseClosureLine(line), { state: 'blocked', reason: 'staging DB is down' });
    });
  }

  it('no reason → empty reason', () => {
    assert.deepEqual(parseClosureLine('continuity-closure: pending_verification'), { state: 'pending_verification', reason: '' });
  });

  it('a dash with nothing after it → empty reason', () => {
    assert.deepEqual(parseClosureLine('continuity-closure: waiting_user —   '), { state: 'waiting_user', reason: '' });
  });

  it('the reason is trimmed, including non-breaking spaces', () => {
    assert.deepEqual(parseClosureLine('continuity-closure: blocked —\u00a0CI is red\u00a0'), { state: 'blocked', reason: 'CI is red' });
  });

  it('words after the state without a dash or colon are not the exact form → null', () => {
    assert.equal(parseClosureLine('continuity-closure: blocked because CI is red'), null);
  });

  it('a state glued to more word characters is not that state → null', () => {
    assert.equal(parseClosureLine('continuity-closure: blocked2'), null);
    assert.equal(parseClosureLine('continuity-closure: waiting_users'), null);
  });
});

describe('parseClosureLine: line handling', () => {
  it('CRLF line endings', () => {
    assert.deepEqual(parseClosureLine('Summary.\r\n\r\ncontinuity-closure: waiting_user — pick A or B\r\n'), { state: 'waiting_user', reason: 'pick A or B' });
  });

  it('lone CR line endings', () => {
    assert.deepEqual(parseClosureLine('Summary.\rcontinuity-closure: blocked\r'), { state: 'blocked', reason: '' });
  });

  it('the last closure line wins', () => {
    const msg = 'continuity-closure: blocked — first\nmore text\ncontinuity-closure: pending_verification — second\n';
    assert.deepEqual(parseClosureLine(msg), { state: 'pending_verification', reason: 'second' });
  });

  it('the label must be on a line of its own: the state on the following line does not count', () => {
    assert.equal(parseClosureLine('continuity-closure:\nblocked'), null);
    assert.equal(parseClosureLine('continuity-closure:\n\nwaiting_user — x'), null);
  });
});

describe('parseClosureLine: markdown decoration around the line', () => {
  const cases: [string, string][] = [
    ['a blockquote "> "', '> continuity-closure: waiting_user — pick one'],
    ['a nested blockquote', '> > continuity-closure: waiting_user — pick one'],
    ['a "- " list marker', '- continuity-closure: waiting_user — pick one'],
    ['a "* " list marker', '* continuity-closure: waiting_user — pick one'],
    ['bold **…**', '**continuity-closure: waiting_user — pick one**'],
    ['backticks `…`', '`continuity-closure: waiting_user — pick one`'],
    ['indentation', '    continuity-closure: waiting_user — pick one'],
    ['trailing spaces', 'continuity-closure: waiting_user — pick one   '],
  ];
  for (const [name, line] of cases) {
    it(`tolerates ${name}`, () => {
      assert.deepEqual(parseClosureLine(`Summary.\n${line}`), { state: 'waiting_user', reason: 'pick one' });
    });
  }

  it('tolerates bold or backticks without a reason', () => {
    assert.deepEqual(parseClosureLine('**continuity-closure: blocked**'), { state: 'blocked', reason: '' });
    assert.deepEqual(parseClosureLine('`continuity-closure: blocked`'), { state: 'blocked', reason: '' });
  });

  it('tolerates underscore emphasis __…__ and _…_, with or without a reason', () => {
    assert.deepEqual(parseClosureLine('__continuity-closure: blocked__'), { state: 'blocked', reason: '' });
    assert.deepEqual(parseClosureLine('_continuity-closure: pending_verification_'), { state: 'pending_verification', reason: '' });
    assert.deepEqual(parseClosureLine('__continuity-closure: blocked — CI is red__'), { state: 'blocked', reason: 'CI is red' });
  });

  it('does not tolerate numbered-list markers or other prefixes', () => {
    assert.equal(parseClosureLine('1. continuity-closure: blocked'), null);
    assert.equal(parseClosureLine('# continuity-closure: blocked'), null);
  });
});

describe('parseClosureLine: what is not a closure', () => {
  it('an unknown state (completed, done) is ignored', () => {
    assert.equal(parseClosureLine('continuity-closure: completed'), null);
    assert.equal(parseClosureLine('continuity-closure: done — all good'), null);
  });

  it('the label in the middle of a sentence is not a closure', () => {
    assert.equal(parseClosureLine('I will end with continuity-closure: waiting_user if I need input.'), null);
    assert.equal(parseClosureLine('Note: continuity-closure: blocked'), null);
  });

  it('prose naming a state is not a closure', () => {
    assert.equal(parseClosureLine("I'm waiting_user input before Task 9."), null);
    assert.equal(parseClosureLine('blocked — the staging database is down'), null);
    assert.equal(parseClosureLine('Closure: waiting_user'), null);
  });

  it('null, undefined and empty messages → null', () => {
    assert.equal(parseClosureLine(null), null);
    assert.equal(parseClosureLine(undefined), null);
    assert.equal(parseClosureLine(''), null);
  });
});
