// Whether bubblewrap starts is tried once per machine state, not per call: the
// answer is kept in continuity's state home, keyed by bubblewrap's file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { probeWall } from '../../src/wall/probe.js';

const dir = mkdtempSync(join(tmpdir(), 'continuity-probe-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in bubblewrap that counts its starts and exits as told. */
function fakeBwrap(name: string, script: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\necho started >> ${join(dir, `${name}.count`)}\n${script}\n`);
  chmodSync(path, 0o755);
  return path;
}
const starts = (name: string) => readFileSync(join(dir, `${name}.count`), 'utf8').split('\n').filter(Boolean).length;

test('bubblewrap is started once: the answer is kept in the process and in the state home for the next hook process', () => {
  const bwrap = fakeBwrap('good', 'exit 0');
  const env = { CONTINUITY_BWRAP: bwrap, CONTINUITY_STATE_HOME: join(dir, 'state') };
  assert.deepEqual(probeWall(env), { ok: true, bwrap });
  assert.deepEqual(probeWall(env), { ok: true, bwrap });
  const other = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('${join(import.meta.dirname, '..', '..', 'src', 'wall', 'probe.ts')}').then((m) => process.stdout.write(JSON.stringify(m.probeWall(${JSON.stringify(env)}))))`], { encoding: 'utf8' });
  assert.equal(other.status, 0, other.stderr);
  assert.deepEqual(JSON.parse(other.stdout), { ok: true, bwrap });
  assert.equal(starts('good'), 1);
});

test('a bubblewrap that cannot start is said in one line; a missing one is not started at all', () => {
  const bwrap = fakeBwrap('bad', "echo 'bwrap: No permissions to create a new namespace' >&2; exit 1");
  const env = { CONTINUITY_BWRAP: bwrap, CONTINUITY_STATE_HOME: join(dir, 'state') };
  const bad = probeWall(env);
  assert.equal(bad.ok === false && bad.why, 'bubblewrap cannot start here (bwrap: No permissions to create a new namespace)');
  const none = probeWall({ CONTINUITY_BWRAP: join(dir, 'none'), CONTINUITY_STATE_HOME: join(dir, 'state') });
  assert.equal(none.ok === false && none.why, `CONTINUITY_BWRAP (${join(dir, 'none')}) is not an executable file`);
});
