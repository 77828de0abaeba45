import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { parseConfig } from '../../src/config/load.js';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';
import { defaultConfigText } from '../../src/install/default-config.js';

test("the config init writes loads with continuity's own loader and gives the defaults", async () => {
  assert.deepEqual(await parseConfig(defaultConfigText()), DEFAULT_CONFIG);
});

test('it spells out every key with its default value (nothing left to the schema)', () => {
  assert.deepEqual(parse(defaultConfigText()), DEFAULT_CONFIG);
});

test('every setting has a comment on the line above it', () => {
  const lines = defaultConfigText().split('\n');
  const leaves = (obj: object): string[] =>
    Object.entries(obj).flatMap(([k, val]) => (val && typeof val === 'object' && !Array.isArray(val) && Object.keys(val).length > 0 && k !== 'slaSecondsByAgentType' ? leaves(val) : [k]));
  for (const key of leaves(DEFAULT_CONFIG)) {
    const i = lines.findIndex((l) => l.trimStart().startsWith(`"${key}":`));
    assert.ok(i > 0, `${key} is written`);
    assert.match(lines[i - 1]!, /^\s*\/\/ \S/, `${key} has a comment`);
  }
});
