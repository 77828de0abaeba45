// The wiring check between calls (guard-wants.ts wiringChanged) takes a wiring file's hash from the hot state while the
// file's stamp holds. Every form a change can take moves the stamp or the content it leads to, so none is taken on
// the old stamp: a rewrite within the same second with its times put back, a file renamed over it, a change of mode,
// a symbolic link pointed elsewhere.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { wiringChanged } from '../../src/hooks/rules/guard-wants.js';
import type { HotState } from '../../src/ledger/hot-state.js';
import { sha256 } from '../../src/util/sha256.js';
import { fileStamp, RACY_MS } from '../../src/util/stamped-hash.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const SETTINGS = '.claude/settings.json';
const WIRED = '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"continuity hook claude-code"}]}]}}\n';
const UNWIRED = '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"true  hook claude-code     "}]}]}}\n';

/** The check as a later call runs it, once every write here has settled (the stamps are taken then). */
function laterCheck(hot: HotState, root: string): boolean {
  const now = Date.now;
  const later = now() + RACY_MS + 60_000;
  Date.now = () => later;
  try {
    return wiringChanged(hot, root);
  } finally {
    Date.now = now;
  }
}

/** A project whose settings are guarded with `hash` and the stamp they have now (as a later call would take it). */
function project(content: string, hash: string = sha256(content)): { root: string; file: string; hot: HotState } {
  const root = mkdtempSync(join(tmpdir(), 'continuity-wiring-forms-'));
  dirs.push(root);
  mkdirSync(join(root, '.claude'));
  const file = join(root, SETTINGS);
  writeFileSync(file, content);
  // Whole seconds, so that putting them back later restores them exactly.
  utimesSync(file, PAST, PAST);
  const stamp = fileStamp(file, Date.now() + RACY_MS + 60_000);
  assert.ok(stamp);
  const hot = { guarded: [{ path: SETTINGS, hash, stamp }] } as unknown as HotState;
  assert.equal(laterCheck(hot, root), false, 'unchanged, taken on its stamp');
  return { root, file, hot };
}

const PAST = new Date('2024-01-02T03:04:05Z');
const tick = () => new Promise((r) => setTimeout(r, 20));

test('a rewrite of the same size within the same second, its times put back, is seen', async () => {
  assert.equal(UNWIRED.length, WIRED.length);
  const { root, file, hot } = project(WIRED);
  await tick();
  writeFileSync(file, UNWIRED);
  utimesSync(file, PAST, PAST);
  assert.equal(laterCheck(hot, root), true);
});

test('a file renamed over it, of the same size and times, is seen', async () => {
  const { root, file, hot } = project(WIRED);
  const other = join(root, '.claude', 'other.json');
  writeFileSync(other, UNWIRED);
  utimesSync(other, PAST, PAST);
  renameSync(other, file);
  assert.equal(laterCheck(hot, root), true);
});

test('a change of mode alone is not taken on the old stamp: the file is read again', async () => {
  // The hash kept is not the content's: only a read tells, and a check that trusted the old stamp would answer "unchanged".
  const { root, file, hot } = project(WIRED, 'the hash kept');
  await tick();
  chmodSync(file, 0o444);
  assert.equal(laterCheck(hot, root), true);
});

test('a symbolic link pointed at another file is seen, and so is a change to the file it points at', async () => {
  const { root, file, hot } = project(WIRED);
  const a = join(root, 'a.json');
  const b = join(root, 'b.json');
  writeFileSync(a, WIRED);
  writeFileSync(b, UNWIRED);
  unlinkSync(file);
  symlinkSync(a, file);
  // Through the link the same content: the check reads it (another file, another stamp) and finds it unchanged.
  assert.equal(laterCheck(hot, root), false);
  unlinkSync(file);
  symlinkSync(b, file);
  assert.equal(laterCheck(hot, root), true);
  // Pointed back, then the target rewritten in place.
  unlinkSync(file);
  symlinkSync(a, file);
  assert.equal(laterCheck(hot, root), false);
  await tick();
  writeFileSync(a, UNWIRED);
  assert.equal(laterCheck(hot, root), true);
});
