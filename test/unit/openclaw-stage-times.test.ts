import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { stageTimes } from '../../src/adapters/openclaw/stage-times.js';
import { stage } from '../../src/util/stage-clock.js';

const dir = mkdtempSync(join(tmpdir(), 'continuity-stage-times-'));

test('stage times off (no file named): a call runs as it is and nothing is written', async () => {
  const times = stageTimes(undefined);
  assert.equal(await times.measure('hook', async () => 7), 7);
  times.flush();
  assert.deepEqual(readdirSync(dir), []);
});

test('stage times on: each call\'s stages are summed under their names, with what followed the last mark, and the calls counted by label', async () => {
  const file = join(dir, 'stages.json');
  const times = stageTimes(file);
  const call = () =>
    times.measure('hook', async () => {
      stage('ledger: open');
      await new Promise((r) => setImmediate(r));
      stage('rule');
      return 'answer';
    });
  // Two calls at once, interleaved across their awaits: each mark is charged to its own call.
  assert.deepEqual(await Promise.all([call(), call()]), ['answer', 'answer']);
  assert.equal(times.measure('tool call facts', () => 3), 3);
  // A mark outside any measured call is not charged.
  stage('elsewhere');
  times.flush();
  const sums = JSON.parse(readFileSync(file, 'utf8')) as { calls: Record<string, number>; stages: Record<string, { n: number; wallMs: number; cpuMs: number }> };
  assert.deepEqual(sums.calls, { hook: 2, 'tool call facts': 1 });
  assert.deepEqual(Object.fromEntries(Object.entries(sums.stages).map(([k, v]) => [k, v.n])), { 'ledger: open': 2, rule: 2, 'hook: rest': 2, 'tool call facts: rest': 1 });
  for (const s of Object.values(sums.stages)) assert.ok(s.wallMs >= 0 && s.cpuMs >= 0);
});

test('stage times: a plugin registered twice in one gateway charges the stages of either registration\'s calls to the one sum', async () => {
  const file = join(dir, 'stages.json');
  const first = stageTimes(file);
  stageTimes(file);
  await first.measure('second registration', async () => stage('second registration: rule'));
  first.flush();
  // (The sums are the process's: the calls of the test above are in them too.)
  const sums = JSON.parse(readFileSync(file, 'utf8')) as { stages: Record<string, { n: number }> };
  assert.equal(sums.stages['second registration: rule']?.n, 1);
});

test("stage times: where Node tells the main thread's CPU, each stage sums it beside the process's", async () => {
  // (The sums are the process's, written to the file the first registration named.)
  const file = join(dir, 'stages.json');
  const p = process as { threadCpuUsage?: () => NodeJS.CpuUsage };
  const own = Object.getOwnPropertyDescriptor(process, 'threadCpuUsage');
  // The thread's clock advances 3 ms at every reading: each stage is charged exactly 3 ms.
  let us = 0;
  Object.defineProperty(process, 'threadCpuUsage', { configurable: true, writable: true, value: () => ({ user: (us += 3000), system: 0 }) });
  try {
    const times = stageTimes(file);
    await times.measure('thread', async () => {
      stage('thread: one');
      stage('thread: two');
    });
  } finally {
    if (own) Object.defineProperty(process, 'threadCpuUsage', own);
    else delete p.threadCpuUsage;
  }
  stageTimes(file).flush();
  const sums = JSON.parse(readFileSync(file, 'utf8')) as { stages: Record<string, { threadCpuMs?: number }> };
  assert.equal(sums.stages['thread: one']?.threadCpuMs, 3);
  assert.equal(sums.stages['thread: two']?.threadCpuMs, 3);
  assert.equal(sums.stages['thread: rest']?.threadCpuMs, 3);
});
