import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parsePlan } from '../../src/formats/plan/index.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/plans/${name}`, import.meta.url), 'utf8');
const rateLimiter = () => parsePlan(fixture('superpowers-rate-limiter.md'), { path: 'docs/plans/rate-limiter.md' });
const chunked = () => parsePlan(fixture('superpowers-chunked.md'), { path: 'docs/plans/billing-export.md' });

test('superpowers: task headings become tasks with ids, titles and 1-based lines', () => {
  const plan = rateLimiter();
  assert.equal(plan.dialect, 'superpowers');
  assert.deepEqual(
    plan.tasks.map((t) => [t.id, t.title, t.line]),
    [
      ['1', 'Token bucket arithmetic', 13],
      ['2', 'Document the limiter for operators', 73],
      ['3', 'Enforce limits in production middleware', 108],
    ],
  );
});

test('superpowers: headings inside fenced (``` ~~~ ````) and indented code are not tasks', () => {
  const plan = rateLimiter();
  assert.deepEqual(plan.tasks.map((t) => t.id), ['1', '2', '3']);
  // The fenced example stays part of task 2's body, as text.
  assert.match(plan.tasks[1]!.body, /### Task 99: not a task/);
  assert.match(plan.tasks[1]!.body, /### Task 97: indented code/);
});

test('superpowers: plan title is the first level-1 heading', () => {
  assert.equal(rateLimiter().title, 'Rate Limiter Implementation Plan');
  const untitled = parsePlan('## Overview\n\n### Task 1: Only task\n', { path: 'p.md' });
  assert.equal(untitled.title, null);
});

test('superpowers: ids 0 and 10a, em dash separator and bold heading text', () => {
  const plan = chunked();
  assert.deepEqual(
    plan.tasks.map((t) => [t.id, t.title]),
    [
      ['0', 'Bootstrap the export package'],
      ['1', 'Map invoices to CSV rows'],
      ['10', 'Stream rows to a CSV file'],
      ['10a', 'Handle invoices with no currency'],
      ['11', 'Upload nightly'],
      ['12', 'Remove the old cron script'],
    ],
  );
});

test('superpowers: accepted separators, dotted ids and setext headings', () => {
  const text = [
    '# Plan',
    '',
    '## Task 1. Dot separator',
    '## Task 2 - Hyphen separator',
    '## Task 3 – En dash separator',
    '## Task 2.1: Dotted id',
    '',
    'Task 4: Setext heading',
    '----------------------',
    '',
    'body of four',
    '',
    '## Task five: not numbered',
    '## Task 6 no separator',
  ].join('\n');
  const plan = parsePlan(text, { path: 'p.md' });
  assert.deepEqual(
    plan.tasks.map((t) => [t.id, t.title]),
    [
      ['1', 'Dot separator'],
      ['2', 'Hyphen separator'],
      ['3', 'En dash separator'],
      ['2.1', 'Dotted id'],
      ['4', 'Setext heading'],
    ],
  );
  assert.equal(plan.tasks[4]!.line, 8);
  assert.match(plan.tasks[4]!.body, /^body of four/);
});

test('superpowers: groups come from the enclosing Chunk/Phase heading, else null', () => {
  assert.deepEqual(
    chunked().tasks.map((t) => [t.id, t.group]),
    [
      ['0', 'Chunk 1: Data shape'],
      ['1', 'Chunk 1: Data shape'],
      ['10', 'Phase 2: Delivery'],
      ['10a', 'Phase 2: Delivery'],
      ['11', 'Phase 2: Delivery'],
      ['12', null],
    ],
  );
  assert.ok(rateLimiter().tasks.every((t) => t.group === null));
});

test('superpowers: a section keeps deeper subheadings and ends at the next same-or-higher heading', () => {
  const [, task1, task10] = chunked().tasks;
  assert.match(task1!.body, /##### Step 2: Implement `to_csv_rows`/);
  assert.match(task1!.body, /Keep it pure; no I\/O in this module\.$/);
  assert.doesNotMatch(task1!.body, /Phase 2/);
  assert.doesNotMatch(task10!.body, /Task 10a/);
  assert.ok(task10!.body.startsWith('**Files:**'));
});

test('superpowers: steps from checkbox items, bold paragraphs and step subheadings', () => {
  const [task1, task2] = rateLimiter().tasks;
  assert.deepEqual(task1!.steps, [
    { id: '1', text: 'Write the failing test', checked: false },
    { id: '2', text: 'Run test to verify it fails', checked: false },
    { id: '3', text: 'Write minimal implementation', checked: false },
    { id: '4', text: 'Run test to verify it passes', checked: false },
    { id: '5', text: 'Commit', checked: false },
  ]);
  // `**Step 1:** text` and `**Step 3: text**` paragraphs; the fenced `- [ ] **Step 9…` lines are not steps.
  assert.deepEqual(task2!.steps, [
    { id: '1', text: 'Write the operator runbook', checked: null },
    { id: '2', text: 'Link the runbook from docs/operations/README.md', checked: null },
    { id: '3', text: 'Commit', checked: null },
  ]);
  const [task0, mapRows] = chunked().tasks;
  assert.deepEqual(task0!.steps.map((s) => s.checked), [false, true]);
  assert.deepEqual(mapRows!.steps, [
    { id: '1', text: 'Write the failing test', checked: null },
    { id: '2', text: 'Implement to_csv_rows', checked: null },
  ]);
});

test('superpowers: fileState stays pending even when every step is ticked', () => {
  const text = '### Task 1: Done already?\n\n- [x] **Step 1: Write the test**\n- [x] **Step 2: Commit**\n';
  const [task] = parsePlan(text, { path: 'p.md' }).tasks;
  assert.deepEqual(task!.steps.map((s) => s.checked), [true, true]);
  assert.equal(task!.fileState, 'pending');
});

test('superpowers: a duplicate task id is refused, naming the id and both lines', () => {
  const text = '# Plan\n\n### Task 3: First\n\nbody\n\n### Task 3: Second\n';
  assert.throws(
    () => parsePlan(text, { path: 'docs/plans/dup.md' }),
    (error: Error) => {
      assert.equal(error.name, 'PlanFormatError');
      assert.match(error.message, /duplicate task id "3"/);
      assert.match(error.message, /line 3 and line 7/);
      assert.match(error.message, /docs\/plans\/dup\.md/);
      return true;
    },
  );
});
