// The test command. Builds, type-checks, then runs the whole suite on this
// Node (20: better-sqlite3); then, on Node 24 fetched from the npm registry
// (node:sqlite), the unit tests that open a real ledger (their import graph
// reaches a SQLite driver; the others are pure and would repeat the first
// pass) and the end-to-end tests whose subject is the ledger itself
// (DRIVER_E2E: concurrency, durability, survival, the commands and hooks that
// write it), so both Node drivers are always exercised without running every
// test twice; then the end-to-end tests once more
// against the compiled executable (dist/bin/continuity, Bun with bun:sqlite),
// the hook people install. Unit tests do not spawn the CLI, so for them a
// third pass would repeat the first.
//   node scripts/test.mjs                 both runtimes and the compiled executable
//   node scripts/test.mjs --this-runtime  only the running Node
//   node scripts/test.mjs test/unit/x.test.ts   only the given files
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const thisRuntimeOnly = args.includes('--this-runtime') || process.env.CONTINUITY_TEST_RUNTIMES === 'this';
const files = args.filter((a) => !a.startsWith('--'));

// The ledgers' recovery copies (src/ledger/recovery-copy.ts) of the tests' throwaway projects go here, not into the person's home.
const stateHome = process.env.CONTINUITY_STATE_HOME || mkdtempSync(join(tmpdir(), 'continuity-test-state-'));

function step(title, cmd, cmdArgs, env = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, CONTINUITY_STATE_HOME: stateHome, ...env } });
  if (r.status !== 0) {
    process.stdout.write(`✗ ${title} failed (exit ${r.status ?? r.signal})\n`);
    process.exit(r.status || 1);
  }
}

function testFiles() {
  if (files.length) return files;
  return readdirSync('test', { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('test', f))
    .sort();
}

function node24() {
  try {
    return execFileSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (err) {
    process.stdout.write(`✗ could not fetch Node 24 with \`npx -y node@24\`: ${String(err.stderr || err.message).split('\n')[0]}\n`);
    process.exit(1);
  }
}

// bubblewrap for the tests that run continuity inside the agent's sandbox (test/helpers/wall.ts).
step('sandbox tools', process.execPath, ['scripts/install-sandbox-tools.mjs']);
step('build', process.execPath, ['scripts/build.mjs']);
step('typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.']);

/** The end-to-end tests that are about the ledger and its driver: run on every Node driver. */
const DRIVER_E2E = ['ledger-durability', 'ledger-survival', 'hook-entry', 'plan-commands', 'stop-gate', 'approval', 'watchdog-hooks', 'status-and-log', 'guard-hot-state'];
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
const unitOnDriver = thisRuntimeOnly || files.length ? new Set() : await unitTestsOnTheDriver(testFiles().filter((f) => f.startsWith(join('test', 'unit'))));
const onEveryDriver = (f) => (f.startsWith(join('test', 'e2e')) ? DRIVER_E2E.some((n) => f === join('test', 'e2e', `${n}.test.ts`)) : unitOnDriver.has(f));

const runtimes = [{ label: `Node ${process.versions.node}`, exec: process.execPath, files: testFiles() }];
if (!thisRuntimeOnly) runtimes.push({ label: 'Node 24 (node:sqlite)', exec: node24(), files: files.length ? testFiles() : testFiles().filter(onEveryDriver) });

for (const rt of runtimes) {
  step(`tests on ${rt.label}`, rt.exec, ['--import', 'tsx', '--test', '--test-concurrency=4', '--test-reporter=spec', ...rt.files], {
    CONTINUITY_TEST_NODE: rt.exec,
  });
}

// The plugin's hooks run its launcher (its own executable, or Node), never the entry under test: once is enough.
const PLUGIN_E2E = ['plugin', 'plugin-launcher'].map((n) => join('test', 'e2e', `${n}.test.ts`));
const e2e = testFiles().filter((f) => f.startsWith(join('test', 'e2e')) && !PLUGIN_E2E.includes(f));
if (!thisRuntimeOnly && e2e.length > 0) {
  const compiled = join(process.cwd(), 'dist', 'bin', 'continuity');
  if (!existsSync(compiled)) {
    process.stdout.write(`✗ ${compiled} was not built (the build compiles it with the project's Bun; see the build output above)\n`);
    process.exit(1);
  }
  step('end-to-end tests against the compiled executable', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=4', '--test-reporter=spec', ...e2e], {
    CONTINUITY_TEST_ENTRY: compiled,
  });
}
