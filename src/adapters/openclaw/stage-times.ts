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
 * not exact; the wall time of such a stage includes the wait. The process's
 * CPU also counts its other threads (the gateway's file system and
 * compression work on libuv's pool, V8's compiler and collector helpers)
 * while a stage runs, so a stage that blocks the event loop on a slow file
 * system call is charged their work too. The main thread's own CPU
 * (process.threadCpuUsage(), Node 23.9 and later), where continuity's code
 * and its synchronous file and SQLite calls run, is summed beside it
 * (`threadCpuMs`).
 *
 * The sums are written to the file as JSON every two seconds and when the
 * gateway stops: `{ calls: { label: n }, stages: { name: { n, wallMs, cpuMs, threadCpuMs? } } }`.
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
  thread: number;
}

interface Sums {
  file: string;
  running: AsyncLocalStorage<Mark>;
  calls: Record<string, number>;
  stages: Record<string, { n: number; wallMs: number; cpuMs: number; threadCpuMs?: number }>;
  changed: boolean;
  flush(): void;
}

const SUMS = Symbol.for('continuity.openclaw-stage-times');

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The calling thread's CPU time (ms), NaN where Node cannot tell it (before 23.9). */
function threadCpuMs(): number {
  const p = process as { threadCpuUsage?: () => NodeJS.CpuUsage };
  if (typeof p.threadCpuUsage !== 'function') return Number.NaN;
  const u = p.threadCpuUsage();
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
      const mark: Mark = { label, wall: performance.now(), cpu: cpuMs(), thread: threadCpuMs() };
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
  const thread = threadCpuMs();
  const s = (sums.stages[name] ??= { n: 0, wallMs: 0, cpuMs: 0 });
  s.n++;
  s.wallMs += wall - mark.wall;
  s.cpuMs += cpu - mark.cpu;
  if (!Number.isNaN(thread)) s.threadCpuMs = (s.threadCpuMs ?? 0) + (thread - mark.thread);
  mark.wall = wall;
  mark.cpu = cpu;
  mark.thread = thread;
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
