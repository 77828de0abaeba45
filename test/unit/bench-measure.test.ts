import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { interleaved, readTimer } from '../../bench/measure.js';

test("the bench reads bash's times: wall from the span, CPU from the children's user and system time", () => {
  const t = readTimer('1700000000.100000 1700000000.125000\n0m0.001s 0m0.002s\n0m0.012s 0m0.004s\n', false);
  assert.ok(Math.abs(t.wallMs - 25) < 1e-3);
  assert.ok(Math.abs(t.cpuMs - 16) < 1e-9);
});

test("with perf, the CPU is perf's task-clock to the microsecond, the wall the timer's span", () => {
  const t = readTimer('\n12.345678,msec,task-clock,12345678,100.00,0.912,CPUs utilized\n1700000000.100000 1700000000.120500\n', true);
  assert.equal(t.cpuMs, 12.345678);
  assert.ok(Math.abs(t.wallMs - 20.5) < 1e-3);
  assert.throws(() => readTimer('1700000000.1 1700000000.2\n', true), /task-clock/);
});

test('BENCH_CPU=perf times a real command through perf where perf counts task-clock here', () => {
  const perf = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', '--', 'true'], { stdio: 'ignore' }).status === 0;
  const before = process.env.BENCH_CPU;
  process.env.BENCH_CPU = 'perf';
  try {
    const [t] = interleaved([{ label: 'busy loop', cmd: 'bash', args: ['-c', 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'] }], 1, 0);
    assert.ok(t!.medianCpuMs > 0, 'a busy loop costs CPU');
    // perf's task-clock is not rounded to whole milliseconds; bash's times is.
    if (perf) assert.notEqual(t!.medianCpuMs, Math.round(t!.medianCpuMs));
  } finally {
    if (before === undefined) delete process.env.BENCH_CPU;
    else process.env.BENCH_CPU = before;
  }
});
