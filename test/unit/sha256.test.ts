import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { sha256 } from '../../src/util/sha256.js';
import { REPO_ROOT } from '../helpers/cli.js';

const TEXTS = ['', 'x', 'plan ✓ — ünïcode\n', 'a'.repeat(100_000)];
const expected = TEXTS.map((t) => createHash('sha256').update(t).digest('hex'));

test('sha256 on Node is node:crypto\'s digest, for one text or several parts', () => {
  assert.deepEqual(TEXTS.map((t) => sha256(t)), expected);
  assert.equal(sha256(['plan ✓', ' — ünïcode\n']), expected[2]);
});

test('sha256 under Bun (its own hasher) gives the same digests', () => {
  const bun = join(REPO_ROOT, 'node_modules', 'bun', 'bin', 'bun.exe');
  assert.ok(existsSync(bun), 'Bun is a devDependency');
  const code = `import { sha256 } from ${JSON.stringify(join(REPO_ROOT, 'src', 'util', 'sha256.ts'))};
    const texts = ${JSON.stringify(TEXTS)};
    console.log(JSON.stringify({ bun: typeof Bun, one: texts.map((t) => sha256(t)), parts: sha256(['plan ✓', ' — ünïcode\\n']) }));`;
  const r = spawnSync(bun, ['-e', code], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out, { bun: 'object', one: expected, parts: expected[2] });
});
