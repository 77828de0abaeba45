// The deciding code is loaded behind one lazy module, src/hooks/deciders.ts,
// so the bundler makes one chunk of it (its header says why). A module it
// reaches that imports it back (statically or by import()) makes a cycle:
// the chunks then depend on the order modules load in, and code meant to
// load only when a call needs deciding can be pulled onto the start-up path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cycleThrough, importGraph } from '../helpers/import-graph.js';

const ENTRIES = ['src/cli/hook-main.ts', 'src/cli/main.ts', 'src/cli/compiled-entry.ts', 'src/adapters/openclaw/entry.ts'];

test('no import cycle runs through src/hooks/deciders.ts, in the graph the build bundles', async () => {
  const graph = await importGraph(ENTRIES);
  assert.ok(graph.has('src/hooks/deciders.ts'), 'the build reaches deciders.ts');
  assert.ok((graph.get('src/hooks/deciders.ts') ?? []).length > 5, 'and what it loads');
  const cycle = cycleThrough(graph, 'src/hooks/deciders.ts');
  const edges = cycle.map((f) => `${f} -> ${(graph.get(f) ?? []).filter((t) => cycle.includes(t)).join(', ')}`);
  assert.deepEqual(edges, [], `import cycle through deciders.ts:\n${edges.join('\n')}`);
});

test('the cycle finder finds a cycle when there is one', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c', 'd']],
    ['c', ['a']],
    ['d', []],
  ]);
  assert.deepEqual(cycleThrough(graph, 'a'), ['a', 'b', 'c']);
  assert.deepEqual(cycleThrough(graph, 'd'), []);
});
