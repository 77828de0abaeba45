import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { appendEvent } from '../../src/ledger/events.js';
import { insertReceipt } from '../../src/ledger/receipts.js';
import { hook, runCli, tempProject, type CliResult } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';

const PLAN = `# Payments Export Implementation Plan

> **For Claude:** REQUIRED SUB-SKILL: Use superpowers:executing-plans to implement this plan task-by-task.

**Goal:** Export payments as CSV.

---

### Task 1: CSV writer

- [ ] **Step 1: Write the failing test**
- [ ] **Step 2: Implement**

### Task 2: Export endpoint

- [ ] **Step 1: Write the failing request test**

### Task 3: Publish to production

<!-- continuity: high-risk-stop -->

- [ ] **Step 1: Flip the flag**
`;

const CLOSEOUT = 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).';

function approvedProject(plan = PLAN): string {
  const project = tempProject({ 'docs/plans/payments-export.md': plan });
  assert.equal(runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project }).code, 0);
  const approve = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  assert.equal(approve.code, 0, approve.stderr);
  return project;
}

function taskDone(project: string, id: string): void {
  const r = runCli(['task', 'done', id], { cwd: project, env: { CLAUDE_PROJECT_DIR: project } });
  assert.equal(r.code, 0, r.stderr);
}

function stop(project: string, fields: Record<string, unknown> = {}, sessionId = 'session-test-1'): { r: CliResult; out: Record<string, unknown> | null } {
  const r = hook(project, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: CLOSEOUT, ...fields }, { sessionId });
  assert.equal(r.code, 0, r.stderr);
  return { r, out: r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, unknown>) : null };
}

test('the forbidden boundary stop is blocked, names the next task, and is recorded as its dispatch', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  const { out } = stop(project);
  assert.ok(out, 'expected a block');
  assert.equal(out.decision, 'block');
  const reason = String(out.reason);
  assert.match(reason, /Task 1 "CSV writer" of the approved plan payments-export is complete/);
  assert.match(reason, /Task 2 "Export endpoint" \(docs\/plans\/payments-export\.md:\d+\) is the next task/);
  assert.match(reason, /waiting_user, blocked or pending_verification/);
  assert.doesNotMatch(reason, /\b(must|should|continue implementing|do not stop)\b/i, 'the reason states facts, not orders');

  const ledger = await openLedger(project);
  try {
    const receipts = ledger.db.all<{ channel: string; from_task_id: string; next_task_id: string; session_id: string }>('SELECT channel, from_task_id, next_task_id, session_id FROM receipts');
    assert.deepEqual(receipts.map((r) => ({ ...r })), [{ channel: 'stop-hook', from_task_id: '1', next_task_id: '2', session_id: 'session-test-1' }]);
  } finally {
    ledger.close();
  }
});

test('stop_hook_active alone is not a reason to let the stop through', () => {
  const project = approvedProject();
  taskDone(project, '1');
  assert.equal(stop(project).out?.decision, 'block');
  assert.equal(stop(project, { stop_hook_active: true }).out?.decision, 'block');
});

test('`continuity closure waiting_user` lets the stop through', () => {
  const project = approvedProject();
  taskDone(project, '1');
  const c = runCli(['closure', 'waiting_user', '--reason', 'which export format?', '--session', 'session-test-1'], { cwd: project });
  assert.equal(c.code, 0, c.stderr);
  assert.equal(stop(project).out, null);
});

test('a closure declared for another session does not apply to this one', () => {
  const project = approvedProject();
  taskDone(project, '1');
  runCli(['closure', 'blocked', '--reason', 'x', '--session', 'someone-else'], { cwd: project });
  assert.equal(stop(project).out?.decision, 'block');
});

test('a closure declared before the task completed does not cover the new boundary', () => {
  const project = approvedProject();
  runCli(['closure', 'pending_verification', '--reason', 'old', '--session', 'session-test-1'], { cwd: project });
  taskDone(project, '1');
  assert.equal(stop(project).out?.decision, 'block');
});

