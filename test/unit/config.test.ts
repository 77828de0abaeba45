import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig, readConfig } from '../../src/config/load.js';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';
import { CliError } from '../../src/util/errors.js';

test('defaults: every documented key has its documented default', () => {
  assert.equal(DEFAULT_CONFIG.stopGate.maxConsecutiveBlocks, 3);
  assert.equal(DEFAULT_CONFIG.watchdog.slaSeconds, 900);
  assert.equal(DEFAULT_CONFIG.watchdog.forwardGraceSeconds, 30);
  assert.deepEqual(DEFAULT_CONFIG.protect, []);
  assert.deepEqual(DEFAULT_CONFIG.approval.phrases, ['approve', 'approved', '/approve']);
  assert.deepEqual(DEFAULT_CONFIG.highRiskStops, []);
});

test('comments and trailing commas are allowed; given keys override defaults, others keep them', async () => {
  const c = await parseConfig(`{
    // three is too many for this team
    "stopGate": { "maxConsecutiveBlocks": 2 },
    "protect": ["secrets/**",],
  }`);
  assert.equal(c.stopGate.maxConsecutiveBlocks, 2);
  assert.deepEqual(c.protect, ['secrets/**']);
  assert.equal(c.watchdog.slaSeconds, 900);
});

async function configError(text: string): Promise<CliError> {
  try {
    await parseConfig(text, '.continuity/config.json');
  } catch (err) {
    assert.ok(err instanceof CliError);
    return err;
  }
  assert.fail('expected the config to be refused');
}

test('an unknown key is refused, naming it', async () => {
  const err = await configError('{ "stopgate": {} }');
  assert.equal(err.exitCode, 4);
  assert.match(err.message, /stopgate/);
});

test('a wrong type is refused, naming the key path', async () => {
  assert.match((await configError('{ "watchdog": { "slaSeconds": "15m" } }')).message, /watchdog\.slaSeconds: expected number/);
  assert.match((await configError('{ "approval": { "phrases": [""] } }')).message, /approval\.phrases\[0\]/);
});

test('broken JSON is refused with a line and column', async () => {
  assert.match((await configError('{\n  "protect": [\n}')).message, /line 3, column/);
});

test("the hot state's copy of the config is taken for the same text, and the text read again and checked when it changed", async () => {
  const root = mkdtempSync(join(tmpdir(), 'continuity-config-known-'));
  try {
    mkdirSync(join(root, '.continuity'));
    const text = '{\n  // a comment: the JSONC parser would be needed\n  "protect": ["docs/spec.md"]\n}\n';
    writeFileSync(join(root, '.continuity', 'config.json'), text);
    const first = await readConfig(root);
    assert.equal(first.text, text);
    assert.deepEqual(first.config.protect, ['docs/spec.md']);
    // The same text: what the hot state holds is the config, not parsed again.
    const known = { text, value: { ...first.config, protect: ['as the hot state holds it'] } };
    assert.deepEqual((await readConfig(root, known)).config.protect, ['as the hot state holds it']);
    // Another text: read, parsed and checked again; an invalid one is refused as ever.
    writeFileSync(join(root, '.continuity', 'config.json'), '{ "protect": ["other.md"] }');
    assert.deepEqual((await readConfig(root, known)).config.protect, ['other.md']);
    writeFileSync(join(root, '.continuity', 'config.json'), '{ "protect": 3 }');
    await assert.rejects(readConfig(root, known), CliError);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
