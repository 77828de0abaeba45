import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parsePlan } from '../../src/formats/plan/index.js';

const progressFile = (): string =>
  readFileSync(new URL('../fixtures/plans/tdd/.tdd-progress.md', import.meta.url), 'utf8');
const parseProgress = (text: string) => parsePlan(text, { path: '/repo/.tdd-progress.md' });

test('tdd-progress: slices become tasks, detected by the .tdd-progress.md file name', () => {
  const plan = parseProgress(progressFile());
  assert.equal(plan.dialect, 'tdd-progress');
  assert.equal(plan.title, 'TDD Task: Password Reset Tokens');
  assert.deepEqual(
    plan.tasks.map((t) => [t.id, t.title, t.line]),
    [
      ['1', 'Token generation', 28],
      ['2', 'Expiry', 54],
      ['3', 'Single use', 77],
      ['4', 'Hashed storage', 88],
    ],
  );
  assert.match(plan.tasks[0]!.body, /#### Test 1: Generates a 32-byte url-safe token/);
});

test('tdd-progress: each slice takes the first status line in its own section', () => {
  // done / in-progress / "Status: FAIL" without bold / no status line at all
  assert.deepEqual(
    parseProgress(progressFile()).tasks.map((t) => t.fileState),
    ['complete', 'in_progress', 'blocked', 'pending'],
  );
});

test('tdd-progress: status lines outside slices (header, test-results iterations) are not counted', () => {
  const text = [
    '# TDD Task: Outside status',
    '',
    '**Status:** done',
    '',
    '## Test Specifications',
    '',
    '### Slice 1: Has no status of its own',
    '',
    '#### Test 1: Something',
    '',
    '## Test Results Tracking',
    '',
    '### Iteration 1 (RED Phase)',
    '',
    '**Status:** done',
  ].join('\n');
  const [slice] = parseProgress(text).tasks;
  assert.equal(slice!.fileState, 'pending');
});

test('tdd-progress: status words map to task states', () => {
  const cases: Array<[string, string]> = [
    ['done', 'complete'],
    ['pass', 'complete'],
    ['passed', 'complete'],
    ['complete', 'complete'],
    ['completed', 'complete'],
    ['skip', 'complete'],
    ['skipped', 'complete'],
    ['fail', 'blocked'],
    ['failed', 'blocked'],
    ['blocked', 'blocked'],
    ['in-progress', 'in_progress'],
    ['in_progress', 'in_progress'],
    ['in progress', 'in_progress'],
    ['red', 'in_progress'],
    ['GREEN', 'in_progress'],
    ['refactor', 'in_progress'],
    ['verifying', 'in_progress'],
    ['pending', 'pending'],
    ['whenever', 'pending'],
  ];
  const text = cases
    .map(([word], i) => `### Slice ${i + 1}: Case ${word}\n\n${i % 2 === 0 ? `**Status:** ${word}` : `status: ${word}`}\n`)
    .join('\n');
  const states = parseProgress(text).tasks.map((t) => t.fileState);
  assert.deepEqual(states, cases.map(([, state]) => state));
});

test('tdd-progress: approvedMarker comes from the plan-level Approved line only', () => {
  assert.equal(parseProgress(progressFile()).approvedMarker, '2026-02-20T10:00:00Z');

  const insideSliceOnly = '# TDD Task: x\n\n### Slice 1: One\n\n**Approved:** 2026-01-01T00:00:00Z\n';
  assert.equal(parseProgress(insideSliceOnly).approvedMarker, null);

  const plainLabel = '# TDD Task: x\n\nApproved: yes, by Dana\n\n### Slice 1: One\n';
  assert.equal(parseProgress(plainLabel).approvedMarker, 'yes, by Dana');
});

test('tdd-progress: Step N headings are slices when there are no Slice headings', () => {
  const text = '# TDD Task: steps\n\n## Step 1: First\n\n**Status:** pass\n\n## Step 2: Second\n';
  const plan = parsePlan(text, { path: '.tdd-progress.md' });
  assert.deepEqual(
    plan.tasks.map((t) => [t.id, t.title, t.fileState]),
    [
      ['1', 'First', 'complete'],
      ['2', 'Second', 'pending'],
    ],
  );
});

test('tdd-progress: Slice headings are detected in a markdown file with another name', () => {
  const plan = parsePlan(progressFile(), { path: 'planning/password-reset.md' });
  assert.equal(plan.dialect, 'tdd-progress');
  assert.equal(plan.tasks.length, 4);
});
