/**
 * npm's cache where the environment puts it (`npm_config_cache`, which npm
 * sets for every script it runs): inside continuity's own wall its checked
 * part is writable and its installed copies are behind a folder of the
 * call's own, as the home's are; nothing else of that folder is opened.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ownWallFacts } from '../../src/hooks/rules/own-wall.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'continuity-npm-cache-')));
after(() => rmSync(base, { recursive: true, force: true }));
const home = join(base, 'home');
const root = join(base, 'project');
const cache = join(base, 'elsewhere', 'npm-cache');
for (const d of [home, root, cache]) mkdirSync(d, { recursive: true });

test("npm's cache named by npm_config_cache: _cacache and _logs writable, _npx the call's own, the rest of it not opened", () => {
  const facts = ownWallFacts('gemini', root, { HOME: home, PATH: process.env.PATH, npm_config_cache: cache }, '/usr/bin/bwrap', []);
  assert.ok(facts.caches.includes(join(cache, '_cacache')), facts.caches.join('\n'));
  assert.ok(facts.caches.includes(join(cache, '_logs')), facts.caches.join('\n'));
  assert.ok(facts.ephemeral.includes(join(cache, '_npx')), facts.ephemeral.join('\n'));
  assert.ok(!facts.caches.includes(cache) && !facts.temp.includes(cache));
  // The home's own stay as they were.
  assert.ok(facts.caches.includes(join(home, '.npm', '_cacache')));
});

test('a relative npm_config_cache is not taken', () => {
  const facts = ownWallFacts('gemini', root, { HOME: home, PATH: process.env.PATH, npm_config_cache: 'rel/cache' }, '/usr/bin/bwrap', []);
  assert.ok(!facts.caches.some((c) => c.includes('rel/cache')), facts.caches.join('\n'));
});
