// Where a hook call's time goes: each call run with CONTINUITY_STAGES set
// (src/util/stage-clock.ts), the medians of each stage's wall and CPU time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile } from './measure.js';

export interface StageSplit {
  label: string;
  /** Stage name, median wall ms, median CPU ms, in the order the calls met them; `calls`: how many calls met it. */
  stages: { name: string; wallMs: number; cpuMs: number; calls: number }[];
  runs: number;
}

export interface StageCommand {
  label: string;
  argv: string[];
  input: () => string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Runs the commands interleaved, `runs` times each after one warm-up call, and splits each one's time by stage. */
export function stageSplit(commands: StageCommand[], runs: number): StageSplit[] {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-bench-stages-'));
  try {
    const files = commands.map((_, i) => join(dir, `${i}.jsonl`));
    for (let r = 0; r < runs + 1; r++) {
      commands.forEach((c, i) => {
        const env = { ...process.env, ...c.env, ...(r === 0 ? {} : { CONTINUITY_STAGES: files[i] }) };
        const out = spawnSync(c.argv[0]!, c.argv.slice(1), { cwd: c.cwd, env, input: c.input(), encoding: 'utf8' });
        if (out.status !== 0) throw new Error(`${c.label} exited ${out.status}: ${out.stderr}`);
      });
    }
    return commands.map((c, i) => {
      const calls = readFileSync(files[i]!, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { stages: [string, number, number][] }).stages);
      const order: string[] = [];
      const wall = new Map<string, number[]>();
      const cpu = new Map<string, number[]>();
      for (const call of calls) {
        for (const [name, w, u] of call) {
          if (!wall.has(name)) {
            order.push(name);
            wall.set(name, []);
            cpu.set(name, []);
          }
          wall.get(name)!.push(w);
          cpu.get(name)!.push(u);
        }
      }
      return { label: c.label, runs: calls.length, stages: order.map((name) => ({ name, wallMs: quantile(wall.get(name)!, 0.5), cpuMs: quantile(cpu.get(name)!, 0.5), calls: wall.get(name)!.length })) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportStageSplit(splits: StageSplit[]): void {
  console.log('Where a hook call\'s time goes (CONTINUITY_STAGES; medians per stage, wall and CPU of the hook process; start-up: the runtime and the loading of the hook\'s code)');
  for (const s of splits) {
    console.log(`  ${s.label} (${s.runs} calls)`);
    for (const st of s.stages) console.log(`    ${st.name.padEnd(28)} wall ${st.wallMs.toFixed(2).padStart(6)} ms   cpu ${st.cpuMs.toFixed(2).padStart(6)} ms${st.calls < s.runs ? `   (in ${st.calls} of the calls)` : ''}`);
    const sum = (k: 'wallMs' | 'cpuMs') => s.stages.filter((st) => st.calls * 2 > s.runs).reduce((a, st) => a + st[k], 0);
    console.log(`    ${'sum of the medians'.padEnd(28)} wall ${sum('wallMs').toFixed(2).padStart(6)} ms   cpu ${sum('cpuMs').toFixed(2).padStart(6)} ms`);
  }
}
