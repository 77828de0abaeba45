/**
 * `continuity watchdog assess` through the real bundled CLI: real JSON on
 * stdin, exit code and output as an orchestrator would see them.
 * Needs `node scripts/build.mjs` first (scripts/test.mjs does it).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLI, cliCommand } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const NOW = '2026-04-24T10:22:00Z';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function watchdog(stdin: string, ...args: string[]): Result {
  const c = cliCommand(['watchdog', ...args]);
  const r = spawnSync(c.cmd, c.args, { cwd: ROOT, input: stdin, encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function assess(stdin: string, ...args: string[]): Result {
  return watchdog(stdin, 'assess', ...args);
}

// One run per seed scenario, dispatched at 10:00 and due by 10:15; assessed at 10:22.
const base = { childSessionKey: 'agent:ab12', dispatchAt: '2026-04-24T10:00:00Z', expectedBy: '2026-04-24T10:15:00Z', childDone: false, recoveryAttempts: [] };
const RUNS = [
  { ...base, runId: 'r-done', completionReceivedAt: '2026-04-24T10:09:00Z', forwardedToMain: true, resultSource: 'announce', childDone: true },
  { ...base, runId: 'r-slow', expectedBy: '2026-04-24T10:45:00Z' },
  { ...base, runId: 'r-lost', childDone: true, childDoneAt: '2026-04-24T10:12:00Z', capturedResult: 'done' },
  { ...base, runId: 'r-7', recoveryAttempts: [{ action: 'fetch_history', at: '2026-04-24T10:19:00Z', outcome: 'failed' }] },
  {
    ...base,
    runId: 'r-dead',
    recoveryAttempts: [
      { action: 'fetch_history', at: '2026-04-24T10:16:00Z', outcome: 'failed' },
      { action: 'respawn', at: '2026-04-24T10:17:00Z', outcome: 'failed' },
    ],
  },
  { ...base, runId: 'r-back', completionReceivedAt: '2026-04-24T10:20:00Z', forwardedToMain: true, resultSource: 'respawn' },
  { ...base, runId: 'r-quiet' },
];

function withRun(index: number, fields: Record<string, unknown>, drop: string[] = []): string {
  const runs = RUNS.map((r, i) => {
    if (i !== index) return r;
    const copy: Record<string, unknown> = { ...r, ...fields };
    for (const key of drop) delete copy[key];
    return copy;
  });
  return JSON.stringify({ runs });
}

/** Invalid input: exit 2, nothing on stdout, one line of error JSON on stderr, no stack. */
function assertInvalidInput(r: Result, mentions: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.ok(!r.stderr.includes('    at '), r.stderr);
  const error = JSON.parse(lines[0]!) as { ok: boolean; error: string; message: string };
  assert.equal(error.ok, false);
  assert.equal(error.error, 'invalid_input');
  assert.match(error.message, mentions);
}

