import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bunPlatform, parseExecutableFacts } from '../../src/install/executable-pins.js';

describe('bunPlatform', () => {
  test("names Bun's npm platform packages as the plugin's build does", () => {
    assert.deepEqual(bunPlatform({ platform: 'linux', arch: 'x64', musl: false }), { name: 'linux-x64' });
    assert.deepEqual(bunPlatform({ platform: 'linux', arch: 'arm64', musl: true }), { name: 'linux-aarch64-musl' });
    assert.deepEqual(bunPlatform({ platform: 'darwin', arch: 'arm64', musl: false }), { name: 'darwin-aarch64' });
  });
  test('says why for a machine Bun is not published for', () => {
    assert.match((bunPlatform({ platform: 'win32', arch: 'x64', musl: false }) as { error: string }).error, /win32/);
    assert.match((bunPlatform({ platform: 'linux', arch: 'ia32', musl: false }) as { error: string }).error, /linux on ia32/);
  });
});

describe('parseExecutableFacts', () => {
  const good = { version: '0.1.0', bunVersion: '1.4.5', compileFlags: ['--minify'], sha512: { 'linux-x64': 'a'.repeat(128) } };
  test('reads the pins', () => {
    assert.deepEqual(parseExecutableFacts(JSON.stringify(good)), good);
  });
  test('refuses a checksum that is not a sha512, in one line naming the field', () => {
    const r = parseExecutableFacts(JSON.stringify({ ...good, sha512: { 'linux-x64': 'abc' } }));
    assert.ok('error' in r);
    assert.match(r.error, /^dist\/executable\.json: sha512\.linux-x64: /);
  });
  test('refuses text that is not JSON', () => {
    assert.match((parseExecutableFacts('{') as { error: string }).error, /is not JSON/);
  });
});
