/**
 * Which test files each pass of `npm test` runs (scripts/test-passes.mjs):
 * every file in at least one pass, the end-to-end tests about the Node entry
 * or a driver on Node, the others once against the compiled executable, and
 * a new file placed by what it imports, with no list to edit.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';
// @ts-expect-error a script of the repository, plain JavaScript
import { DRIVER_E2E, namesTheNodeEntry, passFiles, PLUGIN_E2E } from '../../scripts/test-passes.mjs';

interface Passes {
  node: string[];
  node24: string[] | null;
  compiled: string[] | null;
}

const split = (opts: { files: string[]; given?: boolean; thisRuntimeOnly?: boolean; unitOnDriver?: Set<string>; sources?: Record<string, string> }): Passes =>
  passFiles({ ...opts, sourceOf: (f: string) => opts.sources?.[f] ?? '' }) as Passes;

const where = (p: Passes, f: string) => (['node', 'node24', 'compiled'] as const).filter((k) => p[k]?.includes(f));

test('every test file of the repository runs in at least one pass, and every end-to-end file but the plugin\'s against the compiled executable', () => {
  const files = readdirSync(join(REPO_ROOT, 'test'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('test', f));
  const p = split({ files, sources: Object.fromEntries(files.map((f) => [f, readFileSync(join(REPO_ROOT, f), 'utf8')])) });
  for (const f of files) assert.ok(where(p, f).length > 0, `${f} runs nowhere`);
  for (const f of files.filter((f) => f.startsWith(join('test', 'e2e')) && !PLUGIN_E2E.includes(f))) assert.ok(p.compiled!.includes(f), f);
  for (const f of [...DRIVER_E2E, ...PLUGIN_E2E] as string[]) assert.ok(files.includes(f), `${f} is listed but does not exist`);
  // The files that run dist/cli.cjs by name stay on Node.
  for (const f of ['entries-agree', 'node-hook-files', 'local-install'].map((n) => join('test', 'e2e', `${n}.test.ts`))) assert.ok(p.node.includes(f), f);
});

test('a new end-to-end file runs against the compiled executable only, unless it names the Node bundle: then on Node too', () => {
  const plain = join('test', 'e2e', 'new-thing.test.ts');
  const named = join('test', 'e2e', 'new-node-thing.test.ts');
  const sources = {
    [plain]: "import { hook, runCli, tempProject } from '../helpers/cli.js';\n",
    [named]: "import {\n  hook,\n  NODE,\n  tempProject,\n} from '../helpers/cli.js';\n",
  };
  const p = split({ files: [plain, named], sources });
  assert.deepEqual(where(p, plain), ['compiled']);
  assert.deepEqual(where(p, named), ['node', 'compiled']);
});

test('the ledger\'s end-to-end tests run on every driver, the plugin\'s once on Node; unit tests on Node, those that reach a driver on Node 24 too', () => {
  const driver = DRIVER_E2E[0] as string;
  const plugin = PLUGIN_E2E[0] as string;
  const ledgerUnit = join('test', 'unit', 'ledger-thing.test.ts');
  const pureUnit = join('test', 'unit', 'pure-thing.test.ts');
  const p = split({ files: [driver, plugin, ledgerUnit, pureUnit], unitOnDriver: new Set([ledgerUnit]) });
  assert.deepEqual(where(p, driver), ['node', 'node24', 'compiled']);
  assert.deepEqual(where(p, plugin), ['node']);
  assert.deepEqual(where(p, ledgerUnit), ['node', 'node24']);
  assert.deepEqual(where(p, pureUnit), ['node']);
});

test('--this-runtime runs every file on the running Node; named files run on each runtime, the end-to-end ones against the compiled executable too', () => {
  const e2e = join('test', 'e2e', 'new-thing.test.ts');
  const unit = join('test', 'unit', 'pure-thing.test.ts');
  const files = [e2e, unit, PLUGIN_E2E[1] as string];
  assert.deepEqual(split({ files, thisRuntimeOnly: true }), { node: files, node24: null, compiled: null });
  assert.deepEqual(split({ files, given: true }), { node: files, node24: files, compiled: [e2e] });
});

test('the Node bundle is named only by an import of NODE or CLI from the CLI helper', () => {
  assert.equal(namesTheNodeEntry("import { CLI, NODE, REPO_ROOT } from '../helpers/cli.js';"), true);
  assert.equal(namesTheNodeEntry("import { NO_STACK, runCli } from '../helpers/cli.js';\nconst NODE = 1;"), false);
  assert.equal(namesTheNodeEntry("import { NODE } from '../helpers/other.js';"), false);
  assert.equal(namesTheNodeEntry("import { CLIENT, NODES } from '../helpers/cli.js';"), false);
});
