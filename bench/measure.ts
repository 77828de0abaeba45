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
  medianMs: number;
  p90Ms: number;
  runs: number;
}

/**
 * Runs the commands interleaved (A B C A B C …) so machine noise hits them
 * alike, and returns per-command medians. Ratios between the medians of one
 * run are what the benchmarks report; absolute numbers vary by machine.
 */
export function interleaved(commands: Command[], runs: number, warmup = 3): Timing[] {
  const samples = commands.map(() => [] as number[]);
  for (let i = 0; i < warmup + runs; i++) {
    commands.forEach((c, j) => {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(c.cmd, c.args, { input: c.input ?? '', env: { ...process.env, ...c.env }, cwd: c.cwd, encoding: 'utf8' });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) throw new Error(`${c.label} exited ${r.status}: ${r.stderr}`);
      if (i >= warmup) samples[j]!.push(ms);
    });
  }
  return commands.map((c, j) => ({ label: c.label, medianMs: quantile(samples[j]!, 0.5), p90Ms: quantile(samples[j]!, 0.9), runs }));
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
