/**
 * `continuity gate evaluate` through the real bundled CLI: real JSON on stdin,
 * exit code and output as an orchestrator would see them.
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLI, cliCommand } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function gate(stdin: string, ...args: string[]): Run {
  const c = cliCommand(['gate', 'evaluate', ...args]);
  const r = spawnSync(c.cmd, c.args, { cwd: ROOT, input: stdin, encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The seed's example envelope (seed 000, Task 3): a stop at a completed-task boundary.
const SEED_ENVELOPE = {
  planId: 'plan-auto-next-core',
  currentTask: 'task-8',
  taskState: 'complete',
  nextTaskKnown: true,
  sameApprovedPlan: true,
  taskBoundaryStop: true,
  nextDerivedAction: { type: 'message_subagent', task: 'continue with task-9' },
  replyClosureState: 'completed',
  highRiskStop: false,
  dispatchReceipt: null,
};

const RECEIPT = {
  planId: 'plan-auto-next-core',
  fromTaskId: 'task-8',
  nextTaskId: 'task-9',
  dispatchedAt: '2026-04-24T10:00:05Z',
  channel: 'subagent',
  evidence: 'run-42',
};

function withFields(fields: Record<string, unknown>): string {
  return JSON.stringify({ ...SEED_ENVELOPE, ...fields });
}

function without(field: keyof typeof SEED_ENVELOPE): string {
  const copy: Record<string, unknown> = { ...SEED_ENVELOPE };
  delete copy[field];
  return JSON.stringify(copy);
}

/** Invalid input: exit 2, nothing on stdout, one line of error JSON on stderr. */
function assertInvalidInput(r: Run, mentions: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  const error = JSON.parse(lines[0]!) as { ok: boolean; error: string; message: string };
  assert.equal(error.ok, false);
  assert.equal(error.error, 'invalid_input');
  assert.match(error.message, mentions);
}

function assertNoStackTrace(r: Run): void {
  assert.ok(!(r.stdout + r.stderr).includes('    at '), r.stdout + r.stderr);
}

describe('continuity gate evaluate (built CLI)', () => {
  before(() => {
    assert.ok(existsSync(CLI), `${CLI} is missing: run \`node scripts/build.mjs\` first`);
  });

  it('a stop at a completed-task boundary without a receipt exits 1 with the verdict on stdout', () => {
    const r = gate(JSON.stringify(SEED_ENVELOPE));
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr, '');
    const verdict = JSON.parse(r.stdout);
    assert.equal(verdict.ok, false);
    assert.equal(verdict.status, 'continuity_failure');
    assert.equal(verdict.verdict, 'continuity_failure');
    assert.equal(verdict.reason, 'missing_auto_next_dispatch');
    assert.equal(verdict.autoNextObligatory, true);
    assert.match(verdict.message, /task-8 of plan plan-auto-next-core is complete/);
    assert.equal(r.stdout.trimEnd().split('\n').length, 1, 'the verdict is one line');
  });

  it('a valid dispatch receipt for the named next task exits 0 with a pass verdict', () => {
    const r = gate(withFields({ nextTaskId: 'task-9', currentTaskCompletedAt: '2026-04-24T10:00:00Z', dispatchReceipt: RECEIPT }));
    assert.equal(r.code, 0, r.stderr);
    const verdict = JSON.parse(r.stdout);
    assert.equal(verdict.ok, true);
    assert.equal(verdict.verdict, 'pass');
    assert.equal(verdict.reason, 'receipt_valid');
  });

  it('a receipt whose evidence is structured JSON (an object, an array) or absent is judged on its linkage alone', () => {
    const { evidence: _none, ...bare } = RECEIPT;
    for (const receipt of [{ ...RECEIPT, evidence: { runId: 'r1' } }, { ...RECEIPT, evidence: ['r1', { messageId: 'm7' }] }, { ...RECEIPT, evidence: null }, bare]) {
      const pass = gate(withFields({ nextTaskId: 'task-9', currentTaskCompletedAt: '2026-04-24T10:00:00Z', dispatchReceipt: receipt }));
      assert.equal(pass.code, 0, pass.stderr);
      assert.equal(JSON.parse(pass.stdout).reason, 'receipt_valid');
      const wrong = gate(withFields({ nextTaskId: 'task-9', dispatchReceipt: { ...receipt, nextTaskId: 'task-10' } }));
      assert.equal(wrong.code, 1, wrong.stderr);
      assert.deepEqual(JSON.parse(wrong.stdout).receipt, { valid: false, why: 'wrong_next_task' });
    }
  });

  it('a legal closure exits 0', () => {
    const r = gate(withFields({ replyClosureState: 'waiting_user' }));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).reason, 'legal_closure_waiting_user');
  });

  it('a receipt for another next task exits 1', () => {
    const r = gate(withFields({ nextTaskId: 'task-9', dispatchReceipt: { ...RECEIPT, nextTaskId: 'task-10' } }));
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).receipt, { valid: false, why: 'wrong_next_task' });
  });

  it('--pretty indents the verdict', () => {
    const r = gate(JSON.stringify(SEED_ENVELOPE), '--pretty');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^\{\n {2}"ok": false,/);
  });

  it('a missing field exits 2 and names the field', () => {
    assertInvalidInput(gate(without('taskBoundaryStop')), /taskBoundaryStop/);
  });

  it('a mistyped field exits 2 and names the field', () => {
    assertInvalidInput(gate(withFields({ nextTaskKnown: 'yes' })), /nextTaskKnown: expected boolean/);
  });

  it('a receipt missing a field exits 2 and names dispatchReceipt.nextTaskId', () => {
    const { nextTaskId: _omitted, ...partial } = RECEIPT;
    assertInvalidInput(gate(withFields({ dispatchReceipt: partial })), /dispatchReceipt\.nextTaskId/);
  });

  it('a currentTaskCompletedAt without a timezone exits 2 and names the field', () => {
    assertInvalidInput(gate(withFields({ currentTaskCompletedAt: '2026-04-24T10:00:00' })), /currentTaskCompletedAt/);
  });

  it('non-JSON stdin exits 2', () => {
    assertInvalidInput(gate('I can continue with Task 9'), /not valid JSON/);
  });

  it('empty stdin exits 2', () => {
    assertInvalidInput(gate(''), /stdin is empty/);
  });

  it('a JSON array exits 2', () => {
    assertInvalidInput(gate('[]'), /expected Object, received Array/);
  });

  it('an unknown option exits 2', () => {
    assertInvalidInput(gate(JSON.stringify(SEED_ENVELOPE), '--no-such-flag'), /no-such-flag/);
  });

  it('--help prints the usage and exits 0', () => {
    const r = gate('', '--help');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /usage: continuity gate evaluate/);
  });

  it('never prints a stack trace, whatever the input', () => {
    for (const stdin of ['{', 'null', '"x"', '{"planId":1}', without('planId'), withFields({ dispatchReceipt: [] })]) {
      const r = gate(stdin);
      assert.equal(r.code, 2, `${stdin}: ${r.stderr}`);
      assertNoStackTrace(r);
    }
  });
});
