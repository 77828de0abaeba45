// `npm run bench`: every benchmark, reported as medians and as ratios to the
// process floor measured in the same run (these machines are noisy).
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchHookStartup } from './hook-startup.js';
import { benchParseLargePlan } from './parse-large-plan.js';
import { benchStopGate } from './stop-gate.js';
import { benchWatchdog } from './watchdog.js';
import { benchShellGuard } from './shell-guard.js';
import { fmt } from './measure.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.mjs');
const runs = Number(process.env.BENCH_RUNS ?? 25);

console.log(`continuity benchmarks · Node ${process.versions.node} · ${runs} interleaved runs per command\n`);

const hook = benchHookStartup(cli, runs);
console.log('Hook start-up (spawned, as Claude Code runs it)');
for (const t of hook.timings) console.log(`  ${t.label.padEnd(44)} median ${fmt(t.medianMs)}   p90 ${fmt(t.p90Ms)}`);
console.log(`  ratio hook / node -e 0: ${hook.ratio.toFixed(2)}×   (target ≤ 1.30×)\n`);

const stop = await benchStopGate(cli, runs);
console.log('Stop gate at a task boundary (spawned)');
for (const t of stop.timings) console.log(`  ${t.label.padEnd(44)} median ${fmt(t.medianMs)}   p90 ${fmt(t.p90Ms)}`);
console.log(`  ratio Stop / node -e 0: ${stop.ratio.toFixed(2)}×   (target ≤ 1.50×)\n`);

const parse = await benchParseLargePlan();
console.log('Plan parsing (in-process)');
console.log(`  ${parse.tasks} tasks, ${(parse.bytes / 1024).toFixed(0)} KiB superpowers plan: median ${fmt(parse.medianMs)} after warm-up   (target < 100 ms)`);
console.log(`  the same, first parse in a fresh process (what a hook call pays when the plan changed): ${fmt(parse.firstMs)}`);

const watchdog = benchWatchdog();
console.log('\nWatchdog (in-process)');
console.log(`  assessing ${watchdog.runs.toLocaleString('en')} runs: median ${fmt(watchdog.medianMs)}   (target < 50 ms)`);

const guard = await benchShellGuard();
console.log('\nWrite guard on the shell corpus (test/fixtures/shell)');
console.log(`  write forms denied before they run: ${guard.caught}/${guard.total} (${((100 * guard.caught) / guard.total).toFixed(1)}%); any that slipped through and changed a guarded file would be put back after the call`);
console.log(`  benign commands wrongly denied:     ${guard.falseDenies}/${guard.benign} (${((100 * guard.falseDenies) / guard.benign).toFixed(1)}%)`);
console.log(`  shell parser load + first analysis: median ${fmt(guard.parserLoadMs)} (only for commands that name a guarded path)`);
console.log(`  analysis with the parser loaded:    median ${fmt(guard.medianAnalyzeMs)}`);
