import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RACY_MS } from '../../src/util/stamped-hash.js';

type Facts = typeof import('../../src/app/git-global-facts.js');
/** A fresh copy of the module, as a new hook process has: nothing read yet. */
let n = 0;
const fresh = async (): Promise<Facts> => (await import(`../../src/app/git-global-facts.js?process=${++n}`)) as Facts;

const home = mkdtempSync(join(tmpdir(), 'continuity-global-memo-'));
const env = { HOME: home };
const config = join(home, '.gitconfig');
const PAST = new Date('2024-01-02T03:04:05Z');
after(() => rmSync(home, { recursive: true, force: true }));

describe("git's global exec files carried from one hook call to the next", () => {
  before(async () => {
    writeFileSync(config, '[core]\n\thooksPath = /hooks/a\n');
    utimesSync(config, PAST, PAST);
    // Past the clock's granularity: the config's stamp can be trusted.
    await new Promise((r) => setTimeout(r, RACY_MS + 100));
  });

  it('an answer read under stamps that still hold is taken without reading the configs', async () => {
    const first = await fresh();
    assert.ok(first.globalExecFiles(env).dirs.includes('/hooks/a'));
    const memo = first.globalExecMemo(env);
    assert.ok(memo, 'a settled config leaves an answer to carry');
    const next = await fresh();
    // What the next process is handed is what it answers: the configs are not read again.
    next.seedGlobalExecFiles({ ...memo, value: { ...memo.value, dirs: ['/carried'] } });
    assert.deepEqual(next.globalExecFiles(env).dirs, ['/carried']);
  });

  it('a config rewritten with the same size and its modification time put back is read again', async () => {
    const first = await fresh();
    first.globalExecFiles(env);
    const memo = first.globalExecMemo(env)!;
    await new Promise((r) => setTimeout(r, 50));
    writeFileSync(config, '[core]\n\thooksPath = /hooks/b\n');
    utimesSync(config, PAST, PAST);
    // Just written: no stamp can be trusted yet, so nothing is carried.
    const young = await fresh();
    young.globalExecFiles(env);
    assert.equal(young.globalExecMemo(env), null);
    // Settled, the next call is handed the answer read before the rewrite: the change time tells it apart.
    await new Promise((r) => setTimeout(r, RACY_MS + 100));
    const next = await fresh();
    next.seedGlobalExecFiles(memo);
    const dirs = next.globalExecFiles(env).dirs;
    assert.ok(dirs.includes('/hooks/b') && !dirs.includes('/hooks/a'), dirs.join(','));
  });

  it('a malformed carried answer is ignored', async () => {
    const next = await fresh();
    next.seedGlobalExecFiles({ key: `${home}\0\0\0`, stamps: 'x', value: { files: [1], dirs: [], configs: [], system: [] } } as never);
    assert.equal(next.globalExecMemo(env), null);
  });
});
