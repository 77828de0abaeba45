/**
 * What a session's start and each Stop pay to see what runs later as the
 * person (src/app/runs-later.ts): the fingerprint of the short list of files
 * and `.husky/`, read and digested. A project with a package.json of 40
 * scripts and 60 dependencies, three husky hooks, an .npmrc and an .envrc;
 * the Stop's whole step (state read, fingerprint, comparison) with a
 * baseline of 16 sessions. Median and 95th percentile of 2,000 calls after
 * 200 warm-up ones.
 *   node --import tsx bench/runs-later.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readRunsLaterPrint, runsLaterAtStop, takeRunsLaterBaseline } from '../src/app/runs-later.js';

function percentiles(run: () => void): { medianUs: number; p95Us: number } {
  const times: number[] = [];
  for (let i = 0; i < 2200; i++) {
    const t0 = performance.now();
    run();
    if (i >= 200) times.push((performance.now() - t0) * 1000);
  }
  times.sort((a, b) => a - b);
  return { medianUs: times[times.length >> 1]!, p95Us: times[Math.floor(times.length * 0.95)]! };
}

export function benchRunsLater(): { parts: number; print: { medianUs: number; p95Us: number }; stop: { medianUs: number; p95Us: number } } {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-runs-later-bench-'));
  try {
    mkdirSync(join(dir, '.continuity'));
    mkdirSync(join(dir, '.husky', '_'), { recursive: true });
    const scripts = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`task${i}`, `node scripts/task${i}.mjs --flag`]));
    const dependencies = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`dep-${i}`, `^${i}.0.0`]));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', scripts: { ...scripts, prepare: 'husky', postinstall: 'node setup.js' }, dependencies, 'lint-staged': { '*.ts': 'eslint --fix' } }, null, 2));
    for (const hook of ['pre-commit', 'commit-msg', 'pre-push']) writeFileSync(join(dir, '.husky', hook), 'npx lint-staged\n');
    writeFileSync(join(dir, '.husky', '_', 'h'), '#!/usr/bin/env sh\n. "$(dirname "$0")/husky.sh"\n');
    writeFileSync(join(dir, '.npmrc'), 'registry=https://registry.npmjs.org/\nengine-strict=true\n');
    writeFileSync(join(dir, '.envrc'), 'use node\n');
    for (let i = 0; i < 16; i++) takeRunsLaterBaseline(dir, `session-${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    const parts = Object.keys(readRunsLaterPrint(dir)).length;
    const print = percentiles(() => readRunsLaterPrint(dir));
    const stop = percentiles(() => {
      if (runsLaterAtStop(dir, 'session-15', '2026-01-01T01:00:00.000Z')) throw new Error('nothing changed, yet something is named');
    });
    return { parts, print, stop };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = benchRunsLater();
  console.log(`runs later (a session's start, each Stop): ${r.parts} parts; fingerprint median ${r.print.medianUs.toFixed(1)} µs, p95 ${r.print.p95Us.toFixed(1)} µs; the Stop's step median ${r.stop.medianUs.toFixed(1)} µs, p95 ${r.stop.p95Us.toFixed(1)} µs`);
}
