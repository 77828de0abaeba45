// `npm run bench`: every benchmark, reported as medians and as ratios to the
// process floor measured in the same run (these machines are noisy).
import { spawnSync } from 'node:child_process';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchHookMatrix, CASES } from './hook-matrix.js';
import { benchParseLargePlan } from './parse-large-plan.js';
import { benchWatchdog } from './watchdog.js';
import { benchShellGuard } from './shell-guard.js';
import { benchWiringCheck } from './wiring-check.js';
import { benchRunsLater } from './runs-later.js';
import { benchOpenClawPlugin } from './openclaw-plugin.js';
import { benchOwnWall, reportOwnWall } from './own-wall.js';
import { benchOpenClawLoad, reportOpenClawLoad } from './openclaw-load.js';
import { benchPiHook, reportPiHook } from './pi-hook.js';
import { benchOpenCodeHook, reportOpenCodeHook } from './opencode-hook.js';
import { fmt } from './measure.js';
import { reportStageSplit } from './hook-stages.js';
import { benchLedgerGrowth, reportLedgerGrowth } from './ledger-growth.js';
import { benchSharedSync, reportSharedSync } from './shared-sync.js';
import { benchCopilotHook, reportCopilotHook } from './copilot-hook.js';
import { benchCompiledFloor, reportCompiledFloor } from './compiled-floor.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 25);
// `--hooks [CASE…]`: the hook calls alone, on the cases named (pre-harmless, pre-protected, stop), or all.
const hooksOnly = process.argv.indexOf('--hooks');
const only = hooksOnly === -1 ? [] : process.argv.slice(hooksOnly + 1);
const cases = CASES.filter((c) => only.length === 0 || only.includes(c.key));
if (only.some((k) => !CASES.some((c) => c.key === k))) {
  console.error(`usage: bench/run.ts [--hooks [${CASES.map((c) => c.key).join('|')}]…]`);
  process.exit(2);
}

console.log(`continuity benchmarks · Node ${process.versions.node} · ${runs} interleaved runs per command\n`);

