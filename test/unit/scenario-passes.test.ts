/**
 * The passes of `npm run test:real-client` (scripts/scenario-passes.mjs), run
 * for real with node --test on throwaway test files: a pass's failed tests are
 * run once more on their own; one that passes then is named at the end with
 * its first error, one that fails again fails the pass, and a file that fails
 * outside any test is not run again.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';
// @ts-expect-error a script of the repository, plain JavaScript
import { scenarioPasses } from '../../scripts/scenario-passes.mjs';

const dir = mkdtempSync(join(tmpdir(), 'continuity-scenario-passes-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A test file whose test `flaky (one) [x]` fails on its first run only (a marker file says it ran), beside one that always passes and, if asked, one that always fails. */
function testFile(name: string, opts: { alwaysFails?: boolean; failsAtLoad?: boolean } = {}): string {
  const file = join(dir, `${name}.test.mjs`);
  const marker = join(dir, `${name}.ran`);
  writeFileSync(file, [
    "import { existsSync, writeFileSync, appendFileSync } from 'node:fs';",
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    opts.failsAtLoad ? "throw new Error('broken at load');" : '',
    `test('passes', () => { appendFileSync(${JSON.stringify(`${marker}.passes`)}, 'x'); });`,
    `test('flaky (one) [x]', () => { const first = !existsSync(${JSON.stringify(marker)}); writeFileSync(${JSON.stringify(marker)}, ''); assert.deepEqual(first ? ['late'] : [], [], 'the list is empty'); });`,
    opts.alwaysFails ? "test('always fails', () => { assert.equal(1, 2, 'one is not two'); });" : '',
  ].join('\n'));
  return file;
}

function passes() {
  const titles: string[] = [];
  const step = (title: string, cmd: string, args: string[], env: Record<string, string>) => {
    titles.push(title);
    // Run as npm runs the script: not as a child of this test runner (NODE_TEST_CONTEXT would make it report here).
    const { NODE_TEST_CONTEXT: _, ...outside } = process.env;
    return spawnSync(cmd, args, { cwd: REPO_ROOT, stdio: 'ignore', env: { ...outside, ...env } }).status === 0;
  };
  const scratch = mkdtempSync(join(dir, 'results-'));
  return { ...(scenarioPasses({ step, scratch }) as { run: (t: string, c: number, f: string[], e?: Record<string, string>) => boolean; summary: () => string }), titles };
}

test('a test that fails once and passes when run again on its own: the pass passes, the test is named with its first error, and only it ran again', () => {
  const p = passes();
  const file = testFile('flaky');
  assert.equal(p.run('scenarios on X', 2, [file]), true);
  assert.deepEqual(p.titles, ['scenarios on X', 'scenarios on X: the 1 failed test run again']);
  assert.equal(readFileSync(join(dir, 'flaky.ran.passes'), 'utf8'), 'x', 'the test that passed ran once');
  assert.equal(p.summary(), '\nFailed once, then passed when run again on their own:\n  scenarios on X: flaky (one) [x] (flaky.test.mjs)\n      the list is empty\n');
});

test('a test that fails again fails the pass and is named as failed', () => {
  const p = passes();
  const file = testFile('broken', { alwaysFails: true });
  assert.equal(p.run('scenarios on Y', 2, [file]), false);
  assert.match(p.summary(), /\nFailed:\n  scenarios on Y: always fails \(broken\.test\.mjs\)\n      one is not two\n/);
  assert.match(p.summary(), /Failed once, then passed when run again on their own:\n  scenarios on Y: flaky \(one\) \[x\]/);
});

test('a file that fails outside any test is not run again and fails the pass', () => {
  const p = passes();
  const file = testFile('unloadable', { failsAtLoad: true });
  assert.equal(p.run('scenarios on Z', 2, [file]), false);
  assert.deepEqual(p.titles, ['scenarios on Z']);
  assert.match(p.summary(), /^\nFailed:\n  scenarios on Z: .*unloadable\.test\.mjs\n/);
  assert.equal(existsSync(join(dir, 'unloadable.ran')), false);
});

test('a pass that passes runs once and leaves nothing to say', () => {
  const p = passes();
  const file = join(dir, 'fine.test.mjs');
  writeFileSync(file, "import { test } from 'node:test';\ntest('fine', () => {});\n");
  assert.equal(p.run('scenarios on W', 2, [file]), true);
  assert.deepEqual(p.titles, ['scenarios on W']);
  assert.equal(p.summary(), '');
});
