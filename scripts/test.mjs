// The test command. Installs the sandbox tools, then builds, type-checks and
// fetches Node 24 side by side (none needs another), then runs three passes
// of the suite at once, each test file in at least one of them:
//
//   Node (this one, 20: better-sqlite3), the Node entry dist/cli.cjs
//     every unit test, and the end-to-end tests whose subject is the Node
//     entry or a Node driver: those that name the Node bundle themselves
//     (they import NODE or CLI from test/helpers/cli.ts: entries-agree,
//     node-hook-files, local-install, hook-entry, init, ...), those about the
//     ledger and its driver (DRIVER_E2E), and the plugin's (PLUGIN_E2E),
//     whose hooks run the plugin's launcher, never the entry under test.
//   Node 24 (node:sqlite, fetched with `npx -y node@24`)
//     the unit tests that open a real ledger (their import graph reaches a
//     SQLite driver; the others are pure and would repeat the first pass)
//     and DRIVER_E2E, so both Node drivers always run the ledger's tests.
//   the compiled executable dist/bin/continuity (Bun, bun:sqlite)
//     every end-to-end test but the plugin's: the hook people install, and
//     ten times cheaper to start than Node (~15 ms against ~110 ms).
//
// So an end-to-end test that is not about the Node entry or a driver runs
// once, against the compiled executable, where it used to run against both
// entries: nothing is lost, as both entries are built by scripts/build.mjs
// from the same sources, entries-agree replays a whole recorded session
// through both and compares every answer byte for byte, and the tests that
// are about the Node entry's own files and drivers still run on it. A new
// end-to-end file takes its place by what it imports, with no list to edit.
// Unit tests do not spawn the CLI, so the compiled pass does not run them.
//
// Where the time went, measured on a 2-core machine busy with other
// processes (load average 6 to 27, so wall times swing by a factor of two;
// CPU times hold): the passes one after another took 408 s (Node 20),
// 127 s (Node 24) and 381 s (compiled) of wall time and 516 + 95 + 246 s of
// CPU; the sandbox tools, build, type-check and Node 24 fetch 1-12 s each.
// CPU per file, with the processes it spawns: a Node CLI spawn costs ~0.1 s,
// a compiled one a quarter of that, so the same end-to-end file costs about
// 4x more on Node (stop-gate 20 s against 6 s); each test file's own Node and
// tsx start-up ~0.45 s; bounded-ledger's 20,000 in-process hook calls 43 s,
// recovery-copy's 200,500 events 15 s per Node, openclaw-restart's gateways
// 25 s, plugin-launcher's three Bun compiles 15 s. Watchdog-hooks mostly
// sleeps out its SLAs (time is real there). Side by side, with the end-to-end
// files off Node that are not about it, the whole run took 575 to 614 s of
// CPU where it took 870 s (wall: 646 s at load 10 to 27, 943 s at 20 to 30,
// where it took 930 s at 6 to 18). How many files each pass runs at once
// matters little once the three passes together keep both cores busy.
// At the end the command prints each step's wall time, the CPU time of
// everything it ran (Linux), and the slowest files of each pass.
//
//   node scripts/test.mjs                 the three passes
//   node scripts/test.mjs --this-runtime  every test on the running Node only
//   node scripts/test.mjs test/unit/x.test.ts   only the given files, on each runtime
// CONTINUITY_TEST_CONCURRENCY sets each pass's --test-concurrency (default below).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { isE2e, passFiles } from './test-passes.mjs';

const args = process.argv.slice(2);
const thisRuntimeOnly = args.includes('--this-runtime') || process.env.CONTINUITY_TEST_RUNTIMES === 'this';
const files = args.filter((a) => !a.startsWith('--'));
/** Files per pass at once. The three passes share the machine: see the measurements above. */
const CONCURRENCY = Number(process.env.CONTINUITY_TEST_CONCURRENCY) || 3;

// The ledgers' recovery copies (src/ledger/recovery-copy.ts) of the tests' throwaway projects go here, not into the person's home.
const stateHome = process.env.CONTINUITY_STATE_HOME || mkdtempSync(join(tmpdir(), 'continuity-test-state-'));
const scratch = mkdtempSync(join(tmpdir(), 'continuity-test-run-'));
const started = Date.now();
const timings = [];

/**
 * Runs one step. Its output goes to this terminal as it comes when `live`;
 * else it is kept, and printed whole when the step ends or, when `later`, by
 * the caller, so that steps run side by side do not interleave
 * their lines. Resolves to whether it passed and what it printed.
 */
function run(title, cmd, cmdArgs, { env = {}, live = true, later = false } = {}) {
  const t0 = Date.now();
  return new Promise((done) => {
    if (live) process.stdout.write(`\n▶ ${title}\n`);
    else if (later) process.stdout.write(`\n▶ ${title}: its output follows the others' when all have ended\n`);
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'], env: { ...process.env, CONTINUITY_STATE_HOME: stateHome, ...env } });
    let out = '';
    if (child.stdout) child.stdout.on('data', (d) => (out += d));
    if (child.stderr) child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => finish(null, err.message));
    child.on('close', (code, signal) => finish(code ?? signal));
    let ended = false;
    function finish(status, error) {
      if (ended) return;
      ended = true;
      const ms = Date.now() - t0;
      timings.push({ title, ms });
      const failed = status === 0 ? '' : `✗ ${title} failed (${error ?? `exit ${status}`})\n`;
      if (!live && !later) process.stdout.write(`\n▶ ${title}\n${out}`);
      if (!later) process.stdout.write(failed);
      done({ ok: status === 0, out, title, failed });
    }
  });
}

