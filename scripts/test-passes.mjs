// Which test files each pass of scripts/test.mjs runs (the reasons are at the
// top of that script). Pure: the caller lists the files, reads their sources
// and finds the unit tests that reach a SQLite driver.
import { join } from 'node:path';

const E2E = join('test', 'e2e');
export const isE2e = (f) => f.startsWith(E2E);
const e2eNamed = (names) => names.map((n) => join(E2E, `${n}.test.ts`));
/**
 * The end-to-end tests whose subject is the ledger and its driver (parallel
 * writers, durability, a lost ledger, the hook's ways in, the hot state, the
 * commands that write plans): run on every Node driver. The tests of the
 * rules that read the ledger (the stop gate, approval, the watchdog, status)
 * run once, against the compiled executable: their queries run on both Node
 * drivers in the unit tests that open a real ledger, and what differs
 * between the drivers is what these files are about.
 */
export const DRIVER_E2E = e2eNamed(['ledger-durability', 'ledger-survival', 'hook-entry', 'plan-commands', 'guard-hot-state']);
/** The plugin's hooks run its launcher (its own executable, or Node), never the entry under test: once is enough. */
export const PLUGIN_E2E = e2eNamed(['plugin', 'plugin-launcher']);

/**
 * Whether an end-to-end file names the Node bundle itself: it imports NODE
 * or CLI from test/helpers/cli.ts to run dist/cli.cjs on purpose, so the
 * Node entry is part of its subject. Read from the import line with a
 * regular expression: esbuild's metafile names the modules a file imports,
 * not the bindings.
 */
export function namesTheNodeEntry(source) {
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\.\/helpers\/cli\.js'/g)) {
    if (m[1].split(',').some((name) => /^(NODE|CLI)$/.test(name.trim()))) return true;
  }
  return false;
}

/**
 * The files of each pass: `node` (the running Node and dist/cli.cjs),
 * `node24` (node:sqlite) and `compiled` (dist/bin/continuity), null for a
 * pass that does not run.
 * - thisRuntimeOnly: every file on the running Node;
 * - given: the files a person named, on every runtime (the compiled
 *   executable runs the end-to-end ones);
 * - else the split scripts/test.mjs describes.
 */
export function passFiles({ files, given = false, thisRuntimeOnly = false, unitOnDriver = new Set(), sourceOf }) {
  if (thisRuntimeOnly) return { node: files, node24: null, compiled: null };
  const compiled = files.filter((f) => isE2e(f) && !PLUGIN_E2E.includes(f));
  if (given) return { node: files, node24: files, compiled };
  return {
    node: files.filter((f) => !isE2e(f) || DRIVER_E2E.includes(f) || PLUGIN_E2E.includes(f) || namesTheNodeEntry(sourceOf(f))),
    node24: files.filter((f) => (isE2e(f) ? DRIVER_E2E.includes(f) : unitOnDriver.has(f))),
    compiled,
  };
}