// BENCH_BASE_DIST: another build's dist/ folder (main's, built elsewhere), measured in the same interleaved run.
const baseDist = process.env.BENCH_BASE_DIST ? resolve(process.env.BENCH_BASE_DIST) : null;
const hooks = await benchHookMatrix(root, runs, only, baseDist);
console.log('Hook calls, spawned as Claude Code runs them (one interleaved run): wall time, and the CPU time of the process tree');
for (const t of hooks.timings) console.log(`  ${t.label.padEnd(58)} median ${fmt(t.medianMs)}   p90 ${fmt(t.p90Ms)}   cpu median ${fmt(t.medianCpuMs)}   p90 ${fmt(t.p90CpuMs)}`);
for (const note of hooks.notes) console.log(`  (${note})`);
const nodeFloor = hooks.median('node -e 0');
const nodeCpuFloor = hooks.cpu('node -e 0');
const nodeTargets: Record<string, number> = { 'pre-harmless': 1.3, 'pre-protected': 1.3, stop: 1.5 };
console.log(`\n  Node hook / node -e 0 (node -e 0: CPU ${fmt(nodeCpuFloor)}, wall ${fmt(nodeFloor)}): CPU time, wall time`);
for (const c of cases) {
  const target = nodeTargets[c.key];
  const label = `node hook · ${c.label}`;
  console.log(`    ${c.label.padEnd(40)} ${(hooks.cpu(label) / nodeCpuFloor).toFixed(2)}× CPU (${fmt(hooks.cpu(label))})   ${(hooks.median(label) / nodeFloor).toFixed(2)}× wall${target ? `   (target ≤ ${target.toFixed(2)}×)` : ''}`);
}
if (hooks.compiled) {
  const trueFloor = hooks.median('true');
  const bunFloor = hooks.median('bun -e 0');
  // Targets as ratios to the runtime's own floor, measured in the same run: CPU time, the steadier figure on a shared machine.
  const compiledTargets: Record<string, number> = { 'pre-harmless': 1.5, 'pre-protected': 1.5, stop: 2.0 };
  const bunCpu = hooks.cpu('bun -e 0');
  console.log(`\n  Compiled hook (dist/bin/continuity): median wall, × \`true\`${Number.isNaN(bunFloor) ? '' : ' · × `bun -e 0` in CPU time (target) and wall time'} · × node hook`);
  for (const c of cases) {
    const label = `compiled hook · ${c.label}`;
    const ms = hooks.median(label);
    const bun = Number.isNaN(bunFloor) ? '' : `${(hooks.cpu(label) / bunCpu).toFixed(2)}× bun -e 0 CPU (target ≤ ${compiledTargets[c.key]!.toFixed(1)}×), ${(ms / bunFloor).toFixed(2)}× wall · `;
    console.log(`    ${c.label.padEnd(40)} ${fmt(ms)}   ${(ms / trueFloor).toFixed(1)}× true · ${bun}${(ms / hooks.median(`node hook · ${c.label}`)).toFixed(2)}× node hook`);
  }
} else {
  console.log('\n  dist/bin/continuity is not built (Bun missing): no compiled hook to measure');
}
if (hooks.plugin) {
  // The plugin is what most people run; its targets: CPU time no more than the bash + jq hooks it replaces, and within 1.5× the compiled hook.
  const ratio = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? '    –' : `${(a / b).toFixed(2)}×`);
  console.log('\n  Plugin hook (`sh ${CLAUDE_PLUGIN_ROOT}/bin/continuity hook claude-code`, as hooks/hooks.json runs it): CPU time medians, wall in brackets');
  console.log(`    ${'case'.padEnd(40)} ${'plugin'.padStart(18)} ${'compiled'.padStart(18)} ${'bash+jq peer'.padStart(18)}   plugin/peer (≤ 0.5)   plugin/compiled (≤ 1.5)${hooks.pluginNode ? '   plugin on Node' : ''}`);
  for (const c of cases) {
    const cell = (label: string) => (Number.isNaN(hooks.cpu(label)) ? '–'.padStart(18) : `${hooks.cpu(label).toFixed(1).padStart(6)} ms (${hooks.median(label).toFixed(1).padStart(5)})`.padStart(18));
    const plugin = hooks.cpu(`plugin hook · ${c.label}`);
    const onNode = hooks.pluginNode ? `   ${cell(`plugin hook on Node · ${c.label}`)}` : '';
    console.log(`    ${c.label.padEnd(40)} ${cell(`plugin hook · ${c.label}`)} ${cell(`compiled hook · ${c.label}`)} ${cell(`bash+jq peer · ${c.label}`)}   ${ratio(plugin, hooks.cpu(`bash+jq peer · ${c.label}`)).padStart(19)}   ${ratio(plugin, hooks.cpu(`compiled hook · ${c.label}`)).padStart(23)}${onNode}`);
  }
  if (hooks.pluginNode) console.log(`    (plugin on Node: CONTINUITY_PLUGIN_RUNTIME=node, Node ${hooks.pluginNode})`);
}
if (baseDist) {
  // Ratios to the runtime's floor of this run, the build under test beside the base: CPU time (wall in brackets).
  const ratio = (label: string, floor: string) => (Number.isNaN(hooks.cpu(label)) ? '     –' : `${(hooks.cpu(label) / hooks.cpu(floor)).toFixed(2)}× (${(hooks.median(label) / hooks.median(floor)).toFixed(2)}×)`);
  console.log(`\n  This build against ${baseDist}, in the same run: × the runtime's floor, CPU time (wall)`);
  for (const c of cases) {
    console.log(`    ${c.label.padEnd(40)} compiled ${ratio(`compiled hook · ${c.label}`, 'bun -e 0')} base ${ratio(`base compiled hook · ${c.label}`, 'bun -e 0')}   node ${ratio(`node hook · ${c.label}`, 'node -e 0')} base ${ratio(`base node hook · ${c.label}`, 'node -e 0')}`);
  }
}
console.log('');
reportStageSplit(hooks.stages);
console.log('');
if (hooksOnly !== -1) process.exit(0);

// Where the compiled hook's CPU time goes between the runtime's start and the decision (bench/compiled-floor.ts).
reportCompiledFloor(await benchCompiledFloor(root, runs));
console.log('');

