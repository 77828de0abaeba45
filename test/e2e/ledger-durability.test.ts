import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { countEvents } from '../../src/ledger/events.js';
import { NODE, REPO_ROOT, runCli, runCliAsync, tempProject, NO_STACK } from '../helpers/cli.js';
import { openLedger } from '../helpers/ledger.js';

const WRITER = join(REPO_ROOT, 'test', 'helpers', 'ledger-writer.ts');

function writer(args: string[]) {
  return spawn(NODE, ['--import', 'tsx', WRITER, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

function exitOf(child: ReturnType<typeof writer>): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

test('16 processes writing 200 events each at once leave exactly 3,200 events and no SQLITE_BUSY', async () => {
  const project = tempProject();
  const children = Array.from({ length: 16 }, () => writer(['events', project, '200']));
  const results = await Promise.all(children.map(exitOf));
  for (const r of results) {
    assert.equal(r.code, 0, `a writer failed: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /SQLITE_BUSY|database is locked/i);
  }
  const ledger = await openLedger(project);
  try {
    assert.equal(countEvents(ledger.db), 3200);
    const perWriter = ledger.db.all<{ n: number }>("SELECT count(*) AS n FROM events WHERE kind = 'concurrency' GROUP BY session_id");
    assert.equal(perWriter.length, 16);
    assert.ok(perWriter.every((r) => Number(r.n) === 200));
  } finally {
    ledger.close();
  }
});

test('a writer killed with SIGKILL mid-write leaves an intact ledger with no half-written record', async () => {
  const project = tempProject();
  const child = writer(['batches', project]);
  const exited = exitOf(child);
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  await new Promise((r) => setTimeout(r, 400 + Math.floor(Math.random() * 200)));
  child.kill('SIGKILL');
  await exited;

  const ledger = await openLedger(project);
  try {
    assert.equal(ledger.db.get<{ integrity_check: string }>('PRAGMA integrity_check')?.integrity_check, 'ok');
    const last = ledger.db.get<{ decision: string }>("SELECT decision FROM events WHERE kind = 'batch' ORDER BY id DESC LIMIT 1");
    assert.ok(last, 'the writer committed at least one batch before it was killed');
    const { batch } = JSON.parse(last.decision) as { batch: number };
    const titles = ledger.db.all<{ title: string }>("SELECT title FROM tasks WHERE plan_id = 'crash-plan'");
    // The projection is exactly the one the last committed event describes: all 60 rows, none from another batch.
    assert.equal(titles.length, 60);
    assert.ok(titles.every((t) => t.title.startsWith(`batch ${batch} `)), 'tasks from a half-written batch survived');
    assert.equal(ledger.db.get<{ structure_hash: string }>("SELECT structure_hash FROM plans WHERE id = 'crash-plan'")?.structure_hash, `hash-${batch}`);
  } finally {
    ledger.close();
  }
});

/** No recovery copy to restore from (src/ledger/recovery-copy.ts): an empty state home. */
const NO_COPY = (): NodeJS.ProcessEnv => ({ CONTINUITY_STATE_HOME: mkdtempSync(join(tmpdir(), 'continuity-no-copy-')) });

test('a corrupt ledger file with no recovery copy is reported in one line with exit 5 and left untouched', () => {
  const project = tempProject({ 'plan.md': '### Task 1: One\n\nDo it.\n' });
  const garbage = 'this is not a database, it is a text file that replaced the ledger\n'.repeat(20);
  runCli(['plan', 'import', 'plan.md'], { cwd: project });
  writeFileSync(join(project, '.continuity', 'ledger.db'), garbage);
  const env = NO_COPY();
  for (const args of [['status'], ['plan', 'show', '--json'], ['plan', 'import', 'plan.md']]) {
    const r = runCli(args, { cwd: project, env });
    assert.equal(r.code, 5, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^continuity: ledger .*ledger\.db is not a SQLite database .*left untouched\n$/);
    assert.doesNotMatch(r.stderr, NO_STACK);
  }
  assert.equal(readFileSync(join(project, '.continuity', 'ledger.db'), 'utf8'), garbage);
  assert.equal(existsSync(join(project, '.continuity', 'ledger.db-wal')), false);
});

test('a corrupt ledger file is restored from the recovery copy by the next command; the corrupt one is kept beside it', () => {
  const project = tempProject({ 'plan.md': '### Task 1: One\n\nDo it.\n' });
  runCli(['plan', 'import', 'plan.md'], { cwd: project });
  writeFileSync(join(project, '.continuity', 'ledger.db'), 'garbage'.repeat(10));
  const r = runCli(['plan', 'show', '--json'], { cwd: project });
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { id: string }).id, 'plan');
  const kept = readdirSync(join(project, '.continuity')).filter((f) => f.startsWith('ledger.db.damaged-'));
  assert.equal(kept.length, 1);
  assert.equal(readFileSync(join(project, '.continuity', kept[0]!), 'utf8'), 'garbage'.repeat(10));
});

test('a hook facing a corrupt ledger with no recovery copy fails closed: one line on stderr, the session start said, nothing let through', () => {
  const project = tempProject({ 'plan.md': '### Task 1: One\n\nDo it.\n' });
  runCli(['plan', 'import', 'plan.md'], { cwd: project });
  writeFileSync(join(project, '.continuity', 'ledger.db'), 'garbage'.repeat(10));
  const r = runCli(['hook', 'claude-code'], {
    cwd: project,
    // A session start with a plan registered reads the ledger (docs/stop-gate.md: a draft's stop does not).
    input: JSON.stringify({ session_id: 's', hook_event_name: 'SessionStart', source: 'startup', cwd: project, transcript_path: '/dev/null' }),
    env: { CLAUDE_PROJECT_DIR: project, ...NO_COPY() },
  });
  // Nothing to close at a session start: the error is reported, non-blocking.
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^continuity: ledger .* is not a SQLite database/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
});

test('spooled events reach the events table exactly once, even when a file outlives its ingestion', async () => {
  const { spoolEvent, SPOOL_DIR } = await import('../../src/ledger/spool.js');
  const { copyFileSync, readdirSync, mkdirSync } = await import('node:fs');
  const project = tempProject();
  const dir = join(project, '.continuity');
  mkdirSync(dir);
  for (let i = 0; i < 5; i++) spoolEvent(dir, { at: `2026-11-22T10:00:0${i}.000Z`, source: 'test', kind: 'PreToolUse', sessionId: 's', input: { i }, decision: null });
  const [first] = readdirSync(join(dir, SPOOL_DIR));
  copyFileSync(join(dir, SPOOL_DIR, first!), join(project, 'kept.json'));

  let ledger = await openLedger(project, true);
  assert.equal(countEvents(ledger.db), 5);
  assert.deepEqual(readdirSync(join(dir, SPOOL_DIR)), []);
  ledger.close();

  // As if the process had died after its commit but before deleting the file.
  copyFileSync(join(project, 'kept.json'), join(dir, SPOOL_DIR, first!));
  ledger = await openLedger(project);
  try {
    assert.equal(countEvents(ledger.db), 5);
    const inputs = ledger.db.all<{ input: string }>('SELECT input FROM events ORDER BY id').map((r) => JSON.parse(r.input).i);
    assert.deepEqual(inputs, [0, 1, 2, 3, 4]);
  } finally {
    ledger.close();
  }
});

test('parallel hook calls for events without a decision are all recorded, none twice', async () => {
  const project = tempProject({ 'plan.md': '### Task 1: One\n\nDo it.\n' });
  assert.equal(runCli(['plan', 'import', 'plan.md'], { cwd: project }).code, 0);
  const calls = Array.from({ length: 24 }, (_, i) =>
    runCliAsync(['hook', 'claude-code'], {
      cwd: project,
      env: { CLAUDE_PROJECT_DIR: project },
      input: JSON.stringify({ session_id: 'par', cwd: project, hook_event_name: i % 6 === 5 ? 'Stop' : 'PreToolUse', tool_name: 'Bash', tool_input: { command: `echo ${i}` } }),
    }),
  );
  for (const r of await Promise.all(calls)) assert.equal(r.code, 0, r.stderr);
  const ledger = await openLedger(project);
  try {
    const rows = ledger.db.all<{ kind: string; n: number }>("SELECT kind, count(*) AS n FROM events WHERE session_id = 'par' GROUP BY kind ORDER BY kind");
    assert.deepEqual(rows.map((r) => [r.kind, Number(r.n)]), [['PreToolUse', 20], ['Stop', 4]]);
  } finally {
    ledger.close();
  }
});

test('a flood of spool files is taken in a batch at a time, oldest first, so no opening waits on all of them', async () => {
  const { spoolEvent, SPOOL_BATCH } = await import('../../src/ledger/spool.js');
  const project = tempProject();
  (await openLedger(project, true)).close();
  const before = await openLedger(project);
  const start = countEvents(before.db);
  before.close();
  const total = SPOOL_BATCH * 2 + 100;
  for (let i = 0; i < total; i++) spoolEvent(join(project, '.continuity'), { at: new Date(Date.UTC(2026, 10, 25, 0, 0, 0, i)).toISOString(), source: 'flood', kind: 'Notification', sessionId: 's', input: { i } });
  // Each opening takes at most a batch (fewer when its reading time is up, on a busy machine), and some; the
  // openings that follow take the rest.
  const seen: number[] = [0];
  while (seen[seen.length - 1]! < total && seen.length <= total) {
    const l = await openLedger(project);
    seen.push(countEvents(l.db) - start);
    l.close();
  }
  const taken = seen.slice(1).map((n, i) => n - seen[i]!);
  assert.equal(seen[seen.length - 1], total, seen.join(' '));
  assert.ok(taken.every((n) => n > 0 && n <= SPOOL_BATCH), taken.join(' '));
  assert.ok(taken.length >= Math.ceil(total / SPOOL_BATCH), taken.join(' '));
  const l = await openLedger(project);
  try {
    // Oldest first: the first batch holds the first events spooled.
    const first = l.db.get<{ input: string }>("SELECT input FROM events WHERE source = 'flood' ORDER BY id LIMIT 1");
    assert.deepEqual(JSON.parse(first!.input), { i: 0 });
  } finally {
    l.close();
  }
});
