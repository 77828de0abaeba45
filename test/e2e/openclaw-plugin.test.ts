// The OpenClaw plugin package as it is checked in (openclaw/): its manifest
// and entry as OpenClaw reads them, and its bundle exactly what the build
// makes of the sources.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';
import { scratch } from '../helpers/plugin.js';

const DIR = join(REPO_ROOT, 'openclaw');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;

/** A file's git blob id as git's index has it (the working tree is rebuilt by `npm test`; only git's copy can be stale), else as on disk. */
function blob(path: string, fromIndex: boolean): string {
  if (fromIndex) {
    const r = spawnSync('git', ['ls-files', '-s', '--', path], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim() !== '') return r.stdout.trim().split(' ')[1]!;
  }
  return spawnSync('git', ['hash-object', path], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
}

test('the checked-in openclaw/lib/index.js is exactly what the build makes of the sources (a stale one fails here)', () => {
  const out = scratch('continuity-openclaw-');
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs'), '--openclaw-only', out], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(blob('openclaw/lib/index.js', true), blob(join(out, 'index.js'), false), 'openclaw/lib/index.js as committed is stale: run `npm run build` and commit it');
});

test("the package names its entry as OpenClaw loads extensions, and the manifest's id is the entry's", async () => {
  const pkg = json(join(DIR, 'package.json'));
  const manifest = json(join(DIR, 'openclaw.plugin.json'));
  assert.equal(pkg.type, 'module');
  assert.deepEqual(pkg.openclaw.extensions, ['./lib/index.js']);
  assert.ok(existsSync(join(DIR, 'lib', 'index.js')));
  assert.equal(manifest.id, 'continuity');
  assert.deepEqual(manifest.configSchema, { type: 'object', additionalProperties: false });
  const entry = (await import(join(DIR, 'lib', 'index.js'))).default as { id: string; register: unknown };
  assert.equal(entry.id, manifest.id);
  assert.equal(typeof entry.register, 'function');
});

test('the bundle needs nothing from outside it but Node itself: it imports only node: modules (and the SQLite of its runtime)', () => {
  const text = readFileSync(join(DIR, 'lib', 'index.js'), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)"([^"]+)"/g)].map((m) => m[1]!).filter((s) => /^[@a-z]/.test(s));
  assert.ok(specifiers.length > 0);
  assert.deepEqual(specifiers.filter((s) => !s.startsWith('node:') && s !== 'bun:sqlite'), []);
});
