// The OpenClaw plugin's store (src/adapters/openclaw/plugin-store.ts): what
// one gateway process keeps is what the next one reads, written whole, bounded.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { bounded, emptyStore, loadStore, openClawStateDir, saveStore, storePathIn } from '../../src/adapters/openclaw/plugin-store.js';
import { newSessionMemory } from '../../src/adapters/openclaw/session-memory.js';

const dir = mkdtempSync(join(tmpdir(), 'continuity-openclaw-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(dir, `s${++n}`, 'continuity', 'openclaw-plugin-state.json');

test('plugin store: a missing store is empty and found false; a saved one reads back', () => {
  const path = fresh();
  assert.deepEqual(loadStore(path), { ok: true, memory: emptyStore(), found: false });
  const m = { ...emptyStore(), workspaces: { 'agent:main:main': '/w' }, ownRuns: ['continuity-next-1'], told: ['k1'] };
  saveStore(path, m);
  assert.deepEqual(loadStore(path), { ok: true, memory: m, found: true });
  // Written whole through a temporary file that is renamed: none is left behind.
  assert.deepEqual(readdirSync(join(path, '..')), ['openclaw-plugin-state.json']);
});

test('plugin store: a restart is a new process reading the store: held stops, children, workspaces, own runs and words told are there', () => {
  const path = fresh();
  const first = newSessionMemory(path);
  first.workspaces.set('agent:main:main', '/work/p');
  first.ownRuns.add('continuity-next-a');
  first.owed.set('run-1', { sessionKey: 'agent:main:main', cwd: '/work/p', reason: 'Task 2 is next.', at: '2026-11-26T10:00:00.000Z', state: 'held' });
  first.children.set('agent:main:subagent:c1', 'agent:main:main');
  first.shown.set('agent:main:subagent:c0', '2026-11-26T09:00:00.000Z');
  first.told.add('words-1');
  first.prompts.set('run-1', 'not kept');
  first.save();
  const script = `import { newSessionMemory } from ${JSON.stringify(join(import.meta.dirname, '..', '..', 'src', 'adapters', 'openclaw', 'session-memory.ts'))};
const m = newSessionMemory(${JSON.stringify(path)});
console.log(JSON.stringify({ workspaces: [...m.workspaces], ownRuns: [...m.ownRuns], owed: [...m.owed], orphans: [...m.orphans], children: [...m.children], shown: [...m.shown], told: [...m.told], prompts: m.prompts.size, error: m.storeError }));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), {
    workspaces: [['agent:main:main', '/work/p']],
    ownRuns: ['continuity-next-a'],
    owed: [['run-1', { sessionKey: 'agent:main:main', cwd: '/work/p', reason: 'Task 2 is next.', at: '2026-11-26T10:00:00.000Z', state: 'held' }]],
    // A held stop read from the store is an orphan: its run died with the last gateway.
    orphans: ['run-1'],
    children: [['agent:main:subagent:c1', 'agent:main:main']],
    shown: [['agent:main:subagent:c0', '2026-11-26T09:00:00.000Z']],
    told: ['words-1'],
    prompts: 0,
    error: null,
  });
});

test('plugin store: an unreadable or malformed store is said in one line and the memory starts empty (nothing half read)', () => {
  const path = fresh();
  saveStore(path, emptyStore());
  writeFileSync(path, '{"version":1,"workspaces":{"a":"/w"},"ownRuns":"nope"}');
  const bad = loadStore(path);
  assert.equal(bad.ok, false);
  assert.match(!bad.ok ? bad.error : '', /openclaw-plugin-state\.json: ownRuns: expected Array/);
  assert.deepEqual(bad.memory, emptyStore());
  writeFileSync(path, '{not json');
  const m = newSessionMemory(path);
  assert.match(String(m.storeError), /is not JSON$/);
  assert.equal(m.workspaces.size, 0);
});

test('plugin store: each table keeps its newest entries only', () => {
  const m = emptyStore();
  for (let i = 0; i < 10; i++) {
    m.workspaces[`s${i}`] = `/w${i}`;
    m.ownRuns.push(`r${i}`);
    m.told.push(`k${i}`);
  }
  const b = bounded(m, 3);
  assert.deepEqual(Object.keys(b.workspaces), ['s7', 's8', 's9']);
  assert.deepEqual(b.ownRuns, ['r7', 'r8', 'r9']);
  assert.deepEqual(b.told, ['k7', 'k8', 'k9']);
  const path = fresh();
  saveStore(path, m);
  assert.equal(JSON.parse(readFileSync(path, 'utf8')).ownRuns.length, 10);
});

test("plugin store: it lives in OpenClaw's state folder as OpenClaw finds it; a process whose environment names no home keeps none", () => {
  assert.equal(openClawStateDir({ OPENCLAW_STATE_DIR: '/s', HOME: '/h' }), '/s');
  assert.equal(openClawStateDir({ OPENCLAW_STATE_DIR: '~/st', HOME: '/h' }), '/h/st');
  assert.equal(openClawStateDir({ OPENCLAW_HOME: '/oh', HOME: '/h' }), '/oh/.openclaw');
  assert.equal(openClawStateDir({ HOME: '/h' }), '/h/.openclaw');
  assert.equal(openClawStateDir({ PATH: '/bin' }), null);
  assert.equal(openClawStateDir({ OPENCLAW_STATE_DIR: 'relative', HOME: '/h' }), null);
  assert.equal(storePathIn('/s'), '/s/continuity/openclaw-plugin-state.json');
});
