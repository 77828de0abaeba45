import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sha256 } from '../../src/util/sha256.js';
import { fileStamp, RACY_MS, stampedHash, stampFor } from '../../src/util/stamped-hash.js';

const dir = mkdtempSync(join(tmpdir(), 'continuity-stamped-hash-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A moment after every write here has settled (the stamps are taken as a later call would take them). */
const later = () => Date.now() + RACY_MS + 60_000;
/** Lets the file system's clock move past the last write, so that the next write carries another change time. */
const nextTick = () => new Promise((r) => setTimeout(r, 50));
const PAST = new Date('2024-01-02T03:04:05Z');

describe('stamped hashes of guarded files', () => {
  it('a file whose stamp is the one the hot state holds is not read: the hash kept is the answer', () => {
    const f = join(dir, 'unchanged');
    writeFileSync(f, 'export PATH=$PATH\n');
    const stamp = fileStamp(f, later());
    assert.ok(stamp);
    assert.equal(stampedHash(f, { hash: 'the hash kept', stamp }, later()), 'the hash kept');
    assert.equal(stampedHash(f, { hash: 'the hash kept' }, later()), sha256('export PATH=$PATH\n'));
  });

  it('a rewrite of the same size with its modification time put back is still seen', async () => {
    const f = join(dir, '.bashrc');
    writeFileSync(f, 'alias ll=ls\n');
    utimesSync(f, PAST, PAST);
    const hash = stampedHash(f, null, later());
    const stamp = stampFor(f, hash, null, later());
    assert.ok(stamp, 'a settled file gets a stamp');
    await nextTick();
    writeFileSync(f, 'alias ll=rm\n');
    utimesSync(f, PAST, PAST);
    assert.equal(statSync(f).size, 'alias ll=ls\n'.length);
    assert.equal(stampedHash(f, { hash, stamp }, later()), sha256('alias ll=rm\n'));
  });

  it('a file replaced by another of the same size and times is still seen', async () => {
    const f = join(dir, '.profile');
    const other = join(dir, '.profile.new');
    writeFileSync(f, 'umask 022\n');
    writeFileSync(other, 'umask 000\n');
    utimesSync(f, PAST, PAST);
    utimesSync(other, PAST, PAST);
    const hash = stampedHash(f, null, later());
    const stamp = stampFor(f, hash, null, later());
    assert.ok(stamp);
    await nextTick();
    renameSync(other, f);
    assert.equal(stampedHash(f, { hash, stamp }, later()), sha256('umask 000\n'));
  });

  it('a file changed within the clock’s granularity of now gets no stamp: it is read at every call until it settles', () => {
    const f = join(dir, 'young');
    writeFileSync(f, 'x=1\n');
    assert.equal(fileStamp(f, Date.now()), null);
    assert.equal(stampFor(f, sha256('x=1\n'), null, Date.now()), undefined);
    assert.ok(stampFor(f, sha256('x=1\n'), null, later()));
  });

  it('a file that differs from the authorised content gets no stamp, nor does an absent one', () => {
    const f = join(dir, 'drifted');
    writeFileSync(f, 'changed\n');
    assert.equal(stampFor(f, sha256('authorised\n'), null, later()), undefined);
    assert.equal(stampFor(join(dir, 'absent'), sha256('authorised\n'), null, later()), undefined);
    assert.equal(stampedHash(join(dir, 'absent'), { hash: 'h', stamp: 's' }, later()), null);
  });

  it('a stamp the previous hot state held is kept while the file is unchanged, and dropped once it changed', async () => {
    const f = join(dir, '.gitconfig');
    writeFileSync(f, '[user]\n\tname = P\n');
    utimesSync(f, PAST, PAST);
    const hash = sha256('[user]\n\tname = P\n');
    const stamp = fileStamp(f, later())!;
    assert.equal(stampFor(f, hash, { hash, stamp }, later()), stamp);
    await nextTick();
    writeFileSync(f, '[core]\n\thooksPath = /x\n');
    assert.equal(stampFor(f, hash, { hash, stamp }, later()), undefined);
  });
});