for (const state of ['waiting_user', 'blocked', 'pending_verification']) {
  test(`the closure line \`continuity-closure: ${state}\` in the final message lets the stop through`, () => {
    const project = approvedProject();
    taskDone(project, '1');
    assert.equal(stop(project, { last_assistant_message: `Task 1 is done.\n\ncontinuity-closure: ${state} — reason given here` }).out, null);
  });
}

test('closure words in prose are not a closure', () => {
  const project = approvedProject();
  taskDone(project, '1');
  const prose = 'Task 1 is done. I am waiting_user input, so this is blocked until you confirm; continuity-closure is pending_verification maybe.';
  assert.equal(stop(project, { last_assistant_message: prose }).out?.decision, 'block');
});

test('a declared high-risk stop point lets the stop through', () => {
  const project = approvedProject();
  taskDone(project, '1');
  taskDone(project, '2');
  // Task 3 carries <!-- continuity: high-risk-stop -->.
  assert.equal(stop(project, { last_assistant_message: 'Task 2 is done.' }).out, null);
});

test('the last task completing lets the stop through and marks the plan complete', () => {
  const project = approvedProject();
  for (const id of ['1', '2', '3']) taskDone(project, id);
  assert.equal(stop(project, { last_assistant_message: 'All done.' }).out, null);
  const show = JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout);
  assert.equal(show.state, 'complete');
});

test('the loop limit lets the fourth stop through with a systemMessage and records a violation', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  for (let i = 1; i <= 3; i++) {
    const { out } = stop(project);
    assert.equal(out?.decision, 'block', `stop ${i}`);
    assert.match(String(out?.reason), new RegExp(`block ${i} of 3`));
  }
  const fourth = stop(project).out;
  assert.ok(fourth);
  assert.equal(fourth.decision, undefined);
  assert.match(String(fourth.systemMessage), /continuity failure .* blocked 3 times in a row/);
  const status = JSON.parse(runCli(['status', '--json'], { cwd: project }).stdout);
  assert.equal(status.recentViolations.length, 1);
  assert.equal(status.recentViolations[0].kind, 'stopped_at_task_boundary');
});

test('the loop limit follows stopGate.maxConsecutiveBlocks', () => {
  const project = approvedProject();
  writeFileSync(join(project, '.continuity', 'config.json'), '{ "stopGate": { "maxConsecutiveBlocks": 1 } }');
  taskDone(project, '1');
  assert.equal(stop(project).out?.decision, 'block');
  assert.match(String(stop(project).out?.systemMessage), /blocked 1 times/);
});

test('progress resets the count: a new completion is a new boundary', () => {
  const project = approvedProject(PLAN.replace('<!-- continuity: high-risk-stop -->', ''));
  taskDone(project, '1');
  stop(project);
  stop(project);
  taskDone(project, '2');
  assert.match(String(stop(project).out?.reason), /block 1 of 3/);
});

test('two sessions in one project do not share counters or receipts', () => {
  const project = approvedProject();
  taskDone(project, '1');
  for (let i = 0; i < 3; i++) stop(project, {}, 'session-a');
  assert.ok(stop(project, {}, 'session-a').out?.systemMessage);
  const other = stop(project, {}, 'session-b').out;
  assert.equal(other?.decision, 'block');
  assert.match(String(other?.reason), /block 1 of 3/);
});

test('"stop" or "pause" from the user suspends the gate for that session until another prompt', () => {
  const project = approvedProject();
  taskDone(project, '1');
  const paused = hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'pause' });
  assert.match(JSON.parse(paused.stdout).systemMessage, /paused for this session/);
  assert.equal(stop(project).out, null);
  assert.equal(stop(project, {}, 'session-other').out?.decision, 'block', 'other sessions stay guarded');
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'ok, carry on' });
  assert.equal(stop(project).out?.decision, 'block');
});

test('running background subagents suppress the block', () => {
  const project = approvedProject();
  taskDone(project, '1');
  const running = [{ id: 'a1b2', type: 'subagent', status: 'running', description: 'Implement Task 2', agent_type: 'general-purpose' }];
  assert.equal(stop(project, { background_tasks: running }).out, null);
  const shellOnly = [{ id: 'b1', type: 'shell', status: 'running', description: 'dev server', command: 'npm run dev' }];
  assert.equal(stop(project, { background_tasks: shellOnly }).out?.decision, 'block');
});

