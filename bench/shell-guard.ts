// The shell write guard against its corpus: how many write forms of a
// protected path it denies before they run, how many benign commands it
// wrongly denies, how many commands the plain reader reads without mvdan-sh,
// what a first analysis costs either way, and a median analysis time.
//   node --import tsx bench/shell-guard.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { analyzeCommand, mightTouchProtected } from '../src/shell/index.js';
import { loadShellParser, parserLoadCount } from '../src/shell/parser.js';
import { readPlainCommand } from '../src/shell/plain-reader.js';
import { findDetached } from '../src/shell/detach.js';
import { analyzeOptions, loadCorpus, PROTECTED_NAMES } from '../test/fixtures/shell/corpus.js';

export interface ShellGuardResult {
  /** Write forms denied by analyzeCommand. */
  caught: number;
  /** Write forms in the corpus. */
  total: number;
  /** Benign commands denied. */
  falseDenies: number;
  /** Benign commands in the corpus. */
  benign: number;
  /** Corpus commands the pre-check cannot rule out (they are analysed). */
  analysed: number;
  /** Of those, how many the plain reader reads (no mvdan-sh). */
  readPlain: number;
  /**
   * A first analysis in a fresh process, as shipped: src/shell bundled by
   * esbuild the way scripts/build.mjs bundles the CLI (ESM, node, mvdan-sh in
   * a lazily loaded chunk), median: a plain command, then one that loads mvdan-sh.
   */
  plainFirstMs: number;
  parserLoadMs: number;
  /** Median analyzeCommand time over both corpora, parser loaded. */
  medianAnalyzeMs: number;
  /** Detaching forms (a process that outlives the call) found, of the detach corpus. */
  detachCaught: number;
  detachTotal: number;
  /** Commands that start nothing detached (both benign corpora) taken as detaching. */
  detachFalse: number;
  detachBenign: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

export async function benchShellGuard(): Promise<ShellGuardResult> {
  const writeForms = loadCorpus('write-forms');
  const benign = loadCorpus('benign');

  const firsts = await bundledLoadTimes(5);
  const parserLoadMs = median(firsts.map((f) => f.parserMs));
  const plainFirstMs = median(firsts.map((f) => f.plainMs));
  if (parserLoadCount() === 0) await loadShellParser();
  const analysedCommands = [...writeForms, ...benign].filter((e) => mightTouchProtected(e.command, PROTECTED_NAMES));
  const readPlain = analysedCommands.filter((e) => readPlainCommand(e.command) !== null).length;

  const times: number[] = [];
  const timed = async (command: string) => {
    const t0 = performance.now();
    const r = await analyzeCommand(command, analyzeOptions);
    times.push(performance.now() - t0);
    return r;
  };
  let caught = 0;
  for (const e of writeForms) if ((await timed(e.command)).verdict === 'deny') caught++;
  let falseDenies = 0;
  for (const e of benign) if ((await timed(e.command)).verdict === 'deny') falseDenies++;

  // The detach analysis (src/shell/detach.ts): what the hooks refuse where no wall stands.
  const detachForms = loadCorpus('detach-forms');
  const detachBenign = [...loadCorpus('detach-benign'), ...benign];
  let detachCaught = 0;
  for (const e of detachForms) if ((await findDetached(e.command, analyzeOptions)).detached.length) detachCaught++;
  let detachFalse = 0;
  for (const e of detachBenign) if ((await findDetached(e.command, analyzeOptions)).detached.length) detachFalse++;

  return { caught, total: writeForms.length, falseDenies, benign: benign.length, analysed: analysedCommands.length, readPlain, plainFirstMs, parserLoadMs, medianAnalyzeMs: median(times), detachCaught, detachTotal: detachForms.length, detachFalse, detachBenign: detachBenign.length };
}

/**
 * Bundles src/shell like the CLI build (format esm, platform node, splitting)
 * and times, in fresh processes of this runtime, the import of the module
 * (what every hook call pays), a first analyzeCommand of a plain command
 * (the plain reader, no mvdan-sh), then one that needs mvdan-sh (import of its
 * chunk + parse + walk) — the last two returned.
 */
export async function bundledLoadTimes(runs: number, report?: (line: string) => void): Promise<{ plainMs: number; parserMs: number }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-shell-bench-'));
  try {
    await build({
      entryPoints: { shell: fileURLToPath(new URL('../src/shell/index.ts', import.meta.url)) },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      splitting: true,
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      banner: { js: "import { createRequire as __shellCreateRequire } from 'node:module';\nconst require = __shellCreateRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    const probe = join(dir, 'probe.mjs');
    writeFileSync(
      probe,
      `const t0 = performance.now();
const shell = await import('./shell.mjs');
const t1 = performance.now();
const opts = { cwd: '/p', projectRoot: '/p', isProtected: shell.protectedPathMatcher('/p', ['.tdd-progress.md']), protectedNames: ['.tdd-progress.md'], home: '/h' };
const plain = await shell.analyzeCommand('cat plan.md | tee .tdd-progress.md', opts);
const t2 = performance.now();
if (plain.verdict !== 'deny' || shell.parserLoadCount() !== 0) throw new Error('bundled analysis of a plain command loaded mvdan-sh or did not deny');
const full = await shell.analyzeCommand('cat plan.md | tee "$(pwd)/.tdd-progress.md"', opts);
const t3 = performance.now();
if (full.verdict !== 'deny' || shell.parserLoadCount() !== 1) throw new Error('bundled analysis did not load mvdan-sh and deny');
console.log(JSON.stringify({ moduleMs: t1 - t0, plainMs: t2 - t1, parserMs: t3 - t2 }));
`,
    );
    const samples: { moduleMs: number; plainMs: number; parserMs: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const r = spawnSync(process.execPath, [probe], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`bundled probe failed: ${r.stderr}`);
      samples.push(JSON.parse(r.stdout));
    }
    report?.(`  bundled module import (every hook call): median ${median(samples.map((s) => s.moduleMs)).toFixed(1)} ms`);
    return samples.map(({ plainMs, parserMs }) => ({ plainMs, parserMs }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchShellGuard();
  const benign = loadCorpus('benign');
  const parsed = benign.filter((e) => mightTouchProtected(e.command, PROTECTED_NAMES)).length;
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
  console.log(`shell write guard · ${typeof Bun === 'undefined' ? `Node ${process.versions.node}` : `Bun ${Bun.version}`}`);
  console.log(`  write forms caught before running: ${r.caught}/${r.total} (${pct(r.caught, r.total)})`);
  console.log(`  benign commands wrongly denied:    ${r.falseDenies}/${r.benign} (${pct(r.falseDenies, r.benign)})`);
  console.log(`  benign commands that needed the parser (pre-check said maybe): ${parsed}/${benign.length}`);
  console.log(`  commands the pre-check cannot rule out that the plain reader reads: ${r.readPlain}/${r.analysed}`);
  console.log(`  first analysis (bundled, fresh process): plain ${r.plainFirstMs.toFixed(1)} ms, with mvdan-sh ${r.parserLoadMs.toFixed(1)} ms`);
  await bundledLoadTimes(3, (line) => console.log(line));
  console.log(`  median analyzeCommand:             ${r.medianAnalyzeMs.toFixed(2)} ms`);
  console.log(`  detaching forms found (refused where no wall stands): ${r.detachCaught}/${r.detachTotal}; commands starting nothing detached taken as detaching: ${r.detachFalse}/${r.detachBenign}`);
}

declare const Bun: { version: string } | undefined;
