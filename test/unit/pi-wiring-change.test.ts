// pi's wiring as the wiring watch judges a change to it: continuity's extension
// is continuity's whole file; in pi's settings, `extensions` and `packages`
// decide which extensions load.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeWiringChange, type WiringChange } from '../../src/hooks/rules/wiring-change.js';
import { wiringProjection } from '../../src/app/hook-wiring.js';
import { target as pi } from '../../src/install/targets/pi.js';

const ROOT = '/home/p/project';
const HOOK = { command: '/home/p/continuity/dist/bin/continuity', args: [] };
const judge = (path: string, before: string | null, after: string | null, byAgent = false): WiringChange => judgeWiringChange({ path, root: ROOT, before, after, byAgent });

test("continuity's extension changed or deleted comes back whole; one that arrives is adopted", () => {
  const wired = pi.install(null, HOOK);
  const redirected = wired.replace('/home/p/continuity/dist/bin/continuity', '/bin/true');
  assert.deepEqual(judge('.pi/extensions/continuity.ts', wired, redirected, true), { kind: 'repair', text: wired, weakened: [".pi/extensions/continuity.ts (continuity's pi extension)"], whole: true });
  assert.deepEqual(judge('.pi/extensions/continuity.ts', wired, null), { kind: 'repair', text: wired, weakened: [".pi/extensions/continuity.ts (continuity's pi extension)"], whole: true });
  assert.deepEqual(judge('.pi/extensions/continuity.ts', null, wired), { kind: 'adopt', runsContinuity: true });
});

test("pi's settings: an `extensions` exclusion is put back, the person's other settings in the new version stay", () => {
  const before = '{\n  "defaultThinkingLevel": "off"\n}\n';
  const after = '{\n  "defaultThinkingLevel": "high",\n  "extensions": ["-extensions/continuity.ts"]\n}\n';
  const v = judge('.pi/settings.json', before, after, true);
  assert.equal(v.kind, 'repair', JSON.stringify(v));
  const r = v as Extract<WiringChange, { kind: 'repair' }>;
  assert.deepEqual(r.weakened, ['extensions']);
  assert.deepEqual(JSON.parse(r.text!), { defaultThinkingLevel: 'high' });
  // A change that leaves them alone is the person's.
  assert.deepEqual(judge('.pi/settings.json', before, '{\n  "defaultThinkingLevel": "high"\n}\n', true), { kind: 'adopt', runsContinuity: false });
});

test("the user's pi settings: `packages` changed is put back; the projection holds only what loads extensions", () => {
  const before = '{ "theme": "dark" }';
  const v = judge('/home/p/.pi/agent/settings.json', before, '{ "theme": "dark", "packages": [{ "source": "x", "extensions": [] }] }', true);
  assert.equal(v.kind, 'repair', JSON.stringify(v));
  assert.equal(wiringProjection('/home/p/.pi/agent/settings.json', '{ "theme": "light" }'), null);
  assert.equal(wiringProjection('.pi/settings.json', '{ "theme": "light", "extensions": ["!*"] }'), JSON.stringify({ extensions: ['!*'] }));
});
