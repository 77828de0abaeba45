import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { detectDialect, parsePlan, PlanFormatError } from '../../src/formats/plan/index.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/plans/${name}`, import.meta.url), 'utf8');

const MARKDOWN_FIXTURES: Array<[file: string, path: string]> = [
  ['superpowers-rate-limiter.md', 'docs/plans/rate-limiter.md'],
  ['superpowers-chunked.md', 'docs/plans/billing.md'],
  ['tdd/.tdd-progress.md', '.tdd-progress.md'],
  ['checkbox-release.md', 'RELEASE.md'],
];

test('CRLF and lone-CR files parse exactly like LF files', () => {
  for (const [file, path] of MARKDOWN_FIXTURES) {
    const lf = fixture(file);
    assert.ok(!lf.includes('\r'), `${file} should be stored with LF endings`);
    const expected = parsePlan(lf, { path });
    for (const ending of ['\r\n', '\r']) {
      const actual = parsePlan(lf.replaceAll('\n', ending), { path });
      assert.deepEqual(actual, expected, `${file} with ${JSON.stringify(ending)} endings`);
    }
  }
});

test('detectDialect: file name, extension, then markdown content', () => {
  assert.equal(detectDialect(fixture('tdd/.tdd-progress.md'), '/repo/.tdd-progress.md'), 'tdd-progress');
  assert.equal(detectDialect('', 'C:\\repo\\.tdd-progress.md'), 'tdd-progress');
  assert.equal(detectDialect(fixture('plan.json'), 'plans/search.JSON'), 'json');
  assert.equal(detectDialect(fixture('superpowers-rate-limiter.md'), 'docs/plans/a.md'), 'superpowers');
  assert.equal(detectDialect(fixture('tdd/.tdd-progress.md'), 'planning/reset.md'), 'tdd-progress');
  assert.equal(detectDialect(fixture('checkbox-release.md'), 'RELEASE.md'), 'checkbox');
  assert.equal(detectDialect(fixture('design-doc.md'), 'docs/design/audit.md'), null);
});

test('an explicit dialect wins over detection', () => {
  // A superpowers plan read as a checkbox list: its step checkboxes become the tasks.
  const plan = parsePlan(fixture('superpowers-chunked.md'), { path: 'docs/plans/billing.md', dialect: 'checkbox' });
  assert.equal(plan.dialect, 'checkbox');
  assert.equal(plan.tasks[0]!.title, 'Step 1: Create the empty packages');
});

test('a document without tasks is refused with a message saying what was expected', () => {
  assert.throws(
    () => parsePlan(fixture('design-doc.md'), { path: 'docs/design/audit.md' }),
    (error: Error) => {
      assert.ok(error instanceof PlanFormatError);
      assert.equal(
        error.message,
        'no tasks found in docs/design/audit.md: expected "### Task N: Title" headings, "## Slice N:" sections, "- [ ] item" checkboxes or a JSON plan',
      );
      return true;
    },
  );
});

test('high-risk marker comment marks its task, tolerating spacing, but not inside code', () => {
  const plan = parsePlan(fixture('superpowers-rate-limiter.md'), { path: 'p.md' });
  assert.deepEqual(plan.tasks.map((t) => t.highRiskStop), [false, false, true]);

  const text = [
    '### Task 1: Spaced marker',
    '',
    '<!--continuity:   high-risk-stop   -->',
    '',
    '### Task 2: Marker in a fence',
    '',
    '```html',
    '<!-- continuity: high-risk-stop -->',
    '```',
    '',
    '### Task 3: Marker on the heading line <!-- continuity: high-risk-stop -->',
  ].join('\n');
  const spaced = parsePlan(text, { path: 'p.md' });
  assert.deepEqual(spaced.tasks.map((t) => t.highRiskStop), [true, false, true]);
  assert.equal(spaced.tasks[2]!.title, 'Marker on the heading line');
});

test('highRiskTaskIds marks tasks by id without touching the hash', () => {
  const text = fixture('superpowers-chunked.md');
  const plain = parsePlan(text, { path: 'p.md' });
  const flagged = parsePlan(text, { path: 'p.md', highRiskTaskIds: ['10a', '0', 'not-in-plan'] });
  assert.deepEqual(
    flagged.tasks.filter((t) => t.highRiskStop).map((t) => t.id),
    ['0', '10a'],
  );
  assert.ok(plain.tasks.every((t) => !t.highRiskStop));
  assert.equal(flagged.structureHash, plain.structureHash);
});

test('duplicate ids are refused in every dialect', () => {
  assert.throws(
    () => parsePlan('{"tasks":[{"id":1,"title":"a"},{"id":"1","title":"b"}]}', { path: 'p.json' }),
    /duplicate task id "1" in p\.json: line 1 and line 1/,
  );
  assert.throws(
    () => parsePlan('### Slice 2: a\n\n### Slice 2: b\n', { path: '.tdd-progress.md' }),
    /duplicate task id "2" in \.tdd-progress\.md: line 1 and line 3/,
  );
});

test('an unknown explicit dialect is refused', () => {
  assert.throws(
    // Configuration is untyped at run time.
    () => parsePlan('### Task 1: x', { path: 'p.md', dialect: 'yaml' as never }),
    /unknown plan dialect "yaml"/,
  );
});