const parse = await benchParseLargePlan();
console.log('Plan parsing (in-process)');
console.log(`  ${parse.tasks} tasks, ${(parse.bytes / 1024).toFixed(0)} KiB superpowers plan: median ${fmt(parse.medianMs)} after warm-up   (target < 100 ms)`);
console.log(`  the same, first parse in a fresh process (what a hook call pays when the plan changed): ${fmt(parse.firstMs)}`);

const watchdog = benchWatchdog();
console.log('\nWatchdog (in-process)');
console.log(`  assessing ${watchdog.runs.toLocaleString('en')} runs: median ${fmt(watchdog.medianMs)}   (target < 50 ms)`);

const openclaw = await benchOpenClawPlugin(root);
console.log('\nOpenClaw plugin (in process, as the gateway calls its hooks): per hook call');
for (const t of openclaw) console.log(`  ${t.label.padEnd(52)} median ${fmt(t.medianMs)}   p90 ${fmt(t.p90Ms)}${/decides nothing/.test(t.label) ? '   (target < 1 ms)' : ''}`);

// The plugin's own memory over many turns needs a forced collection: its own process, with --expose-gc.
console.log('');
const memory = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench', 'openclaw-plugin-memory.ts'), process.env.BENCH_OPENCLAW_MEMORY_TURNS ?? '5000'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
process.stdout.write(memory.status === 0 ? memory.stdout : `OpenClaw plugin memory: the run failed (exit ${memory.status})\n`);

console.log('');
reportOpenClawLoad(await benchOpenClawLoad());

console.log('');
reportOpenCodeHook(await benchOpenCodeHook(root));

console.log('');
reportOwnWall(await benchOwnWall(root, runs));

console.log('');
reportPiHook(await benchPiHook(root, Math.max(5, Math.floor(runs / 2))));
reportCopilotHook(await benchCopilotHook(root));

console.log('');
reportLedgerGrowth(await benchLedgerGrowth(root, Math.max(5, Math.floor(runs / 2))));

console.log('');
reportSharedSync(await benchSharedSync(root, runs));

const guard = await benchShellGuard();
console.log('\nWrite guard on the shell corpus (test/fixtures/shell)');
console.log(`  write forms denied before they run: ${guard.caught}/${guard.total} (${((100 * guard.caught) / guard.total).toFixed(1)}%); any that slipped through and changed a guarded file would be put back after the call`);
console.log(`  benign commands wrongly denied:     ${guard.falseDenies}/${guard.benign} (${((100 * guard.falseDenies) / guard.benign).toFixed(1)}%)`);
console.log(`  analysed commands read by the plain reader: ${guard.readPlain}/${guard.analysed}; the rest load mvdan-sh`);
console.log(`  first analysis in a fresh process:  plain median ${fmt(guard.plainFirstMs)}, loading mvdan-sh ${fmt(guard.parserLoadMs)}`);
console.log(`  analysis with the parser loaded:    median ${fmt(guard.medianAnalyzeMs)}`);
console.log(`  processes that outlive the call:    ${guard.detachCaught}/${guard.detachTotal} detaching forms found (refused where no wall stands); ${guard.detachFalse}/${guard.detachBenign} commands that start nothing detached taken as detaching`);

const wiring = benchWiringCheck();
console.log('\nHook wiring check (every hook call, every command: has a client\'s wiring changed where no hook ran?)');
console.log(`  ${wiring.files} guarded files, most absent: median ${wiring.medianUs.toFixed(1)} µs, p95 ${wiring.p95Us.toFixed(1)} µs`);

const later = benchRunsLater();
console.log('\nWhat runs later (a session\'s start and each Stop only: the fingerprint of the files that run at the person\'s next git or package command)');
console.log(`  ${later.parts} parts: fingerprint median ${later.print.medianUs.toFixed(1)} µs, p95 ${later.print.p95Us.toFixed(1)} µs; the Stop's step median ${later.stop.medianUs.toFixed(1)} µs, p95 ${later.stop.p95Us.toFixed(1)} µs`);
