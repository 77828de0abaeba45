import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parsePlan } from '../../src/formats/plan/index.js';

const checklist = () =>
  parsePlan(readFileSync(new URL('../fixtures/plans/checkbox-release.md', import.meta.url), 'utf8'), {
    path: 'RELEASE.md',
  });

test('checkbox: outermost checkbox items become tasks numbered in order', () => {
  const plan = checklist();
  assert.equal(plan.dialect, 'checkbox');
  assert.equal(plan.title, 'Release 2.4 checklist');
  assert.deepEqual(
    plan.tasks.map((t) => [t.id, t.title, t.line]),
    [
      ['1', 'Cut the release/2.4 branch from main', 7],
      ['2', 'Update CHANGELOG.md', 8],
      ['3', 'Bump the version in package.json', 13],
      ['4', 'Publish to npm', 17],
      ['5', 'Announce in #releases', 18],
    ],
  );
});

test('checkbox: [x] and [X] are complete, [ ] is pending', () => {
  assert.deepEqual(
    checklist().tasks.map((t) => t.fileState),
    ['complete', 'pending', 'complete', 'pending', 'pending'],
  );
});

test('checkbox: nested checkbox items stay in the parent body and become its steps', () => {
  const changelog = checklist().tasks[1]!;
  assert.equal(
    changelog.body,
    [
      '- [x] Summarise the new export API',
      '- [ ] Add the migration notes for the `invoices.currency` column',
      '',
      'Ask Dana for the wording of the breaking-change note.',
    ].join('\n'),
  );
  assert.deepEqual(changelog.steps, [
    { id: '1', text: 'Summarise the new export API', checked: true },
    { id: '2', text: 'Add the migration notes for the invoices.currency column', checked: false },
  ]);
});

test('checkbox: items inside fenced code are ignored', () => {
  assert.ok(checklist().tasks.every((t) => t.title !== 'Release 2.4 is out'));
  assert.throws(() => parsePlan('# Notes\n\n```md\n- [ ] not a task\n```\n', { path: 'notes.md' }), /no tasks found/);
});

test('checkbox: groups and an inline high-risk marker on the item line', () => {
  const plan = checklist();
  assert.deepEqual(
    plan.tasks.map((t) => t.group),
    ['Phase 1: Prepare', 'Phase 1: Prepare', 'Phase 1: Prepare', 'Phase 2: Ship', 'Phase 2: Ship'],
  );
  assert.deepEqual(
    plan.tasks.map((t) => t.highRiskStop),
    [false, false, false, true, false],
  );
});
