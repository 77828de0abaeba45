import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hook, runCli, tempProject } from '../helpers/cli.js';
import { approvedProject, cli, stopHook } from '../helpers/session.js';

const PLAN_PATH = 'docs/plans/billing-export.md';
const PLAN = `# Billing Export Implementation Plan

**Goal:** Export invoices.

### Task 1: Invoice query

- [ ] **Step 1: Write the failing test**

### Task 2: CSV formatting

- [ ] **Step 1: Write the failing test**

### Task 3: Download endpoint

- [ ] **Step 1: Write the failing test**

### Task 4: Docs

- [ ] **Step 1: Write the page**
`;

const summary = (...actions: string[]) => `# Task summary

Implemented and committed.

## Known Issues

The query is slow on large accounts.

**Pending actions:**
${actions.map((a) => `- ${a}`).join('\n')}
`;

function status(project: string) {
  return JSON.parse(cli(project, ['status', '--json']).stdout) as {
    nextStep: { kind: string; taskId?: string; fromTaskId?: string | null; actionIds?: string[] };
    pendingActions: { id: string; taskId: string; text: string; state: string; absorbedInto: string | null }[];
  };
}

test('a completed task with pending actions makes the Stop gate ask for a replan naming them; a replan then lets Task 2 be dispatched; a later task raises a new replan', () => {
  const project = approvedProject(PLAN_PATH, PLAN, { 'notes/t1.md': summary('add an index on invoices.account_id', 'paginate the query') });
  cli(project, ['task', 'done', '1', '--summary', 'notes/t1.md']);

  const first = stopHook(project);
  assert.equal(first?.decision, 'block');
  const reason = String(first?.reason);
  assert.match(reason, /Task 1 "Invoice query" .* leaves 2 open pending actions/);
  assert.match(reason, /add an index on invoices\.account_id/);
  assert.match(reason, /paginate the query/);
  assert.match(reason, /continuity replan --from-task 1/);
  assert.doesNotMatch(reason, /Task 2 "CSV formatting" .* is the next task/, 'the replan comes before the next task');

  const [a, b] = status(project).pendingActions;
  assert.ok(a && b);
  cli(project, ['replan', '--from-task', '1', '--absorb', `${a.id}=3`, '--drop', `${b.id}=accounts are capped at 5,000 invoices`]);

  const second = stopHook(project);
  assert.equal(second?.decision, 'block');
  assert.match(String(second?.reason), /Task 2 "CSV formatting" .* is the next task of the same plan/);

  writeFileSync(join(project, 'notes/t2.md'), summary('escape formula characters in cells'));
  cli(project, ['task', 'done', '2', '--summary', 'notes/t2.md']);
  const third = stopHook(project);
  assert.match(String(third?.reason), /Task 2 "CSV formatting" .* leaves 1 open pending action: pa-[0-9a-f]+: escape formula characters in cells/);
  assert.equal(status(project).nextStep.kind, 'replan');
});

test('a replan that leaves an action unaccounted for is refused with a message naming it', () => {
  const project = approvedProject(PLAN_PATH, PLAN, { 'notes/t1.md': summary('add an index', 'paginate the query') });
  cli(project, ['task', 'done', '1', '--summary', 'notes/t1.md']);
  const [a, b] = status(project).pendingActions;
  const r = runCli(['replan', '--from-task', '1', '--absorb', `${a!.id}=3`], { cwd: project });
  assert.equal(r.code, 2);
  assert.match(r.stderr, new RegExp(`replan refused: ${b!.id} \\("paginate the query"\\) is not accounted for`));
  const unknownTask = runCli(['replan', '--from-task', '1', '--absorb', `${a!.id}=9`, '--drop', `${b!.id}=later`], { cwd: project });
  assert.equal(unknownTask.code, 2);
  assert.match(unknownTask.stderr, /cannot be absorbed into task "9": the plan has no such task/);
  assert.equal(status(project).nextStep.kind, 'replan', 'nothing was recorded');
});

test('re-importing a revised plan gives a task to absorb into; the absorbed action is done when that task completes', () => {
  const project = approvedProject(PLAN_PATH, PLAN, { 'notes/t1.md': summary('add an index') });
  cli(project, ['task', 'done', '1', '--summary', 'notes/t1.md']);
  writeFileSync(join(project, PLAN_PATH), PLAN.replace('### Task 2: CSV formatting', '### Task 1a: Index invoices.account_id\n\n- [ ] **Step 1: Add the migration**\n\n### Task 2: CSV formatting'));
  cli(project, ['plan', 'import', PLAN_PATH]);
  hook(project, { hook_event_name: 'UserPromptSubmit', prompt: 'approve' });
  const [a] = status(project).pendingActions;
  cli(project, ['replan', '--from-task', '1', '--absorb', `${a!.id}=1a`]);
  assert.equal(status(project).pendingActions[0]!.state, 'absorbed');
  assert.match(String(stopHook(project)?.reason), /Task 1a "Index invoices\.account_id" .* is the next task/);
  cli(project, ['task', 'done', '1a']);
  assert.equal(status(project).pendingActions[0]!.state, 'done');
});