describe('continuity watchdog assess (built CLI)', () => {
  before(() => {
    assert.ok(existsSync(CLI), `${CLI} is missing: run \`node scripts/build.mjs\` first`);
  });

  it('assesses every run: one JSON document with runId, status, recoveryAction and ownerReport per run, exit 0', () => {
    const r = assess(JSON.stringify({ runs: RUNS }), '--now', NOW);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout.trimEnd().split('\n').length, 1, 'one line');
    const out = JSON.parse(r.stdout) as { runs: Array<Record<string, unknown>> };
    assert.deepEqual(
      out.runs.map((a) => [a.runId, a.status, a.recoveryAction, a.ownerReport === null ? null : 'report']),
      [
        ['r-done', 'completed', 'none', null],
        ['r-slow', 'active', 'none', null],
        ['r-lost', 'done_but_not_forwarded', 'fetch_history', 'report'],
        ['r-7', 'suspect_delivery_failure', 'respawn', 'report'],
        ['r-dead', 'blocked', 'escalate', 'report'],
        ['r-back', 'recovered', 'none', null],
        ['r-quiet', 'suspect_delivery_failure', 'fetch_history', 'report'],
      ],
    );
    assert.deepEqual(Object.keys(out.runs[0]!), ['runId', 'status', 'recoveryAction', 'ownerReport']);
    assert.equal(
      out.runs[3]!.ownerReport,
      'Run r-7 (child agent:ab12) was dispatched 22 min ago, expected within 15 min (7 min overdue); no completion has reached the main conversation and the child has not reported done. History fetch attempted 3 min ago: no result.',
    );
  });

  it('--now decides: the same runs assessed before the SLA are active', () => {
    const r = assess(JSON.stringify({ runs: [RUNS[6]] }), '--now', '2026-04-24T10:15:00Z');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).runs[0].status, 'active');
  });

  it('--forward-grace widens the grace of a finished child', () => {
    const r = assess(JSON.stringify({ runs: [{ ...RUNS[2], expectedBy: '2026-04-24T11:00:00Z' }] }), '--now', NOW, '--forward-grace', '900');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).runs[0].status, 'active');
  });

  it('an empty list of runs is a valid input', () => {
    const r = assess('{"runs":[]}', '--now', NOW);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { runs: [] });
  });

  it('a missing field exits 2 and names it: runs[3].expectedBy', () => {
    assertInvalidInput(assess(withRun(3, {}, ['expectedBy']), '--now', NOW), /runs\[3\]\.expectedBy: missing/);
  });

  it('a missing recoveryAttempts means none was made; a missing childDone means the child has not reported done', () => {
    const r = assess(withRun(4, {}, ['recoveryAttempts', 'childDone']), '--now', NOW);
    assert.equal(r.code, 0, r.stderr);
    const dead = JSON.parse(r.stdout).runs[4];
    assert.deepEqual([dead.status, dead.recoveryAction], ['suspect_delivery_failure', 'fetch_history']);
    assert.match(dead.ownerReport, /the child has not reported done\.$/);
  });

  it('--attempt-timeout decides when an attempt without an outcome counts as failed', () => {
    const fetching = JSON.stringify({ runs: [{ ...base, runId: 'r-f', recoveryAttempts: [{ action: 'fetch_history', at: '2026-04-24T10:20:00Z' }] }] });
    const waiting = JSON.parse(assess(fetching, '--now', NOW).stdout).runs[0];
    assert.deepEqual([waiting.status, waiting.recoveryAction], ['suspect_delivery_failure', 'none'], 'within the default 300 s');
    const r = assess(fetching, '--now', NOW, '--attempt-timeout', '60');
    assert.equal(r.code, 0, r.stderr);
    const moved = JSON.parse(r.stdout).runs[0];
    assert.deepEqual([moved.status, moved.recoveryAction], ['suspect_delivery_failure', 'respawn']);
    assert.match(moved.ownerReport, /History fetch attempted 2 min ago: no outcome within 1 min, timed out\.$/);
    assertInvalidInput(assess(fetching, '--now', NOW, '--attempt-timeout=-1'), /^--attempt-timeout: expected a non-negative number of seconds/);
  });

  it('a run time without a timezone exits 2 and names it', () => {
    assertInvalidInput(assess(withRun(1, { dispatchAt: '2026-04-24T10:00:00' }), '--now', NOW), /runs\[1\]\.dispatchAt: expected an ISO 8601 timestamp with a timezone/);
  });

  it('an unknown recovery action exits 2 and names it', () => {
    assertInvalidInput(
      assess(withRun(3, { recoveryAttempts: [{ action: 'retry', at: '2026-04-24T10:19:00Z' }] }), '--now', NOW),
      /runs\[3\]\.recoveryAttempts\[0\]\.action/,
    );
  });

  it('a completion time without forwardedToMain exits 2 and names forwardedToMain', () => {
    assertInvalidInput(assess(withRun(0, {}, ['forwardedToMain']), '--now', NOW), /runs\[0\]\.forwardedToMain: missing/);
  });

  it('two records for one run exit 2', () => {
    assertInvalidInput(assess(JSON.stringify({ runs: [RUNS[0], RUNS[0]] }), '--now', NOW), /runs\[1\]\.runId: duplicate of runs\[0\]/);
  });

  it('a --now without a timezone exits 2 and names --now', () => {
    assertInvalidInput(assess(JSON.stringify({ runs: RUNS }), '--now', '2026-04-24T10:22:00'), /--now: expected an ISO 8601 timestamp with a timezone/);
  });

  it('a missing --now exits 2 and names --now', () => {
    assertInvalidInput(assess(JSON.stringify({ runs: RUNS })), /--now: missing/);
  });

  it('non-JSON stdin exits 2', () => {
    assertInvalidInput(assess('run r-7 is late', '--now', NOW), /not valid JSON/);
  });

  it('empty stdin, an array, or an object without runs exit 2', () => {
    assertInvalidInput(assess('', '--now', NOW), /stdin is empty/);
    assertInvalidInput(assess('[]', '--now', NOW), /expected Object, received Array/);
    assertInvalidInput(assess('{}', '--now', NOW), /runs: missing/);
  });

  it('a missing or unknown subcommand, or an unknown option, exits 2', () => {
    assertInvalidInput(watchdog('{"runs":[]}'), /missing subcommand/);
    assertInvalidInput(watchdog('{"runs":[]}', 'watch'), /unknown subcommand "watchdog watch"/);
    assertInvalidInput(assess('{"runs":[]}', '--now', NOW, '--no-such-flag'), /no-such-flag/);
  });

  it('--help prints the usage and exits 0', () => {
    const r = watchdog('', 'assess', '--help');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /usage: continuity watchdog assess --now ISO/);
  });
});
