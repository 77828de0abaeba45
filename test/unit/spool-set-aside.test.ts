/**
 * A spool file the ledger cannot take in (src/ledger/spool.ts,
 * spool-record.ts) is set aside, said in the ledger, and never holds back
 * the events spooled after it. The spool is a folder in the project: a
 * script can leave anything there.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SqlDatabase } from '../../src/ledger/driver.js';
import { ingestSpool, spoolEvent, countSpooled, SPOOL_DIR } from '../../src/ledger/spool.js';
import { tempProject } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';

const at = (ms: number) => new Date(Date.UTC(2026, 11, 3, 0, 0, 0, ms)).toISOString();

function spooled(project: string, ms: number, kind = 'PostToolUse'): string {
  return spoolEvent(join(project, '.continuity'), { at: at(ms), source: 'hook:claude-code', kind, sessionId: 's', input: { ms } });
}

/** A file in the spool as anything but continuity would leave it, named to sort between `before` and `after`. */
function planted(project: string, content: string): string {
  const name = `${(Date.UTC(2026, 11, 3, 0, 0, 0, 5)).toString(36).padStart(9, '0')}-x-evil0.json`;
  writeFileSync(join(project, '.continuity', SPOOL_DIR, name), content);
  return name;
}

const kinds = (db: SqlDatabase) => db.all<{ kind: string }>("SELECT kind FROM events WHERE source != 'cli' ORDER BY id").map((r) => r.kind);

for (const [what, content] of [
  ['no source', JSON.stringify({ at: at(5), kind: 'PreToolUse', input: {} })],
  ['an `at` that is not a time', JSON.stringify({ at: 'yesterday', source: 'hook:x', kind: 'PreToolUse', input: {} })],
  ['violations that are not a list', JSON.stringify({ at: at(5), source: 'hook:x', kind: 'PreToolUse', input: {}, violations: { kind: 'x' } })],
  ['a violation without its summary', JSON.stringify({ at: at(5), source: 'hook:x', kind: 'PreToolUse', input: {}, violations: [{ kind: 'x' }] })],
  ['not an object', '[1,2,3]'],
  ['not JSON', '{"at":'],
] as const) {
  test(`a spool file with ${what} is set aside and said; the events around it are taken in`, async () => {
    const project = tempProject();
    const l = await openLedger(project, true);
    try {
      const dir = join(project, '.continuity');
      spooled(project, 1, 'Before');
      const name = planted(project, content);
      spooled(project, 9, 'After');
      const taken = ingestSpool(dir, (fn) => l.write(fn));
      assert.equal(taken, 2);
      assert.deepEqual(kinds(l.db).filter((k) => k !== 'SessionStart'), ['Before', 'After', 'spool-file-set-aside']);
      const files = readdirSync(join(dir, SPOOL_DIR));
      assert.deepEqual(files, [`.unreadable-${name}`]);
      assert.equal(readFileSync(join(dir, SPOOL_DIR, `.unreadable-${name}`), 'utf8'), content, 'its content kept as it was');
      const v = l.db.get<{ kind: string; summary: string }>('SELECT kind, summary FROM violations ORDER BY id DESC LIMIT 1');
      assert.equal(v?.kind, 'spool_file_set_aside');
      assert.match(v!.summary, new RegExp(`^a spool file was not taken in \\(.+\\); kept as \\.continuity/spool/\\.unreadable-${name}$`));
      // The next opening finds nothing left to take or to say.
      assert.equal(ingestSpool(dir, (fn) => l.write(fn)), 0);
      assert.equal(l.db.get<{ n: number }>("SELECT count(*) AS n FROM events WHERE kind = 'spool-file-set-aside'")?.n, 1);
    } finally {
      l.close();
    }
  });
}

/** The ledger's connection, whose inserts of the named spool file's event fail as `err` says. */
function failingFor(db: SqlDatabase, spoolName: string, err: Error): SqlDatabase {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'run') {
        return (sql: string, ...args: unknown[]) => {
          if (/^INSERT INTO events/.test(sql) && args.includes(spoolName)) throw err;
          return target.run(sql, ...(args as never[]));
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

test('a file whose event the table refuses is set aside after the commit; the events before and after it are taken in', async () => {
  const project = tempProject();
  const l = await openLedger(project, true);
  try {
    const dir = join(project, '.continuity');
    spooled(project, 1, 'Before');
    const refused = spooled(project, 5, 'Refused');
    spooled(project, 9, 'After');
    const constraint = Object.assign(new Error('CHECK constraint failed: kind'), { code: 'SQLITE_CONSTRAINT_CHECK', errno: 275 });
    const taken = ingestSpool(dir, (fn) => l.write((db) => fn(failingFor(db, refused, constraint))));
    assert.equal(taken, 2);
    assert.deepEqual(kinds(l.db).filter((k) => k !== 'SessionStart'), ['Before', 'After', 'spool-file-set-aside']);
    assert.deepEqual(readdirSync(join(dir, SPOOL_DIR)), [`.unreadable-${refused}`]);
    assert.match(l.db.get<{ summary: string }>("SELECT summary FROM violations WHERE kind = 'spool_file_set_aside'")!.summary, /CHECK constraint failed/);
  } finally {
    l.close();
  }
});

test("an error of the ledger's own (a full disk) sets nothing aside: every file waits for the next opening", async () => {
  const project = tempProject();
  const l = await openLedger(project, true);
  try {
    const dir = join(project, '.continuity');
    spooled(project, 1, 'Before');
    const second = spooled(project, 5, 'Second');
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL', errno: 13 });
    assert.throws(() => ingestSpool(dir, (fn) => l.write((db) => fn(failingFor(db, second, full)))), /disk is full/);
    assert.equal(countSpooled(dir), 2);
    assert.deepEqual(kinds(l.db).filter((k) => k !== 'SessionStart'), []);
    assert.equal(ingestSpool(dir, (fn) => l.write(fn)), 2);
  } finally {
    l.close();
  }
});

test('many files set aside at one opening are said in one notice, each recorded as its own violation', async () => {
  const project = tempProject();
  const l = await openLedger(project, true);
  try {
    const dir = join(project, '.continuity');
    mkdirSync(join(dir, SPOOL_DIR), { recursive: true });
    for (let i = 0; i < 20; i++) writeFileSync(join(dir, SPOOL_DIR, `00000000${i.toString(36)}-x-junk.json`), '{}');
    assert.equal(ingestSpool(dir, (fn) => l.write(fn)), 0);
    assert.equal(l.db.get<{ n: number }>("SELECT count(*) AS n FROM violations WHERE kind = 'spool_file_set_aside'")?.n, 20);
    const notices = l.db.all<{ text: string }>("SELECT text FROM notices WHERE kind = 'spool_file_set_aside'");
    assert.equal(notices.length, 1);
    assert.match(notices[0]!.text, /\(and 19 more spool files, each recorded as a violation\)\.$/);
  } finally {
    l.close();
  }
});
