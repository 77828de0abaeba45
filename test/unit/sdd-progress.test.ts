import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSddProgress, type SddEntry } from '../../src/formats/sdd-progress.js';

/** The one entry a one-line ledger yields. */
function only(text: string): SddEntry {
  const entries = parseSddProgress(text);
  assert.equal(entries.length, 1, `expected one entry from ${JSON.stringify(text)}, got ${JSON.stringify(entries)}`);
  return entries[0]!;
}

describe('parseSddProgress: the ledger lines', () => {
  it('Task 3: complete (commit …) → complete, detail without the parentheses', () => {
    assert.deepEqual(parseSddProgress('Task 3: complete (commit 1a2b3c4, reviewed)'), [
      { taskId: '3', state: 'complete', detail: 'commit 1a2b3c4, reviewed', line: 1 },
    ]);
  });

  it('Task 4: BLOCKED — reason → blocked with the reason', () => {
    assert.deepEqual(parseSddProgress('Task 4: BLOCKED — the staging database is unreachable'), [
      { taskId: '4', state: 'blocked', detail: 'the staging database is unreachable', line: 1 },
    ]);
  });

  it('a bare status word has an empty detail', () => {
    assert.deepEqual(only('Task 2: complete'), { taskId: '2', state: 'complete', detail: '', line: 1 });
  });

  for (const word of ['done', 'completed', 'Done', 'COMPLETED', 'Complete']) {
    it(`"${word}" means complete`, () => {
      const e = only(`Task 5: ${word} - merged`);
      assert.equal(e.state, 'complete');
      assert.equal(e.taskId, '5');
      assert.equal(e.detail, 'merged');
    });
  }

  it('other separators before the detail: en dash, hyphen, colon', () => {
    assert.equal(only('Task 1: blocked – waiting on keys').detail, 'waiting on keys');
    assert.equal(only('Task 1: blocked - waiting on keys').detail, 'waiting on keys');
    assert.equal(only('Task 1: blocked: waiting on keys').detail, 'waiting on keys');
  });

  it('"task" and "blocked" are case-insensitive', () => {
    assert.deepEqual(only('task 7: Blocked — no access'), { taskId: '7', state: 'blocked', detail: 'no access', line: 1 });
  });

  it('words that only start like a status are not one', () => {
    assert.deepEqual(parseSddProgress('Task 3: completely rewritten\nTask 4: doneness unclear\nTask 5: blockedness'), []);
  });

  it('a status that is not first after the colon is not read', () => {
    assert.deepEqual(parseSddProgress('Task 3: not complete\nTask 4: in progress\nTask 5: pending'), []);
  });
});

describe('parseSddProgress: markdown forms', () => {
  const forms: [string, string][] = [
    ['a "- " bullet', '- Task 3: complete (commit abc)'],
    ['a "* " bullet', '* Task 3: complete (commit abc)'],
    ['a "+ " bullet', '+ Task 3: complete (commit abc)'],
    ['a numbered item', '3. Task 3: complete (commit abc)'],
    ['a "1)" numbered item', '1) Task 3: complete (commit abc)'],
    ['indentation', '    - Task 3: complete (commit abc)'],
    ['**Task 3**: …', '**Task 3**: complete (commit abc)'],
    ['**Task 3:** … (colon inside the bold)', '**Task 3:** complete (commit abc)'],
    ['__Task 3:__ …', '__Task 3:__ complete (commit abc)'],
    ['a bold status', 'Task 3: **complete** (commit abc)'],
    ['a bullet and a bold label', '- **Task 3**: complete (commit abc)'],
    ['a bullet and a bold label with the colon inside', '- **Task 3:** complete (commit abc)'],
  ];
  for (const [name, line] of forms) {
    it(`reads ${name}`, () => {
      assert.deepEqual(only(line), { taskId: '3', state: 'complete', detail: 'commit abc', line: 1 });
    });
  }

  it('reads a whole line in bold', () => {
    assert.deepEqual(only('- **Task 4: BLOCKED**'), { taskId: '4', state: 'blocked', detail: '', line: 1 });
  });
});

describe('parseSddProgress: task ids', () => {
  it('ids like 10a and 2.1 and 1.2.3', () => {
    const entries = parseSddProgress('Task 10a: complete\nTask 2.1: blocked — flaky\nTask 1.2.3: done');
    assert.deepEqual(
      entries.map((e) => [e.taskId, e.state, e.detail]),
      [
        ['10a', 'complete', ''],
        ['2.1', 'blocked', 'flaky'],
        ['1.2.3', 'complete', ''],
      ],
    );
  });

  it('Task 10 and Task 1 are different tasks', () => {
    assert.deepEqual(
      parseSddProgress('Task 1: complete\nTask 10: blocked — x').map((e) => e.taskId),
      ['1', '10'],
    );
  });

  it('a non-numeric id is not a task line', () => {
    assert.deepEqual(parseSddProgress('Task A: complete\nTask : complete'), []);
  });
});

describe('parseSddProgress: the ledger as a whole', () => {
  it('the last line about a task wins, and entries are ordered by that line', () => {
    const text = ['Task 1: complete', 'Task 2: BLOCKED — no credentials', 'Task 3: complete', 'Task 2: complete (commit def)'].join('\n');
    assert.deepEqual(parseSddProgress(text), [
      { taskId: '1', state: 'complete', detail: '', line: 1 },
      { taskId: '3', state: 'complete', detail: '', line: 3 },
      { taskId: '2', state: 'complete', detail: 'commit def', line: 4 },
    ]);
  });

  it('a later block overrides an earlier completion', () => {
    assert.deepEqual(parseSddProgress('Task 5: complete\nTask 5: blocked — reverted'), [{ taskId: '5', state: 'blocked', detail: 'reverted', line: 2 }]);
  });

  it('lines inside fenced code (``` or ~~~) are ignored, lines after the fence are read', () => {
    const text = [
      '# Progress',
      '```',
      'Task 1: complete',
      '```',
      '~~~text',
      'Task 2: blocked — example',
      '~~~',
      '  ```md',
      'Task 3: done',
      '  ```',
      'Task 4: done',
    ].join('\n');
    assert.deepEqual(parseSddProgress(text), [{ taskId: '4', state: 'complete', detail: '', line: 11 }]);
  });

  it('unrelated lines are ignored', () => {
    const text = [
      '# SDD progress for plan.md',
      '',
      'Started 2026-04-24.',
      'Task 3 is complete but not reviewed yet',
      'Task 3 - complete',
      'Next: Task 4: complete once CI passes',
      '## Task 5: Add migration',
      'Subtask 6: complete',
    ].join('\n');
    assert.deepEqual(parseSddProgress(text), []);
  });

  it('CRLF line endings: states, details and line numbers are unaffected', () => {
    const text = 'Header\r\nTask 1: complete (commit abc)\r\nTask 2: BLOCKED — no access\r\n';
    assert.deepEqual(parseSddProgress(text), [
      { taskId: '1', state: 'complete', detail: 'commit abc', line: 2 },
      { taskId: '2', state: 'blocked', detail: 'no access', line: 3 },
    ]);
  });

  it('empty text → no entries', () => {
    assert.deepEqual(parseSddProgress(''), []);
  });
});

it('a detail keeps its own closing bracket unless the separator opened one', () => {
  assert.equal(parseSddProgress('Task 3: complete — fixed (see PR)')[0]!.detail, 'fixed (see PR)');
  assert.equal(parseSddProgress('Task 3: complete (commit 4f2a91c)')[0]!.detail, 'commit 4f2a91c');
});
