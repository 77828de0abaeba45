/**
 * The layers of src/ import only downwards (docs: the design's layout): a rule
 * that two agents need must be reachable without going through one agent's
 * adapter or the CLI. Every relative import and dynamic import() of every
 * source file is read; an import into a higher layer, or across two layers of
 * the same rank, fails with the file and the import named.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Lower ranks are imported by higher ones, never the reverse. */
const RANK: Record<string, number> = {
  util: 0,
  formats: 1,
  shell: 1,
  domain: 2,
  ledger: 3,
  config: 4,
  shared: 4,
  wall: 5,
  install: 6,
  app: 6,
  hooks: 7,
  adapters: 8,
  cli: 9,
  demo: 9,
};
/** The CLI and the demo it runs are one layer in two folders. */
const SAME_LAYER = new Set(['cli>demo', 'demo>cli']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

const layerOf = (file: string) => relative(SRC, file).split(sep)[0]!;

export function upwardImports(files: readonly string[], read: (f: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    for (const m of read(file).matchAll(/(?:\bfrom|\bimport\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = layerOf(normalize(join(dirname(file), m[1]!)));
      if (to === from || SAME_LAYER.has(`${from}>${to}`)) continue;
      const a = RANK[from];
      const b = RANK[to];
      if (a === undefined || b === undefined || b >= a) found.push(`${relative(SRC, file)} imports ${m[1]} (${from} → ${to})`);
    }
  }
  return found;
}

/**
 * An agent's adapter only translates its protocol: it reaches the rules in
 * src/hooks/ (and the translation helpers of src/adapters/bridge/ that the
 * bridged agents share), never another agent's adapter.
 */
export function crossAdapterImports(files: readonly string[], read: (f: string) => string): string[] {
  const adapterOf = (file: string) => {
    const parts = relative(SRC, file).split(sep);
    return parts[0] === 'adapters' && parts.length > 2 ? parts[1]! : null;
  };
  const found: string[] = [];
  for (const file of files) {
    const from = adapterOf(file);
    if (!from) continue;
    for (const m of read(file).matchAll(/(?:\bfrom|\bimport\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = adapterOf(normalize(join(dirname(file), m[1]!)));
      if (to && to !== from && !(to === 'bridge' && from !== 'claude-code')) found.push(`${relative(SRC, file)} imports ${m[1]} (${from} → ${to})`);
    }
  }
  return found;
}

describe('layering', () => {
  it('every folder of src/ has a rank', () => {
    const folders = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    assert.deepEqual(folders.filter((f) => RANK[f] === undefined), []);
  });

  it('no layer imports a higher one: CliError lives in util/, PlanState in domain/', () => {
    assert.deepEqual(upwardImports(sourceFiles(SRC), (f) => readFileSync(f, 'utf8')), []);
  });

  it("no agent's adapter imports another's: the rules every agent needs are in src/hooks/", () => {
    assert.deepEqual(crossAdapterImports(sourceFiles(SRC), (f) => readFileSync(f, 'utf8')), []);
  });

  it('the check finds an import across adapters when there is one', () => {
    const codexFile = join(SRC, 'adapters', 'codex', 'x.ts');
    const texts: Record<string, string> = { [codexFile]: "import { handle } from '../claude-code/handle.js';\nimport { runAgentHook } from '../bridge/run.js';" };
    assert.deepEqual(crossAdapterImports([codexFile], (f) => texts[f]!), [`adapters${sep}codex${sep}x.ts imports ../claude-code/handle.js (codex → claude-code)`]);
  });

  it('the check finds an upward import when there is one', () => {
    const ledgerFile = join(SRC, 'ledger', 'x.ts');
    const domainFile = join(SRC, 'domain', 'y.ts');
    const texts: Record<string, string> = {
      [ledgerFile]: "import { CliError } from '../cli/errors.js';",
      [domainFile]: "import type { PlanState } from '../ledger/plans.js';\nconst m = await import('../domain/z.js');",
    };
    assert.deepEqual(upwardImports([ledgerFile, domainFile], (f) => texts[f]!), [
      `ledger${sep}x.ts imports ../cli/errors.js (ledger → cli)`,
      `domain${sep}y.ts imports ../ledger/plans.js (domain → ledger)`,
    ]);
  });
});
