/**
 * Where the plugin's time goes inside the gateway, stage by stage, summed
 * over every call (the load bench prints it per turn: bench/openclaw-load.ts).
 * Off unless CONTINUITY_STAGE_TIMES names a file; off, `measure` is a plain
 * call. On, the stages the hook code marks (src/util/stage-clock.ts) are
 * charged to the call that is running: the gateway runs many calls at once,
 * interleaved across their awaits, so each call keeps its own last mark
 * (AsyncLocalStorage) instead of the per-process hook's one list. CPU time is
 * the process's (process.cpuUsage()): between two marks of one call that
 * span an await, what ran meanwhile is charged too, so the split is close,
 * not exact; the wall time of such a stage includes the wait.
 *
 * The sums are written to the file as JSON every two seconds and when the
 * gateway stops: `{ calls: { label: n }, stages: { name: { n, wallMs, cpuMs } } }`.
 * They are the process's, kept on globalThis: OpenClaw may register the
 * plugin more than once in one gateway (and load its bundle twice), and the
 * hook code's marks reach only the one receiver.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { STAGE_RECEIVER } from '../../util/stage-clock.js';

export interface StageTimes {
  /** Runs one of the plugin's calls (`label`: what it is), its stages charged to it. */
  measure<T>(label: string, fn: () => T): T;
  /** Writes the sums now (the gateway stopping). */
  flush(): void;
}

const OFF: StageTimes = { measure: (_label, fn) => fn(), flush: () => {} };

interface Mark {
  label: string;
  wall: number;
  cpu: number;
}

interface Sums {
  file: string;
  running: AsyncLocalStorage<Mark>;
  calls: Record<string, number>;
  stages: Record<string, { n: number; wallMs: number; cpuMs: number }>;
  changed: boolean;
  flush(): void;
}

const SUMS = Symbol.for('continuity.openclaw-stage-times');

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function stageTimes(file: string | undefined): StageTimes {
  if (!file) return OFF;
  const holder = globalThis as { [SUMS]?: Sums; [STAGE_RECEIVER]?: (name: string) => void };
  const sums = (holder[SUMS] ??= processSums(file));
  return {
    measure<T>(label: string, fn: () => T): T {
      sums.calls[label] = (sums.calls[label] ?? 0) + 1;
      sums.changed = true;
      const mark: Mark = { label, wall: performance.now(), cpu: cpuMs() };
      const done = () => charge(sums, mark, `${label}: rest`);
      const out = sums.running.run(mark, fn);
      if (out instanceof Promise) return out.finally(done) as T;
      done();
      return out;
    },
    flush: () => sums.flush(),
  };
}

function charge(sums: Sums, mark: Mark, name: string): void {
  const wall = performance.now();
  const cpu = cpuMs();
  const s = (sums.stages[name] ??= { n: 0, wallMs: 0, cpuMs: 0 });
  s.n++;
  s.wallMs += wall - mark.wall;
  s.cpuMs += cpu - mark.cpu;
  mark.wall = wall;
  mark.cpu = cpu;
}

/** The process's sums, its receiver of the hook code's marks, and their writing to the file. */
function processSums(file: string): Sums {
  const sums: Sums = {
    file,
    running: new AsyncLocalStorage<Mark>(),
    calls: {},
    stages: {},
    changed: false,
    flush() {
      if (!sums.changed) return;
      sums.changed = false;
      try {
        writeFileSync(sums.file, `${JSON.stringify({ calls: sums.calls, stages: sums.stages })}\n`);
      } catch {
        // A measurement must never fail the gateway it measures.
      }
    },
  };
  (globalThis as { [STAGE_RECEIVER]?: (name: string) => void })[STAGE_RECEIVER] = (name) => {
    const mark = sums.running.getStore();
    if (mark) charge(sums, mark, name);
  };
  setInterval(() => sums.flush(), 2000).unref();
  process.once('exit', () => sums.flush());
  return sums;
}
