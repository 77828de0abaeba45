// A long-lived process reuses what it found in the folders a pattern list
// walks while every folder's stamp holds (src/app/protected-files.ts): what
// changes in them is found at the next call, never a listing gone stale.
// `nowMs` is given past the settle rule (RACY_MS) where a folder is to be
// taken on its stamp, and at the present where it was just changed. Changes
// made within one tick of the file system's clock carry the same times: the
// settle rule is what covers those (the last test); the others move each
// changed folder's modification time to an instant of its own, as changes
// further apart have.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { folderListings, protectedFiles } from '../../src/app/protected-files.js';
import { RACY_MS } from '../../src/util/stamped-hash.js';

const PATTERNS = ['.git/hooks/**', '.github/hooks/**', '.pi/extensions/**', '.git/config'];

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'protected-files-'));
  mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(root, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\n');
  writeFileSync(join(root, '.git', 'hooks', 'pre-commit.sample'), '#!/bin/sh\n');
  writeFileSync(join(root, '.git', 'config'), '[core]\n');
  mkdirSync(join(root, '.github', 'hooks', 'nested'), { recursive: true });
  writeFileSync(join(root, '.github', 'hooks', 'nested', 'a.json'), '{}');
  changed(root, join(root, '.git'), join(root, '.git', 'hooks'), join(root, '.github'), join(root, '.github', 'hooks'), join(root, '.github', 'hooks', 'nested'));
  return root;
}

let instant = 0;
/** The folders' changes just made, each at an instant of its own (an hour ago and on). */
function changed(...dirs: string[]): void {
  for (const d of dirs) {
    const at = new Date(Date.now() - 3_600_000 + ++instant * 1_000);
    utimesSync(d, at, at);
  }
}

/** A moment at which every folder made so far is older than the settle rule. */
const settled = () => Date.now() + RACY_MS + 1_000;

/** The folders listed by one call. */
function listed(fn: () => unknown): number {
  const before = folderListings.count;
  fn();
  return folderListings.count - before;
}

test('protected files: a second call whose folders all keep their stamps lists none of them, and answers the same', () => {
  const root = project();
  const first = protectedFiles(root, PATTERNS, settled());
  assert.deepEqual(first, ['.git/config', '.git/hooks/pre-commit', '.github/hooks/nested/a.json']);
  let again: string[] = [];
  assert.equal(
    listed(() => (again = protectedFiles(root, PATTERNS, settled()))),
    0,
  );
  assert.deepEqual(again, first);
  // The answer is a copy: a caller changing it changes nothing kept.
  again.push('x');
  assert.deepEqual(protectedFiles(root, PATTERNS, settled()), first);
});

test('protected files: a file added to a walked folder, to a nested one, or to a folder that did not exist, is found at the next call', () => {
  const root = project();
  protectedFiles(root, PATTERNS, settled());
  writeFileSync(join(root, '.git', 'hooks', 'post-checkout'), '#!/bin/sh\n');
  changed(join(root, '.git', 'hooks'));
  assert.ok(protectedFiles(root, PATTERNS, settled()).includes('.git/hooks/post-checkout'));
  writeFileSync(join(root, '.github', 'hooks', 'nested', 'b.json'), '{}');
  changed(join(root, '.github', 'hooks', 'nested'));
  assert.ok(protectedFiles(root, PATTERNS, settled()).includes('.github/hooks/nested/b.json'));
  mkdirSync(join(root, '.pi', 'extensions'), { recursive: true });
  writeFileSync(join(root, '.pi', 'extensions', 'x.ts'), '');
  changed(root, join(root, '.pi'), join(root, '.pi', 'extensions'));
  assert.ok(protectedFiles(root, PATTERNS, settled()).includes('.pi/extensions/x.ts'));
});

test('protected files: a file removed, renamed, or a folder replaced by another, is seen at the next call', () => {
  const root = project();
  protectedFiles(root, PATTERNS, settled());
  renameSync(join(root, '.git', 'hooks', 'pre-commit'), join(root, '.git', 'hooks', 'pre-push'));
  changed(join(root, '.git', 'hooks'));
  assert.deepEqual(protectedFiles(root, PATTERNS, settled()), ['.git/config', '.git/hooks/pre-push', '.github/hooks/nested/a.json']);
  rmSync(join(root, '.git', 'hooks', 'pre-push'));
  changed(join(root, '.git', 'hooks'));
  assert.deepEqual(protectedFiles(root, PATTERNS, settled()), ['.git/config', '.github/hooks/nested/a.json']);
  const other = join(root, 'other-hooks');
  mkdirSync(other);
  writeFileSync(join(other, 'commit-msg'), '#!/bin/sh\n');
  rmSync(join(root, '.git', 'hooks'), { recursive: true });
  renameSync(other, join(root, '.git', 'hooks'));
  changed(root, join(root, '.git'), join(root, '.git', 'hooks'));
  assert.deepEqual(protectedFiles(root, PATTERNS, settled()), ['.git/config', '.git/hooks/commit-msg', '.github/hooks/nested/a.json']);
});

test('protected files: a folder changed within the settle rule is listed again at every call until it settles', () => {
  const root = project();
  const now = Date.now();
  // Just made: too young to be taken on its stamp.
  assert.ok(listed(() => protectedFiles(root, PATTERNS, now)) > 0);
  assert.ok(listed(() => protectedFiles(root, PATTERNS, now)) > 0);
  // Settled: kept, then taken on its stamp.
  protectedFiles(root, PATTERNS, settled());
  assert.equal(
    listed(() => protectedFiles(root, PATTERNS, settled())),
    0,
  );
});
