import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTaskSummary, pendingActionId } from '../../src/formats/task-summary.js';

const texts = (md: string) => parseTaskSummary(md).pendingActions.map((a) => a.text);

test('the Known Issues section is found at any heading level', () => {
  for (const hashes of ['#', '##', '###', '####']) {
    assert.deepEqual(texts(`# Summary\n\n${hashes} Known Issues\n\nPending actions:\n- re-run the migration on staging\n`), ['re-run the migration on staging'], hashes);
  }
});

test('the label may be plain or bold, with the colon inside or outside the bold', () => {
  for (const label of ['Pending actions:', '**Pending actions:**', '**Pending actions**:', '__Pending actions:__', 'pending actions:']) {
    assert.deepEqual(texts(`## Known Issues\n\n${label}\n- one\n`), ['one'], label);
  }
});

test('bullets may be -, *, +, numbered or task-list items', () => {
  assert.deepEqual(texts('## Known Issues\n\nPending actions:\n- a\n'), ['a']);
  assert.deepEqual(texts('## Known Issues\n\nPending actions:\n* b\n'), ['b']);
  assert.deepEqual(texts('## Known Issues\n\nPending actions:\n+ c\n'), ['c']);
  assert.deepEqual(texts('## Known Issues\n\nPending actions:\n1. d\n2) e\n'), ['d', 'e']);
  assert.deepEqual(texts('## Known Issues\n\nPending actions:\n- [ ] f\n- [x] g\n'), ['f', 'g']);
});

test('a bullet continued on indented lines is one action', () => {
  assert.deepEqual(texts('## Known Issues\n\nPending actions:\n- add an index on payments.created_at,\n  because the export scans the table\n- second\n'), [
    'add an index on payments.created_at, because the export scans the table',
    'second',
  ]);
});

test('CRLF parses the same as LF', () => {
  const lf = '## Known Issues\n\nPending actions:\n- one\n  more\n- two\n';
  assert.deepEqual(parseTaskSummary(lf.replace(/\n/g, '\r\n'), { taskId: '3' }), parseTaskSummary(lf, { taskId: '3' }));
});

test('anything inside fenced code is ignored', () => {
  const md = '## Known Issues\n\n```markdown\nPending actions:\n- not an action\n```\n\nPending actions:\n- a real one\n';
  assert.deepEqual(texts(md), ['a real one']);
});

test('prose around the block is allowed and kept in knownIssues', () => {
  const md = '## Known Issues\n\nThe retry test is flaky under load.\n\nPending actions:\n- quarantine the retry test\n\nEverything else is fine.\n\n## Next\n\n- not in the section\n';
  const s = parseTaskSummary(md);
  assert.deepEqual(s.pendingActions.map((a) => a.text), ['quarantine the retry test']);
  assert.match(s.knownIssues, /^The retry test is flaky under load\.[\s\S]*Everything else is fine\.$/);
  assert.doesNotMatch(s.knownIssues, /not in the section/);
});

test('a summary without Known Issues has no pending actions', () => {
  assert.deepEqual(parseTaskSummary('# Task 3\n\nDone.\n\nPending actions:\n- outside the section\n'), { knownIssues: '', pendingActions: [] });
});

test('an empty Pending actions block has no actions', () => {
  const s = parseTaskSummary('## Known Issues\n\nPending actions:\n\nNone right now.\n');
  assert.deepEqual(s.pendingActions, []);
  assert.match(s.knownIssues, /None right now/);
});

test('ids are stable: same plan, task and text give the same id; another task or text another id', () => {
  const md = '## Known Issues\n\nPending actions:\n- add an index\n';
  const a = parseTaskSummary(md, { planId: 'p', taskId: '3' }).pendingActions[0]!;
  const b = parseTaskSummary(`# Other wording around\n\n${md}`, { planId: 'p', taskId: '3' }).pendingActions[0]!;
  assert.equal(a.id, b.id);
  assert.match(a.id, /^pa-[0-9a-f]{10}$/);
  assert.notEqual(a.id, parseTaskSummary(md, { planId: 'p', taskId: '4' }).pendingActions[0]!.id);
  assert.notEqual(a.id, pendingActionId('p', '3', 'add an index now'));
  assert.equal(a.id, pendingActionId('p', '3', '  add   an index '), 'whitespace does not change the id');
});
