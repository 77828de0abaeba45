import { spawnSync } from 'node:child_process';

export interface Command {
  label: string;
  cmd: string;
  args: string[];
  input?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface Timing {
  label: string;
  /** Wall time, from the command's start to its exit (the process's start included). */
  medianMs: number;
  p90Ms: number;
  /** CPU time (user + system) of the command and every process it started. */
  medianCpuMs: number;
  p90CpuMs: number;
  runs: number;
}

/**
 * Times one command as bash sees it: wall time around the command alone
 * (EPOCHREALTIME, bash's own start left out) and the CPU time of its process
 * tree (`times`: the children's user and system time, to the millisecond),
 * both reported on fd 3 so the command's own output is left alone.
 */
const TIMER = 's=$EPOCHREALTIME; "$@"; rc=$?; e=$EPOCHREALTIME; { echo "$s $e"; times; } >&3; exit $rc';

/**
 * The same with Linux perf's task-clock for the CPU time (the process and its children, to the microsecond): with
 * `BENCH_CPU=perf` where `perf` runs. bash's `times` gives whole milliseconds, too coarse for calls of a few.
 */
const PERF_TIMER = 's=$EPOCHREALTIME; perf stat -x, -e task-clock --log-fd 3 -- "$@"; rc=$?; e=$EPOCHREALTIME; echo "$s $e" >&3; exit $rc';

/** Is perf's task-clock asked for (BENCH_CPU=perf), and can it be read here? Asked once per process. */
let perfUsable: boolean | undefined;
function usePerf(): boolean {
  if (perfUsable === undefined) {
    const asked = process.env.BENCH_CPU === 'perf';
    perfUsable = asked && spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', '--', 'true'], { stdio: 'ignore' }).status === 0;
    if (asked && !perfUsable) console.error('BENCH_CPU=perf: perf cannot count task-clock here; CPU time from bash\'s times instead');
  }
  return perfUsable;
}

/** One run's wall span and CPU milliseconds, from what the timer wrote on fd 3. */
export function readTimer(text: string, perf: boolean): { wallMs: number; cpuMs: number } {
  const lines = text.trim().split('\n');
  if (perf) {
    const clock = lines.find((l) => l.includes('task-clock'));
    const [start, end] = (lines[lines.length - 1] ?? '').split(' ').map((t) => Number(t.replace(',', '.')));
    if (!clock) throw new Error(`cannot read perf's task-clock: ${text}`);
    return { wallMs: (end! - start!) * 1000, cpuMs: Number(clock.split(',')[0]) };
  }
  const [span, , children] = lines;
  const [start, end] = (span ?? '').split(' ').map((t) => Number(t.replace(',', '.')));
  const [user, sys] = (children ?? '').trim().split(/\s+/).map(seconds);
  return { wallMs: (end! - start!) * 1000, cpuMs: (user! + sys!) * 1000 };
}

function seconds(text: string): number {
  const m = /^(\d+)m([\d.,]+)s$/.exec(text);
  if (!m) throw new Error(`cannot read bash's times: ${text}`);
  return Number(m[1]) * 60 + Number(m[2]!.replace(',', '.'));
}

/**
 * Runs the commands interleaved (A B C A B C …) so machine noise hits them
 * alike, and returns per-command medians of wall and CPU time. Ratios between
 * the medians of one run are what the benchmarks report; absolute numbers
 * vary by machine. CPU time is the steadier on a busy machine: it does not
 * count the time a process waited for a core.
 */
export function interleaved(commands: Command[], runs: number, warmup = 3): Timing[] {
  const wall = commands.map(() => [] as number[]);
  const cpu = commands.map(() => [] as number[]);
  const perf = usePerf();
  for (let i = 0; i < warmup + runs; i++) {
    commands.forEach((c, j) => {
      const r = spawnSync('bash', ['-c', perf ? PERF_TIMER : TIMER, 'timer', c.cmd, ...c.args], { input: c.input ?? '', env: { ...process.env, ...c.env }, cwd: c.cwd, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
      if (r.status !== 0) throw new Error(`${c.label} exited ${r.status}: ${r.stderr}`);
      const t = readTimer(String(r.output[3] ?? ''), perf);
      if (i < warmup) return;
      wall[j]!.push(t.wallMs);
      cpu[j]!.push(t.cpuMs);
    });
  }
  return commands.map((c, j) => ({
    label: c.label,
    medianMs: quantile(wall[j]!, 0.5),
    p90Ms: quantile(wall[j]!, 0.9),
    medianCpuMs: quantile(cpu[j]!, 0.5),
    p90CpuMs: quantile(cpu[j]!, 0.9),
    runs,
  }));
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function inProcessMedian(fn: () => void, runs: number, warmup = 2): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return quantile(times, 0.5);
}

export function fmt(ms: number): string {
  return `${ms.toFixed(1).padStart(7)} ms`;
}