test('a receipt from a real dispatch channel satisfies the obligation', async () => {
  const project = approvedProject();
  taskDone(project, '1');
  const ledger = await openLedger(project);
  try {
    ledger.write((db) => {
      const eventId = appendEvent(db, { at: new Date().toISOString(), source: 'test', kind: 'dispatch', input: {}, decision: null });
      insertReceipt(db, { planId: 'payments-export', fromTaskId: '1', nextTaskId: '2', dispatchedAt: new Date().toISOString(), channel: 'agent-tool', evidence: 'Agent tool call for Task 2', sessionId: 'session-test-1', eventId });
    });
  } finally {
    ledger.close();
  }
  assert.equal(stop(project).out, null);
});

test('an unapproved plan never blocks and says nothing', () => {
  const project = tempProject({ 'docs/plans/payments-export.md': PLAN });
  runCli(['plan', 'import', 'docs/plans/payments-export.md'], { cwd: project });
  taskDone(project, '1');
  const { r } = stop(project);
  assert.equal(r.stdout, '');
});

test('a stale plan (changed after approval) never blocks', () => {
  const project = approvedProject();
  taskDone(project, '1');
  writeFileSync(join(project, 'docs/plans/payments-export.md'), PLAN.replace('### Task 2: Export endpoint', '### Task 2: Export endpoint and scheduler'));
  const { r } = stop(project);
  assert.equal(r.stdout, '');
  assert.equal(JSON.parse(runCli(['plan', 'show', '--json'], { cwd: project }).stdout).state, 'stale');
});

test('the superpowers SDD ledger is a completion signal', () => {
  const project = approvedProject();
  mkdirSync(join(project, '.superpowers/sdd/payments-export'), { recursive: true });
  writeFileSync(join(project, '.superpowers/sdd/payments-export/progress.md'), '# Progress\n\nTask 1: complete (commit 4f2a91c, spec and quality review passed)\n');
  const out = stop(project).out;
  assert.equal(out?.decision, 'block');
  assert.match(String(out?.reason), /Task 1 "CSV writer" .* is complete/);
  writeFileSync(join(project, '.superpowers/sdd/payments-export/progress.md'), '# Progress\n\nTask 1: complete\nTask 2: BLOCKED — the sandbox API key is missing\n');
  assert.equal(stop(project).out, null, 'a blocked task is a legal stop');
});

test('tdd-progress status words are completion signals', () => {
  const tdd = (s1: string, s2: string) => `# TDD Task: CSV export\n\n**Status:** in-progress\n\n## Slice 1: Writer\n\n**Status:** ${s1}\n\n## Slice 2: Endpoint\n\n**Status:** ${s2}\n`;
  const project = tempProject({ '.tdd-progress.md': tdd('pending', 'pending') });
  runCli(['plan', 'import', '.tdd-progress.md'], { cwd: project });
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approved' });
  assert.equal(stop(project).out, null, 'nothing completed yet');
  writeFileSync(join(project, '.tdd-progress.md'), tdd('done', 'pending'));
  assert.match(String(stop(project).out?.reason), /Task 2 "Endpoint"/);
  writeFileSync(join(project, '.tdd-progress.md'), tdd('done', 'in-progress'));
  assert.equal(stop(project).out, null, 'mid-slice is not a boundary');
});

test('completion order, not plan order, picks the boundary', () => {
  const plan = PLAN.replace('<!-- continuity: high-risk-stop -->', '') + '\n### Task 4: Announce\n\nTell people.\n';
  const project = approvedProject(plan);
  taskDone(project, '2');
  taskDone(project, '1');
  // Task 1 completed last; the next pending task after it is Task 3.
  assert.match(String(stop(project).out?.reason), /Task 1 "CSV writer" .* complete\. Task 3 "Publish to production"/);
});

test('task done names an unknown task with a one-line error', () => {
  const project = approvedProject();
  const r = runCli(['task', 'done', '9'], { cwd: project });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /plan payments-export has no task "9" \(tasks: 1, 2, 3\)/);
});
