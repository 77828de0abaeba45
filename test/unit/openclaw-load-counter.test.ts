import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
// @ts-expect-error: a plain JavaScript plugin folder the gateway loads, without types.
import { watchCollections } from '../real-client/openclaw-load-counter/index.js';

test("the load run's counter sums the gateway's collections by kind into its file, with the heap's used size", async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'continuity-load-gc-')), 'gc.json');
  const stop = (watchCollections as (f: string) => () => void)(file);
  assert.ok(existsSync(file), 'written at once, before any collection');
  // Garbage enough for young collections, kept alive just long enough to be copied.
  let keep: unknown[] = [];
  for (let i = 0; i < 400_000; i++) {
    keep.push({ i, s: `item-${i}` });
    if (keep.length > 10_000) keep = [];
  }
  // And one full collection, asked for: a major one, counted apart.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  // gc entries are delivered after the collection, on a later turn of the loop.
  await new Promise((r) => setTimeout(r, 100));
  stop();
  const sums = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { n: number; ms: number }> & { heapUsedMiB: number };
  assert.ok(sums.minor!.n > 0, `young collections counted: ${JSON.stringify(sums)}`);
  assert.ok(sums.minor!.ms > 0);
  assert.ok(sums.major!.n >= 1, `the full collection counted as major: ${JSON.stringify(sums)}`);
  assert.ok(sums.heapUsedMiB > 0);
  for (const kind of ['major', 'incremental', 'weakcb', 'other']) assert.equal(typeof sums[kind]!.n, 'number');
});
