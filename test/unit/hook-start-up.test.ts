// What a hook call loads before it decides anything. In the compiled hook
// each of the runtime's own modules is loaded at every call (node:url about
// a millisecond, node:os a third of one), so the code a hook call starts
// with, and the code a Stop adds, import none beyond the three they use.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { build } from 'esbuild';
import { DANGEROUS_FILES } from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { ENGINE_DANGEROUS_FILES } from '../../src/app/git-global-facts.js';
import { isCompiled } from '../../src/util/is-compiled.js';
import { homeDir } from '../../src/util/home-dir.js';

/** The metafile of `entry`'s static imports, followed through the sources (each import() left out). */
async function startUpGraph(entry: string): Promise<import('esbuild').Metafile> {
  const lazy = { name: 'lazy', setup: (b: import('esbuild').PluginBuild) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined)) };
  const r = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [join(REPO_ROOT, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: 'out',
    external: ['bun:sqlite', 'node:sqlite', 'better-sqlite3'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
    plugins: [lazy],
  });
  return r.metafile;
}

/** The runtime modules `entry` imports before any import() of its own runs: its static imports, followed through the sources. */
async function startUpRuntimeModules(entry: string): Promise<Map<string, string[]>> {
  const modules = new Map<string, string[]>();
  for (const [file, input] of Object.entries((await startUpGraph(entry)).inputs)) {
    for (const i of input.imports) if (i.external && i.kind !== 'dynamic-import') modules.set(i.path.replace(/^node:/, ''), [...(modules.get(i.path.replace(/^node:/, '')) ?? []), file]);
  }
  return modules;
}

for (const entry of ['src/cli/hook-main.ts', 'src/hooks/deciders-stop.ts']) {
  test(`${entry} loads no runtime module but fs, path and module before it decides`, async () => {
    const modules = await startUpRuntimeModules(entry);
    const extra = [...modules].filter(([m]) => !['fs', 'path', 'module'].includes(m)).map(([m, by]) => `${m} (imported by ${by.join(', ')})`);
    assert.deepEqual(extra, []);
    assert.ok(modules.has('fs'), 'the graph was read');
  });
}

// Code a tool call that decides nothing never runs: the recovery copy and the list of guarded workspaces (read only when the
// ledger is missing), the table of files that run later (a file tool's write), the client-control rule's tables (its cheap
// test is client-control-wants.ts), the reading of the process tree (only where Copilot CLI's variables are set). Loading
// them would cost every hook call; they are loaded when needed.
test('a hook call starts without the code only some calls need', async () => {
  const sources = Object.keys((await startUpGraph('src/cli/hook-main.ts')).inputs);
  assert.ok(sources.includes('src/hooks/handle.ts'), 'the graph was read');
  assert.ok(sources.includes('src/hooks/rules/client-control-wants.ts'));
  for (const later of ['src/ledger/recovery-copy.ts', 'src/ledger/guarded-workspaces.ts', 'src/domain/runs-later.ts', 'src/hooks/rules/client-control.ts', 'src/util/process-ancestry.ts']) assert.ok(!sources.includes(later), later);
});

// A call that decides nothing writes its event to the spool: the code that takes the spool in (and the ledger's tables it writes)
// is the opening of the ledger's, loaded only by a call that opens it.
test('a hook call starts with the spool\'s writing, not its taking in', async () => {
  const sources = Object.keys((await startUpGraph('src/cli/hook-main.ts')).inputs);
  assert.ok(sources.includes('src/ledger/spool-write.ts'), 'the graph was read');
  for (const later of ['src/ledger/spool.ts', 'src/ledger/spool-record.ts', 'src/ledger/stop-effects.ts', 'src/ledger/sessions.ts', 'src/ledger/receipts.ts', 'src/ledger/plans.ts', 'src/ledger/notices.ts']) assert.ok(!sources.includes(later), later);
});

test("the engine's list of files that run code, as git-global-facts writes it out, is the engine's own", () => {
  assert.deepEqual([...ENGINE_DANGEROUS_FILES], [...DANGEROUS_FILES]);
});

test("the compiled executable is known from its modules' URLs, on every platform, without node:url", () => {
  assert.equal(isCompiled('file:///$bunfs/root/continuity'), true);
  assert.equal(isCompiled('file:///%24bunfs/root/chunk-1.js'), true);
  assert.equal(isCompiled('file:///B:/~BUN/root/continuity.exe'), true);
  assert.equal(isCompiled('file:///b:/~BUN/root/chunk-1.js'), true);
  assert.equal(isCompiled('file:///home/me/continuity/dist/hook.cjs'), false);
  assert.equal(isCompiled('file:///home/me/%24bunfs/dist/hook.cjs'), false);
  assert.equal(isCompiled(import.meta.url), false);
  assert.equal(isCompiled('not a url'), false);
  // What the URL parser resolves is resolved as it does, also where the compiled URL's prefix is taken without it.
  assert.equal(isCompiled('file:///$bunfs/../home/me/x.js'), false);
  assert.equal(isCompiled('file:///$bunfs/root/%2e%2e/%2E%2E/home/x.js'), false);
  assert.equal(isCompiled('file:///$bunfs/root/./chunk-1.js'), true);
  assert.equal(isCompiled('file:///$bunfs/root/chunk-1.js?x#y'), true);
  assert.equal(isCompiled('file:///$bunfs\\root\\chunk-1.js'), true);
});

test('the home folder is $HOME when set, else what node:os says', async () => {
  const { homedir } = await import('node:os');
  if (process.platform !== 'win32') assert.equal(homeDir({ HOME: '/home/someone' }), '/home/someone');
  assert.equal(homeDir({ HOME: '' }), homedir());
  assert.equal(homeDir({}), homedir());
});