function fail(line) {
  process.stdout.write(`✗ ${line}\n`);
  process.exit(1);
}

function testFiles() {
  if (files.length) return files;
  return readdirSync('test', { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('test', f))
    .sort();
}

/** The unit tests whose import graph reaches a SQLite driver (esbuild resolves it as the build does): they open a real ledger. */
async function unitTestsOnTheDriver(unit) {
  if (unit.length === 0) return new Set();
  const drivers = ['better-sqlite3', 'node:sqlite', 'bun:sqlite'];
  const r = await build({ entryPoints: unit, bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', outdir: 'out', packages: 'external', external: drivers, logLevel: 'silent' });
  const reached = new Set();
  for (const out of Object.values(r.metafile.outputs)) {
    if (!out.entryPoint) continue;
    const inputs = Object.keys(out.inputs);
    if (inputs.some((i) => i === 'src/ledger/select-driver.ts' || i.startsWith('src/ledger/drivers/')) || out.imports.some((i) => drivers.includes(i.path))) reached.add(join(...out.entryPoint.split('/')));
  }
  return reached;
}

/** The CPU time (user + system, seconds) of the children this process has waited for, or null off Linux. */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** The pass's files with the time their tests took (the durations reporter's lines summed per file). */
function fileDurations(path) {
  const byFile = new Map();
  if (!existsSync(path)) return byFile;
  for (const line of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
    const { file, ms } = JSON.parse(line);
    const name = file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
    byFile.set(name, (byFile.get(name) ?? 0) + ms);
  }
  return byFile;
}

// bubblewrap for the tests that run continuity inside the agent's sandbox (test/helpers/wall.ts). Alone: it may run apt-get.
if (!(await run('sandbox tools', process.execPath, ['scripts/install-sandbox-tools.mjs'])).ok) process.exit(1);

const everyRuntime = !thisRuntimeOnly;
const fetchNode24 = everyRuntime ? run('fetch Node 24', 'npx', ['-y', 'node@24', '-p', 'process.execPath'], { live: false }) : null;
const [built, typed] = await Promise.all([
  run('build', process.execPath, ['scripts/build.mjs'], { live: false }),
  run('typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { live: false }),
]);
if (!built.ok || !typed.ok) process.exit(1);

const all = testFiles();
const unitOnDriver = everyRuntime && !files.length ? await unitTestsOnTheDriver(all.filter((f) => !isE2e(f))) : new Set();
const passes = [];
const split = passFiles({ files: all, given: files.length > 0, thisRuntimeOnly, unitOnDriver, sourceOf: (f) => readFileSync(f, 'utf8') });
const testArgs = (label, list) => ['--import', 'tsx', '--test', `--test-concurrency=${CONCURRENCY}`, '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./scripts/test-durations.mjs', `--test-reporter-destination=${join(scratch, `${label}.durations.jsonl`)}`, ...list];
passes.push({ id: 'node', label: `Node ${process.versions.node}`, exec: process.execPath, files: split.node });
if (split.node24) {
  const fetched = await fetchNode24;
  if (!fetched.ok) fail(`could not fetch Node 24 with \`npx -y node@24\`: ${fetched.out.trim().split('\n').pop()}`);
  passes.push({ id: 'node24', label: 'Node 24 (node:sqlite)', exec: fetched.out.trim().split('\n').pop(), files: split.node24 });
}
if (split.compiled?.length) {
  const compiled = join(process.cwd(), 'dist', 'bin', 'continuity');
  if (!existsSync(compiled)) fail(`${compiled} was not built (the build compiles it with the project's Bun; see the build output above)`);
  passes.push({ id: 'compiled', label: 'the compiled executable', exec: process.execPath, files: split.compiled, env: { CONTINUITY_TEST_ENTRY: compiled } });
}

// The passes side by side: the first one's output as it comes, then each other's whole.
const results = await Promise.all(
  passes.map((p) => run(`tests on ${p.label} (${p.files.length} files)`, p.exec, testArgs(p.id, p.files), { env: { CONTINUITY_TEST_NODE: p.exec, ...p.env }, live: p === passes[0], later: p !== passes[0] })),
);
for (const r of results.slice(1)) process.stdout.write(`\n▶ ${r.title}\n${r.out}${r.failed}`);

process.stdout.write(`\n⏱ ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
const cpu = childrenCpuSeconds();
process.stdout.write(cpu === null ? '\n' : `, ${cpu.toFixed(0)} s of CPU\n`);
for (const t of timings) process.stdout.write(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.title}\n`);
// The slowest files of each pass: node --test runs its files in its own (sorted) order, so a long one late in the alphabet ends its pass alone.
for (const p of passes) {
  const slowest = [...fileDurations(join(scratch, `${p.id}.durations.jsonl`))].sort((a, b) => b[1] - a[1]).slice(0, 5);
  process.stdout.write(`  slowest on ${p.label}: ${slowest.map(([f, ms]) => `${f.replace(/^test\//, '')} ${(ms / 1000).toFixed(0)} s`).join(', ')}\n`);
}
rmSync(scratch, { recursive: true, force: true });
if (results.some((r) => !r.ok)) process.exit(1);