test('completion order, not plan order, picks the task whose pending actions decide', () => {
  // Task 2 leaves actions, then Task 1 completes without any: the latest completed task owes no replan.
  const project = approvedProject(PLAN_PATH, PLAN, { 'notes/t2.md': summary('escape formula characters') });
  cli(project, ['task', 'done', '2', '--summary', 'notes/t2.md']);
  cli(project, ['task', 'done', '1']);
  const s = status(project);
  assert.equal(s.nextStep.kind, 'next_task');
  assert.equal(s.nextStep.taskId, '3');
  // ...but the open action still travels with the next dispatch, named with its source task.
  assert.match(String(stopHook(project)?.reason), /Open pending actions carried forward: pa-[0-9a-f]+ \(from Task 2\): escape formula characters/);

  // The other order: Task 1 first, Task 2 (with actions) last → replan due.
  const other = approvedProject(PLAN_PATH, PLAN, { 'notes/t2.md': summary('escape formula characters') });
  cli(other, ['task', 'done', '1']);
  cli(other, ['task', 'done', '2', '--summary', 'notes/t2.md']);
  assert.equal(status(other).nextStep.kind, 'replan');
});

test('parity: the same history through every ingestion path gives the same next step', () => {
  const history = summary('add an index', 'paginate the query');
  const outcomes: Record<string, unknown> = {};

  // 1. `continuity task done 1 --summary FILE`.
  const viaCli = approvedProject(PLAN_PATH, PLAN, { 'notes/t1.md': history });
  cli(viaCli, ['task', 'done', '1', '--summary', 'notes/t1.md']);
  outcomes.cli = { step: status(viaCli).nextStep, stop: stopHook(viaCli)?.decision };

  // 2. The SDD ledger marks the task complete and the summary file is found on disk.
  const viaFiles = approvedProject(PLAN_PATH, PLAN, {
    '.superpowers/sdd/billing-export/progress.md': 'Task 1: complete (commit 1b2c3d4)\n',
    '.superpowers/sdd/billing-export/task-1-summary.md': history,
  });
  outcomes.files = { step: status(viaFiles).nextStep, stop: stopHook(viaFiles)?.decision };

  // 3. `task done` first, the summary written afterwards at the configured path.
  const viaLater = approvedProject(PLAN_PATH, PLAN);
  cli(viaLater, ['task', 'done', '1']);
  mkdirSync(join(viaLater, 'docs/plans/billing-export'), { recursive: true });
  writeFileSync(join(viaLater, 'docs/plans/billing-export/task-1-summary.md'), history);
  outcomes.later = { step: status(viaLater).nextStep, stop: stopHook(viaLater)?.decision };

  // 4. The ledger alone: the summary file is gone; a fresh process reads what was recorded.
  rmSync(join(viaCli, 'notes/t1.md'));
  outcomes.ledger = { step: status(viaCli).nextStep, stop: stopHook(viaCli, {}, 'another-session')?.decision };

  const expected = outcomes.cli as { step: { kind: string; actionIds: string[] } };
  assert.equal(expected.step.kind, 'replan');
  assert.equal(expected.step.actionIds.length, 2);
  for (const [path, outcome] of Object.entries(outcomes)) assert.deepEqual(outcome, outcomes.cli, `ingestion path "${path}" disagrees`);
});

test('SessionStart context lists the open pending actions with their source task', () => {
  const project = approvedProject(PLAN_PATH, PLAN, { 'notes/t1.md': summary('add an index') });
  cli(project, ['task', 'done', '1', '--summary', 'notes/t1.md']);
  const r = hook(project, { hook_event_name: 'SessionStart', source: 'compact' });
  const context = String(JSON.parse(r.stdout).hookSpecificOutput.additionalContext);
  assert.match(context, /plan billing-export .* is approved/);
  assert.match(context, /A replan is due for the open pending actions of Task 1/);
  assert.match(context, /pa-[0-9a-f]+ \(from Task 1\): add an index/);
});

test('SessionStart after compaction states an unapproved plan as not authorised, with no imperative words', () => {
  const project = tempProject({ [PLAN_PATH]: PLAN });
  runCli(['plan', 'import', PLAN_PATH], { cwd: project });
  const r = hook(project, { hook_event_name: 'SessionStart', source: 'compact' });
  const context = String(JSON.parse(r.stdout).hookSpecificOutput.additionalContext);
  assert.match(context, /is a draft: it is not approved and its execution has not been authorised/);
  assert.doesNotMatch(context, /\b(continue|implement|proceed|start|next task)\b/i);
});
