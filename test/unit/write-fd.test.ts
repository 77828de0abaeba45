import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const MODULE = fileURLToPath(new URL('../../src/util/write-fd.ts', import.meta.url));

test('writeFd delivers a large answer through a pipe whole, even to a reader that drains it slowly', async () => {
  const text = 'é'.repeat(600_000) + '\n'; // 1.2 MB of two-byte characters: many pipe buffers
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `const { writeFd } = await import(${JSON.stringify(MODULE)}); writeFd(1, 'é'.repeat(600000) + '\\n');`]);
  const chunks: Buffer[] = [];
  child.stdout.pause();
  const drained = new Promise<void>((resolve) => child.stdout.on('end', resolve));
  setTimeout(() => {
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stdout.resume();
  }, 300);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await drained;
  assert.equal(code, 0);
  assert.equal(Buffer.concat(chunks).toString('utf8'), text);
});
