import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importedOnce } from '../../src/util/imported-once.js';
import { ownWallCode } from '../../src/hooks/rules/wall-answer.js';

test('a module is imported at its first use, and the same promise is given to every later one', async () => {
  let loads = 0;
  const code = importedOnce(async () => {
    loads++;
    return { n: loads };
  });
  assert.equal(loads, 0);
  const first = code();
  assert.equal(code(), first);
  assert.deepEqual(await first, { n: 1 });
  assert.equal(loads, 1);
});

test('a failed import is not kept: the next use tries again', async () => {
  let loads = 0;
  const code = importedOnce(async () => {
    if (++loads === 1) throw new Error('not there yet');
    return 'loaded';
  });
  await assert.rejects(code(), /not there yet/);
  assert.equal(await code(), 'loaded');
  assert.equal(loads, 2);
});

test("the wall's code is imported once for every walled shell call", async () => {
  assert.equal(ownWallCode(), ownWallCode());
  assert.equal(typeof (await ownWallCode()).ownWallAnswer, 'function');
});
