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

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function stageTimes(file: string | undefined): StageTimes {
  if (!file) return OFF;
  const running = new AsyncLocalStorage<Mark>();
  const calls: Record<string, number> = {};
  const stages: Record<string, { n: number; wallMs: number; cpuMs: number }> = {};
  const charge = (mark: Mark, name: string) => {
    const wall = performance.now();
    const cpu = cpuMs();
    const s = (stages[name] ??= { n: 0, wallMs: 0, cpuMs: 0 });
    s.n++;
    s.wallMs += wall - mark.wall;
    s.cpuMs += cpu - mark.cpu;
    mark.wall = wall;
    mark.cpu = cpu;
  };
  (globalThis as { [STAGE_RECEIVER]?: (name: string) => void })[STAGE_RECEIVER] = (name) => {
    const mark = running.getStore();
    if (mark) charge(mark, name);
  };
  let changed = false;
  const flush = () => {
    if (!changed) return;
    changed = false;
    try {
      writeFileSync(file, `${JSON.stringify({ calls, stages })}\n`);
    } catch {
      // A measurement must never fail the gateway it measures.
    }
  };
  setInterval(flush, 2000).unref();
  process.once('exit', flush);
  return {
    measure<T>(label: string, fn: () => T): T {
      calls[label] = (calls[label] ?? 0) + 1;
      changed = true;
      const mark: Mark = { label, wall: performance.now(), cpu: cpuMs() };
      const done = () => charge(mark, `${label}: rest`);
      const out = running.run(mark, fn);
      if (out instanceof Promise) return out.finally(done) as T;
      done();
      return out;
    },
    flush,
  };
}
