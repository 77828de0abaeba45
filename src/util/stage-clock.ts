import { appendFileSync } from 'node:fs';

/**
 * Where a hook call's time goes, stage by stage (`npm run bench` prints the
 * split). Off unless CONTINUITY_STAGES names a file: then each call appends
 * one JSON line to it, `{ stages: [[name, wallMs, cpuMs], …] }`, each stage
 * measured from the end of the one before (the first from the process's
 * start: the runtime's own start-up and the loading of continuity's code).
 * Off, a mark is one comparison: the clock stays on the hot path for good,
 * so that what the bench shows is the code that runs.
 */
const target = typeof process !== 'undefined' ? process.env.CONTINUITY_STAGES : undefined;
/**
 * Kept on globalThis under a registered symbol, not in this module: the
 * hook's lazily loaded deciders are separate bundles (dist/hook-lazy/), each
 * with its own copy of this module, and one call's stages are one list.
 */
const MARKS = Symbol.for('continuity.stage-marks');
const marks: [string, number, number][] = ((globalThis as { [MARKS]?: [string, number, number][] })[MARKS] ??= []);

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * A long-lived process that runs many calls at once (the OpenClaw gateway)
 * sums the stages itself (src/adapters/openclaw/stage-times.ts): it sets a
 * receiver here, under a registered symbol for the same reason as the marks.
 */
export const STAGE_RECEIVER = Symbol.for('continuity.stage-receiver');
const holder = globalThis as { [STAGE_RECEIVER]?: (name: string) => void };

/** The stage that just ended. */
export function stage(name: string): void {
  if (target) marks.push([name, performance.now(), cpuMs()]);
  else holder[STAGE_RECEIVER]?.(name);
}

/** Appends this call's stages to the file CONTINUITY_STAGES names (once, at the end of the call). */
export function flushStages(): void {
  if (!target || !marks.length) return;
  const out: [string, number, number][] = [];
  let wall = 0;
  let cpu = 0;
  for (const [name, w, c] of marks) {
    out.push([name, round(w - wall), round(c - cpu)]);
    wall = w;
    cpu = c;
  }
  marks.length = 0;
  try {
    appendFileSync(target, `${JSON.stringify({ stages: out })}\n`);
  } catch {
    // A measurement must never fail the call it measures.
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
