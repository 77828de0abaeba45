import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parsePlan, PlanFormatError } from '../../src/formats/plan/index.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/plans/${name}`, import.meta.url), 'utf8');

test('json: tasks with string ids, states, bodies, high-risk flags and lines', () => {
  const plan = parsePlan(fixture('plan.json'), { path: 'plans/search.json' });
  assert.equal(plan.dialect, 'json');
  assert.equal(plan.title, 'Search index migration');
  assert.deepEqual(
    plan.tasks.map((t) => [t.id, t.title, t.fileState, t.highRiskStop, t.line]),
    [
      ['1', 'Add the new index mapping', 'complete', false, 4],
      ['2', 'Backfill documents', 'in_progress', false, 5],
      ['3', 'Switch the read alias', 'pending', true, 6],
    ],
  );
  assert.equal(plan.tasks[1]!.body, '');
  assert.match(plan.tasks[0]!.body, /^Create `search\/mappings\/v2\.json`\./);
});

test('json: an invalid document names the offending path', () => {
  assert.throws(
    () => parsePlan(fixture('invalid-plan.json'), { path: 'plans/bad.json' }),
    (error: Error) => {
      assert.ok(error instanceof PlanFormatError);
      assert.match(error.message, /tasks\[2\]\.title: expected string/);
      assert.match(error.message, /plans\/bad\.json/);
      return true;
    },
  );
});

test('json: missing fields and wrong status values are named too', () => {
  assert.throws(() => parsePlan('{"tasks":[{"id":1}]}', { path: 'p.json' }), /tasks\[0\]\.title: required/);
  assert.throws(
    () => parsePlan('{"tasks":[{"id":1,"title":"x","status":"done"}]}', { path: 'p.json' }),
    /tasks\[0\]\.status: expected one of pending, in_progress, complete, blocked/,
  );
  assert.throws(() => parsePlan('{"steps":[]}', { path: 'p.json' }), /tasks: required/);
});

test('json: malformed JSON is a one-line PlanFormatError', () => {
  assert.throws(
    () => parsePlan('{ "tasks": [ { "id": 1, } ] }', { path: 'p.json' }),
    (error: Error) => {
      assert.ok(error instanceof PlanFormatError);
      assert.match(error.message, /^invalid JSON in p\.json: /);
      assert.equal(error.message.includes('\n'), false);
      return true;
    },
  );
});

test('json: an empty task list is a plan with no tasks', () => {
  assert.throws(() => parsePlan('{"tasks":[]}', { path: 'p.json' }), /no tasks found in p\.json/);
});
