import { build } from 'esbuild';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './cli.js';

/**
 * The import graph of the sources reachable from `entries`, static and
 * dynamic imports alike, as esbuild resolves them for the build
 * (scripts/build.mjs): source file (relative to the repository) → the source
 * files it imports. Packages in node_modules are left out.
 */
export async function importGraph(entries: readonly string[]): Promise<Map<string, string[]>> {
  const r = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: entries.map((e) => join(REPO_ROOT, e)),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    outdir: 'out',
    external: ['bun:sqlite', 'node:sqlite'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  const graph = new Map<string, string[]>();
  for (const [file, input] of Object.entries(r.metafile.inputs)) {
    if (!file.startsWith('src/')) continue;
    graph.set(file, input.imports.map((i) => i.path).filter((p) => p.startsWith('src/')).map((p) => relative('.', p)));
  }
  return graph;
}

/** Every file on a cycle through `file`: those it reaches that reach it back. */
export function cycleThrough(graph: Map<string, string[]>, file: string): string[] {
  const reach = (from: string, edges: (f: string) => string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) for (const next of edges(stack.pop()!)) if (!seen.has(next)) (seen.add(next), stack.push(next));
    return seen;
  };
  const reverse = new Map<string, string[]>();
  for (const [from, tos] of graph) for (const to of tos) reverse.set(to, [...(reverse.get(to) ?? []), from]);
  const forward = reach(file, (f) => graph.get(f) ?? []);
  const back = reach(file, (f) => reverse.get(f) ?? []);
  return [...forward].filter((f) => back.has(f)).sort();
}
