/**
 * The shared ledger across two machines: two clones of one repository, each
 * with its own home and state home, the real CLI and the real hook spawned
 * with Claude Code's payloads, and a real PostgreSQL (test/helpers/postgres.ts).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { hook, runAtTerminal, runCli, type CliResult } from '../helpers/cli.js';
import { agentHook } from '../helpers/agent-hook.js';
import { makeKey, signText, writeSigners } from '../helpers/ssh-keys.js';
import { APPROVAL_NAMESPACE, statementText, type ApprovalStatement } from '../../src/domain/approval-statement.js';
import { startPostgres } from '../helpers/postgres.js';
import { defaultConfigText } from '../../src/install/default-config.js';
import { openLedger } from '../helpers/ledger.js';

const PLAN = `# Payments Export Implementation Plan

### Task 1: CSV writer

- [ ] **Step 1: Write the failing test**

### Task 2: Export endpoint

- [ ] **Step 1: Write the failing request test**

### Task 3: Docs

- [ ] **Step 1: Write them**
`;
const PLAN_PATH = 'docs/plans/payments-export.md';
const CLOSEOUT = 'Task 1 is done and committed. Next I can continue with Task 2 (Export endpoint).';

const pg = startPostgres();
let databases = 0;
const keys = mkdtempSync(join(tmpdir(), 'continuity-shared-keys-'));
after(() => rmSync(keys, { recursive: true, force: true }));
// The person's key, in the repository's allowed signers; the stranger's is not.
const person = makeKey(keys, 'person');
const stranger = makeKey(keys, 'stranger');

interface Machine {
  name: string;
  root: string;
  env: NodeJS.ProcessEnv;
  cli(args: string[]): CliResult;
  hook(fields: Record<string, unknown>, sessionId?: string): CliResult;
  /** `continuity approve` or `revoke` typed by the person at this machine's terminal, signing with their key. */
  person(command: 'approve' | 'revoke'): void;
}

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** A repository with the plan committed, cloned twice; each clone a machine with its own home, joined to one new database. */
function team(opts: { approve?: ('a' | 'b')[] } = {}): { a: Machine; b: Machine; db: string } {
  const db = `team${++databases}`;
  pg.createDatabase(db);
  const base = mkdtempSync(join(tmpdir(), 'continuity-shared-'));
  after(async () => {
    // The sync processes of this test's machines are stopped (each exits by itself when idle, but not before the folder goes).
    for (const m of ['a', 'b']) {
      const dir = join(base, m, 'state', 'shared');
      for (const f of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.pid')) : []) {
        const pid = Number(readFileSync(join(dir, f), 'utf8'));
        try {
          process.kill(pid, 'SIGTERM');
          for (let i = 0; i < 50; i++) {
            process.kill(pid, 0);
            await new Promise((r) => setTimeout(r, 50));
          }
        } catch {
          // gone
        }
      }
    }
    rmSync(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });
  const origin = join(base, 'origin');
  mkdirSync(join(origin, 'docs', 'plans'), { recursive: true });
  git(origin, 'init', '-q');
  writeFileSync(join(origin, PLAN_PATH), PLAN);
  writeFileSync(join(origin, '.gitignore'), '.continuity/\n');
  writeSigners(join(origin, '.continuity-signers'), [{ principal: 'ann@example.com', key: person, options: `namespaces="${APPROVAL_NAMESPACE}"` }]);
  git(origin, 'add', '.');
  git(origin, 'commit', '-qm', 'plan');
  const machine = (name: 'a' | 'b'): Machine => {
    const root = join(base, name, 'work');
    mkdirSync(join(base, name, 'home'), { recursive: true });
    git(base, 'clone', '-q', origin, root);
    const env = { HOME: join(base, name, 'home'), CONTINUITY_STATE_HOME: join(base, name, 'state'), CONTINUITY_SHARED_URL: pg.url(db) };
    const m: Machine = {
      name,
      root,
      env,
      cli: (args) => runCli(args, { cwd: root, env: { ...env, CLAUDE_PROJECT_DIR: root } }),
      hook: (fields, sessionId = `session-${name}`) => hook(root, fields, { sessionId, env }),
      person: (command) => {
        const r = runAtTerminal([command], { cwd: root, env: { ...env, CONTINUITY_SIGNING_KEY: person.file } });
        assert.equal(r.code, 0, r.stdout);
        assert.match(r.stdout, /signed by ann@example\.com/);
      },
    };
    // The address as `init --shared` writes it (which keeps it), with a wait long enough for a sync process started cold
    // under Node on a busy machine: the hook returns as soon as the pull is done, the bound only caps a pull that never comes.
    mkdirSync(join(root, '.continuity'), { recursive: true });
    writeFileSync(join(root, '.continuity', 'config.json'), JSON.stringify({ shared: { host: pg.socketDir, port: pg.port, database: db, pullWaitMs: 5000, idleSeconds: 30 } }, null, 2));
    assert.equal(m.cli(['plan', 'import', PLAN_PATH]).code, 0);
    if (opts.approve?.includes(name)) assert.equal(m.hook({ hook_event_name: 'UserPromptSubmit', prompt: 'approve' }).code, 0);
    const joined = runCli(['init', '--shared', pg.url(db)], { cwd: root, env });
    assert.equal(joined.code, 0, joined.stdout + joined.stderr);
    return m;
  };
  return { a: machine('a'), b: machine('b'), db };
}

function stop(m: Machine): Record<string, unknown> | null {
  const r = m.hook({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: CLOSEOUT });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, unknown>) : null;
}

async function events(m: Machine, sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]> {
  const ledger = await openLedger(m.root);
  try {
    return ledger.db.all<Record<string, unknown>>(sql, ...(params as string[])).map((r) => ({ ...r }));
  } finally {
    ledger.close();
  }
}

const planState = (m: Machine) => (JSON.parse(m.cli(['plan', 'show', '--json']).stdout) as { state: string }).state;

/** Calls `attempt` until it returns true, for at most `ms`; whether it did. */
function within(ms: number, attempt: () => boolean): boolean {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) if (attempt()) return true;
  return false;
}

/** Waits, at most `ms`, for `check` to hold; whether it did. */
async function until(ms: number, check: () => boolean): Promise<boolean> {
  const t0 = Date.now();
  for (;;) {
    if (check()) return true;
    if (Date.now() - t0 >= ms) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Stops a machine's sync process, as it stops by itself when idle: the next hook call must start one to take anything in. */
async function stopSync(m: Machine): Promise<void> {
  const dir = join(String(m.env.CONTINUITY_STATE_HOME), 'shared');
  for (const f of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.pid')) : []) {
    let pid = 0;
    try {
      pid = Number(readFileSync(join(dir, f), 'utf8'));
      process.kill(pid, 'SIGTERM');
    } catch {
      continue;
    }
    assert.ok(
      await until(5000, () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      }),
      'the sync process exits on SIGTERM',
    );
  }
}

const recordsOf = (db: string, where: string) => Number(pg.psql(db, `SELECT count(*) FROM continuity_records WHERE ${where}`).trim());

test("approved at A's terminal: B's next session starts knowing the plan approved; B's task done, and A's stop at the boundary names Task 2 within 2 s", async () => {
  const { a, b, db } = team({ approve: [] });
  // No sync process runs on B (and no command there starts one): its session start alone takes the approval in, within its bounded wait.
  await stopSync(b);
  a.person('approve');
  assert.ok(await until(5000, () => recordsOf(db, "kind = 'approve' AND approval IS NOT NULL") === 1), "A's signed approval reaches the database");
  assert.deepEqual(await events(b, 'SELECT state FROM plans'), [{ state: 'draft' }]);
  const start = b.hook({ hook_event_name: 'SessionStart', source: 'startup' });
  assert.equal(start.code, 0, start.stderr);
  assert.match(start.stdout, /approved/);
  assert.equal(planState(b), 'approved');
  const [approvedHere] = await events(b, "SELECT source, decision FROM events WHERE kind = 'approve'");
  assert.match(String(approvedHere!.source), /^shared:/);
  assert.match(String(approvedHere!.decision), /ann@example\.com/);

  // Both sessions running (their sync processes too): B records Task 1 done, and A's next stop names Task 2.
  assert.equal(a.hook({ hook_event_name: 'SessionStart', source: 'startup' }).code, 0);
  const done = b.cli(['task', 'done', '1']);
  assert.equal(done.code, 0, done.stderr);
  const t0 = Date.now();
  assert.ok(await until(2000, () => recordsOf(db, "kind = 'task.done'") === 1), "B's completion reaches the database");
  const pushed = Date.now() - t0;
  const t1 = Date.now();
  const out = stop(a);
  const stopped = Date.now() - t1;
  assert.equal(out?.decision, 'block', JSON.stringify(out));
  assert.match(String(out.reason), /Task 2 "Export endpoint"/);
  assert.ok(pushed + stopped <= 2000, `B's task done to A's stop naming Task 2: ${pushed} ms to the database, ${stopped} ms for the stop`);
  const taken = await events(a, "SELECT source, kind, client FROM events WHERE kind = 'task.done'");
  assert.equal(taken.length, 1);
  assert.match(String(taken[0]!.source), /^shared:/);
  const status = a.cli(['status']);
  assert.match(status.stdout, /Shared\s+last sync .*backlog \d+/);
  assert.match(status.stdout, /Task 1: CSV writer  unknown on [^ ]+-[0-9a-f]{6}/, 'the machine that completed it');
});

function sync(m: Machine): string {
  const r = m.cli(['sync']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return r.stdout;
}

/** A machine's own events (not those taken in from the shared ledger) against what the database holds from it. */
async function ownEventsAndRecords(m: Machine, db: string): Promise<{ local: number; shared: number; machine: string }> {
  const [cursor] = await events(m, 'SELECT machine FROM shared_sync');
  const machine = String(cursor!.machine);
  const [local] = await events(m, "SELECT count(*) AS n FROM events WHERE source NOT LIKE 'shared:%'");
  const shared = Number(pg.psql(db, `SELECT count(*) FROM continuity_records WHERE machine = '${machine}'`).trim());
  return { local: Number(local!.n), shared, machine };
}

test('the database stopped mid-session: the hooks go on deciding, the backlog goes when it returns, nothing lost or doubled', async () => {
  const { a, b, db } = team({ approve: ['a', 'b'] });
  assert.equal(a.hook({ hook_event_name: 'SessionStart', source: 'startup' }).code, 0);
  assert.equal(b.hook({ hook_event_name: 'SessionStart', source: 'startup' }).code, 0);
  pg.stop();
  try {
    assert.equal(a.cli(['task', 'done', '1']).code, 0);
    // A decides from its own ledger: the boundary is blocked, naming Task 2.
    const out = stop(a);
    assert.equal(out?.decision, 'block');
    assert.match(String(out?.reason), /Task 2 "Export endpoint"/);
    for (let i = 0; i < 3; i++) {
      assert.equal(a.hook({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: `toolu_a${i}`, tool_input: { file_path: join(a.root, 'README.md') } }).code, 0);
      assert.equal(b.hook({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: `toolu_b${i}`, tool_input: { file_path: join(b.root, 'README.md') } }).code, 0);
    }
    const offline = a.cli(['sync']);
    assert.equal(offline.code, 5, 'sync says the database is away');
    assert.match(offline.stdout, /offline .* waiting to be sent/);
    assert.match(a.cli(['status']).stdout, /Shared\s+offline since/);
  } finally {
    pg.start();
  }
  sync(a);
  sync(b);
  sync(a);
  for (const m of [a, b]) {
    const { local, shared } = await ownEventsAndRecords(m, db);
    assert.equal(shared, local, `${m.name}: every event of its own is in the database once`);
  }
  const doneOnB = await events(b, "SELECT source FROM events WHERE kind = 'task.done'");
  assert.equal(doneOnB.length, 1);
  assert.match(String(doneOnB[0]!.source), /^shared:/);
  // Passing again moves nothing and takes nothing in twice.
  const before = await events(b, 'SELECT count(*) AS n FROM events');
  sync(b);
  sync(a);
  assert.deepEqual(await events(b, 'SELECT count(*) AS n FROM events'), before);
  assert.equal(Number(pg.psql(db, 'SELECT count(*) - count(DISTINCT id) FROM continuity_records').trim()), 0);
});

test('the same task completed on both machines: one task.done and one task.done.repeated on each', async () => {
  const { a, b } = team({ approve: ['a', 'b'] });
  pg.stop();
  try {
    assert.equal(a.cli(['task', 'done', '1']).code, 0);
    assert.equal(b.cli(['task', 'done', '1']).code, 0);
  } finally {
    pg.start();
  }
  sync(a);
  sync(b);
  sync(a);
  for (const m of [a, b]) {
    const rows = await events(m, "SELECT kind, source FROM events WHERE kind IN ('task.done', 'task.done.repeated') ORDER BY id");
    assert.deepEqual(rows.map((r) => r.kind), ['task.done', 'task.done.repeated'], m.name);
    assert.doesNotMatch(String(rows[0]!.source), /^shared:/, `${m.name}: its own completion stands`);
    assert.match(String(rows[1]!.source), /^shared:/, `${m.name}: the other's is the repeat`);
  }
});

/** A record written into the database by hand, as an agent holding the database's credentials could. */
function forge(db: string, projectId: string, n: number, kind: string, decision: string, approval: { text: string; signature: string } | null): void {
  const json = approval ? `'${JSON.stringify(approval).replace(/'/g, "''")}'` : 'NULL';
  pg.psql(db, `INSERT INTO continuity_records (id, project, machine, local_id, kind, at, source, plan_path, decision, approval)
    VALUES ('agent-${n}:1', '${projectId}', 'agent-${n}', 1, '${kind}', '${new Date().toISOString()}', 'cli', '${PLAN_PATH}', '${decision}', ${json})`);
}

test("an approval written straight into the database with the agent's credentials is not believed", async () => {
  const { a, b, db } = team({ approve: [] });
  const projectId = git(a.root, 'rev-list', '--max-parents=0', 'HEAD').trim();
  const [plan] = await events(b, 'SELECT structure_hash FROM plans');
  const statement: ApprovalStatement = { action: 'approve', repo: projectId, planPath: PLAN_PATH, structureHash: String(plan!.structure_hash), at: new Date().toISOString() };
  const text = statementText(statement);
  // Unsigned; signed with a key the repository does not allow; a signature that is not over this statement.
  forge(db, projectId, 1, 'UserPromptSubmit', '{"action":"approved"}', null);
  forge(db, projectId, 2, 'approve', '{"action":"approved","channel":"cli-terminal"}', { text, signature: signText(stranger, text, APPROVAL_NAMESPACE) });
  forge(db, projectId, 3, 'approve', '{"action":"approved","channel":"cli-terminal"}', { text, signature: signText(person, statementText({ ...statement, at: '2020-01-01T00:00:00Z' }), APPROVAL_NAMESPACE) });
  forge(db, projectId, 4, 'approve', '{"action":"approved","channel":"cli-terminal"}', { text, signature: '-----BEGIN SSH SIGNATURE-----\nU1NIU0lHAAAAAQ==\n-----END SSH SIGNATURE-----' });
  sync(b);
  const [state] = await events(b, 'SELECT state FROM plans');
  assert.equal(state!.state, 'draft', 'B still holds the plan unapproved');
  const refused = await events(b, "SELECT decision FROM events WHERE kind = 'shared.refused'");
  assert.equal(refused.length, 4);
  // B's next stop is not held to the plan: there is none approved.
  assert.equal(b.cli(['task', 'done', '1']).code, 0);
  const out = stop(b);
  assert.notEqual(out?.decision, 'block');
});

test('init --shared keeps the credentials out of the project: config.json names the address only', () => {
  const { a, db } = team({ approve: [] });
  // The commented config `continuity init` writes: the shared key is added to it, every other byte kept.
  writeFileSync(join(a.root, '.continuity', 'config.json'), defaultConfigText());
  const withPassword = pg.url(db).replace('postgres@', 'postgres:s3cret-pw@');
  const env = { ...a.env, CONTINUITY_SHARED_URL: '' };
  const r = runCli(['init', '--shared', withPassword], { cwd: a.root, env });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const config = readFileSync(join(a.root, '.continuity', 'config.json'), 'utf8');
  assert.doesNotMatch(config, /s3cret/);
  assert.match(config, new RegExp(`"database": "${db}"`));
  assert.ok(config.startsWith(defaultConfigText().trimEnd().slice(0, -1).trimEnd()), 'the commented config kept as it was');
  const dir = join(String(a.env.HOME), '.config', 'continuity', 'shared');
  const file = readdirSync(dir).find((f) => f.endsWith('.url'))!;
  const st = statSync(join(dir, file));
  assert.equal(st.mode & 0o777, 0o600);
  assert.match(readFileSync(join(dir, file), 'utf8'), /s3cret/);
  // Without the variable, the file's URL logs in.
  assert.equal(runCli(['sync'], { cwd: a.root, env }).code, 0);
  const doctor = JSON.parse(runCli(['doctor', '--json'], { cwd: a.root, env }).stdout) as { checks: { name: string; ok: boolean; detail: string }[] };
  const shared = doctor.checks.find((c) => c.name === 'shared');
  assert.equal(shared?.ok, true, JSON.stringify(shared));
  assert.match(shared!.detail, /credentials from the credentials file/);
  assert.doesNotMatch(JSON.stringify(doctor), /s3cret/);
});

test('a revocation at A reaches B while it runs: its next stop sees the plan unapproved; the old approval copied back is not believed', async () => {
  const { a, b, db } = team({ approve: [] });
  a.person('approve');
  assert.ok(within(5000, () => (b.hook({ hook_event_name: 'SessionStart', source: 'startup' }), planState(b) === 'approved')));
  assert.equal(b.cli(['task', 'done', '1']).code, 0);
  assert.equal(stop(b)?.decision, 'block', 'B is held to Task 2');
  // A's approval as it went to the database: an agent on either machine could copy it.
  const genuine = JSON.parse(pg.psql(db, "SELECT approval::text FROM continuity_records WHERE kind = 'approve' AND approval IS NOT NULL").trim()) as { text: string; signature: string };
  await stopSync(b);
  a.person('revoke');
  assert.ok(await until(5000, () => recordsOf(db, "kind = 'revoke' AND approval IS NOT NULL") === 1), "A's signed revocation reaches the database");
  // B's next stop, with no sync process running, takes the revocation in first: the plan is unapproved and B is no longer held.
  const out = stop(b);
  assert.equal(out?.decision, undefined, JSON.stringify(out));
  assert.equal(planState(b), 'draft');
  const projectId = git(a.root, 'rev-list', '--max-parents=0', 'HEAD').trim();
  forge(db, projectId, 9, 'approve', '{"action":"approved","channel":"cli-terminal"}', genuine);
  sync(b);
  assert.equal(planState(b), 'draft', 'the replayed approval is not believed');
  const [replay] = await events(b, "SELECT decision FROM events WHERE kind = 'shared.refused' ORDER BY id DESC LIMIT 1");
  assert.match(String(replay!.decision), /not newer/);
});

const SUMMARY = `# Task 1 summary

The CSV writer is done and committed.

## Known Issues

**Pending actions:**
- Add the retry header to the export client
- Document the 5,000-row export limit
`;

interface StatusJson {
  nextStep: { kind: string; fromTaskId?: string | null; actionIds?: string[] };
  pendingActions: { id: string; taskId: string; text: string; state: string; absorbedInto: string | null }[];
}
const statusOf = (m: Machine) => JSON.parse(m.cli(['status', '--json']).stdout) as StatusJson;

test("a pending action written on B forces A's replan at its boundary; B's replan resolves it on A; nothing applied twice after repeated syncs", async () => {
  const { a, b, db } = team({ approve: ['a', 'b'] });
  assert.equal(a.hook({ hook_event_name: 'SessionStart', source: 'startup' }).code, 0);
  writeFileSync(join(b.root, 'task-1-summary.md'), SUMMARY);
  const done = b.cli(['task', 'done', '1', '--summary', 'task-1-summary.md']);
  assert.equal(done.code, 0, done.stderr);
  assert.ok(await until(5000, () => recordsOf(db, "kind = 'task.done' AND input ? 'raisedActions'") === 1), "B's completion reaches the database with its pending actions");

  // A's stop at the boundary takes them in first: the replan is due, as if the summary had been written here.
  const out = stop(a);
  assert.equal(out?.decision, 'block', JSON.stringify(out));
  assert.match(String(out.reason), /continuity replan --from-task 1/);
  assert.match(String(out.reason), /Add the retry header to the export client/);
  const onA = statusOf(a);
  assert.equal(onA.nextStep.kind, 'replan');
  const [retry, limit] = onA.pendingActions;
  assert.deepEqual(onA.pendingActions.map((p) => [p.taskId, p.state]), [['1', 'open'], ['1', 'open']]);
  assert.deepEqual(statusOf(b).pendingActions.map((p) => p.id), onA.pendingActions.map((p) => p.id), 'the same ids on both machines');

  // B replans; A takes the resolution in: the same actions absorbed and dropped, Task 1 replanned (no second replan asked).
  const replanned = b.cli(['replan', '--from-task', '1', '--absorb', `${retry!.id}=3`, '--drop', `${limit!.id}=the limit is in the API reference`]);
  assert.equal(replanned.code, 0, replanned.stderr);
  sync(b);
  sync(a);
  const after = statusOf(a);
  assert.deepEqual(after.pendingActions.map((p) => [p.id, p.state, p.absorbedInto]), [[retry!.id, 'absorbed', '3'], [limit!.id, 'dropped', null]]);
  assert.equal(after.nextStep.kind, 'next_task');
  const next = stop(a);
  assert.equal(next?.decision, 'block');
  assert.match(String(next?.reason), /Task 2 "Export endpoint"/);
  assert.doesNotMatch(String(next?.reason), /replan --from-task/);

  // Passing again and again takes nothing in twice.
  const count = async () => (await events(a, "SELECT (SELECT count(*) FROM events) AS e, (SELECT count(*) FROM pending_actions) AS p, (SELECT count(*) FROM replans) AS r"))[0];
  const before = await count();
  assert.deepEqual({ p: before!.p, r: before!.r }, { p: 2, r: 1 });
  for (let i = 0; i < 3; i++) {
    sync(b);
    sync(a);
  }
  assert.deepEqual(await count(), before);
  const taken = await events(a, "SELECT kind FROM events WHERE source LIKE 'shared:%' AND kind IN ('task.done', 'replan') ORDER BY id");
  assert.deepEqual(taken.map((t) => t.kind), ['task.done', 'replan']);
});

test('replans of the same task on both machines: each keeps its own resolution, the difference named, no replan asked again', async () => {
  const { a, b } = team({ approve: ['a', 'b'] });
  writeFileSync(join(b.root, 'task-1-summary.md'), SUMMARY);
  assert.equal(b.cli(['task', 'done', '1', '--summary', 'task-1-summary.md']).code, 0);
  sync(b);
  sync(a);
  const [retry, limit] = statusOf(a).pendingActions;
  pg.stop();
  try {
    assert.equal(a.cli(['replan', '--from-task', '1', '--absorb', `${retry!.id}=2`, '--drop', `${limit!.id}=not needed`]).code, 0);
    assert.equal(b.cli(['replan', '--from-task', '1', '--absorb', `${retry!.id}=3`, '--absorb', `${limit!.id}=3`]).code, 0);
  } finally {
    pg.start();
  }
  sync(a);
  sync(b);
  sync(a);
  for (const [m, mine] of [[a, [['absorbed', '2'], ['dropped', null]]], [b, [['absorbed', '3'], ['absorbed', '3']]]] as const) {
    const s = statusOf(m);
    assert.deepEqual(s.pendingActions.map((p) => [p.state, p.absorbedInto]), mine, `${m.name} keeps the resolution it recorded first`);
    assert.equal(s.nextStep.kind, 'next_task', m.name);
    const [refused] = await events(m, "SELECT decision FROM events WHERE kind = 'shared.refused' ORDER BY id DESC LIMIT 1");
    assert.match(String(refused!.decision), /a replan after Task 1 is already recorded here; .* here it stays/, m.name);
  }
});

const BRIEF = 'Review src/export/csv.ts for rows the writer drops. Report each with a line number.';
const agentInput = { description: 'Review the CSV writer', prompt: BRIEF, subagent_type: 'code-reviewer', run_in_background: true };

interface RunJson {
  runId: string;
  status: string;
  recoveryAttempts: { action: string; outcome: string }[];
}
const runsOf = (m: Machine) => (JSON.parse(m.cli(['status', '--json']).stdout) as { runs: RunJson[] }).runs;
const contextOf = (r: CliResult) => String(((JSON.parse(r.stdout || '{}') as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput ?? {}).additionalContext ?? '');

test('a subagent run dispatched on B and lost there is listed on A, recovered on A past its deadline, and not recovered again on B', async () => {
  const { a, b, db } = team({ approve: ['a', 'b'] });
  // A short deadline for the run, on both machines.
  for (const m of [a, b]) {
    const file = join(m.root, '.continuity', 'config.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), watchdog: { forwardGraceSeconds: 0, slaSeconds: 4 } }, null, 2));
  }
  // Claude Code on B dispatches a background subagent, the child starts, and B's session makes no more hook calls.
  assert.equal(b.hook({ hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_use_id: 'toolu_01Agent', tool_input: agentInput }).code, 0);
  assert.equal(b.hook({ hook_event_name: 'PostToolUse', tool_name: 'Agent', tool_use_id: 'toolu_01Agent', tool_input: agentInput, tool_response: { isAsync: true, status: 'async_launched', agentId: 'a5f1c9e', description: agentInput.description, prompt: BRIEF } }).code, 0);
  assert.equal(b.hook({ hook_event_name: 'SubagentStart', agent_id: 'a5f1c9e', agent_type: 'code-reviewer' }).code, 0);
  assert.ok(await until(5000, () => recordsOf(db, "input ? 'sharedRuns'") >= 1), "B's run reaches the database");
  const [bMachine] = await events(b, 'SELECT machine FROM shared_sync');
  const runId = `r-1@${String(bMachine!.machine)}`;

  // A's session start takes it in and lists it, as a run another client left open; so does status.
  const start = a.hook({ hook_event_name: 'SessionStart', source: 'startup' });
  assert.equal(start.code, 0, start.stderr);
  assert.ok(contextOf(start).includes(runId), contextOf(start));
  assert.match(contextOf(start), /Review the CSV writer/);
  assert.deepEqual(runsOf(a).map((r) => [r.runId, r.status]), [[runId, 'active']]);

  // Past its deadline, A's stop recovers it: no result reached A, so the ladder moves on and the brief is to be dispatched again there.
  const expectedBy = Date.parse(String((await events(a, 'SELECT expected_by FROM runs'))[0]!.expected_by));
  await new Promise((r) => setTimeout(r, Math.max(0, expectedBy - Date.now()) + 300));
  const out = stop(a);
  assert.equal(out?.decision, 'block', JSON.stringify(out));
  assert.ok(String(out?.reason).includes(`Subagent run ${runId}`), String(out?.reason));
  assert.ok(String(out?.reason).includes(BRIEF));
  const onA = runsOf(a)[0]!.recoveryAttempts.map((x) => [x.action, x.outcome]);
  assert.deepEqual(onA, [['fetch_history', 'failed'], ['respawn', 'pending']]);

  // B takes A's recovery in: the same attempts, and a new session on B is not handed the run again.
  sync(a);
  sync(b);
  assert.deepEqual(runsOf(b)[0]!.recoveryAttempts.map((x) => [x.action, x.outcome]), onA);
  // A Codex session on B, past the deadline, with B's Claude Code session silent: on one machine it would be handed the run.
  const later = agentHook('codex', b.root, { session_id: '019d036d-c7fa-72d2-b6fd-78878bfe34e4', turn_id: 'turn-1', transcript_path: null, cwd: b.root, model: 'gpt-5-codex', permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Done for now.' }, b.env);
  assert.equal(later.code, 0, later.stderr);
  assert.ok(!later.stdout.includes('r-1'), later.stdout);
  assert.deepEqual(runsOf(b)[0]!.recoveryAttempts.map((x) => [x.action, x.outcome]), onA, 'no attempt of its own on B');

  // Passing again and again takes nothing in twice, on either machine.
  const count = async (m: Machine) => (await events(m, 'SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM run_attempts) AS attempts'))[0];
  const before = [await count(a), await count(b)];
  assert.deepEqual(before.map((c) => c!.runs), [1, 1]);
  for (let i = 0; i < 3; i++) {
    sync(b);
    sync(a);
  }
  assert.deepEqual([await count(a), await count(b)], before);
});

test("the plan restructured on B while A is mid-plan: A's next stop names the change, and B's task states and pending actions for that structure are not applied on A", async () => {
  const { a, b, db } = team({ approve: ['a', 'b'] });
  assert.equal(a.hook({ hook_event_name: 'SessionStart', source: 'startup' }).code, 0);
  assert.equal(a.cli(['task', 'done', '1']).code, 0);
  const [before] = await events(a, 'SELECT structure_hash FROM plans');
  // B's checkout gets a fourth task (a replan there, not yet pulled here), and B records Task 2 done with a follow-up against it.
  writeFileSync(join(b.root, PLAN_PATH), `${PLAN}\n### Task 4: Release note\n\n- [ ] **Step 1: Write it**\n`);
  assert.equal(b.cli(['plan', 'import', PLAN_PATH]).code, 0);
  writeFileSync(join(b.root, 'task-2-summary.md'), SUMMARY.replace('Task 1 summary', 'Task 2 summary'));
  assert.equal(b.cli(['task', 'done', '2', '--summary', 'task-2-summary.md']).code, 0);
  assert.ok(await until(5000, () => recordsOf(db, `kind = 'task.done' AND structure_hash <> '${String(before!.structure_hash)}'`) === 1), "B's records reach the database");
  const out = stop(a);
  assert.equal(out?.decision, 'block', JSON.stringify(out));
  assert.match(String(out.reason), /Task 2 "Export endpoint"/, 'A goes on with the plan it has');
  assert.match(String(out.systemMessage), /plan docs\/plans\/payments-export\.md changed on \S+ \(plan\.import/);
  const s = statusOf(a);
  assert.deepEqual(s.pendingActions, [], "B's follow-ups for the other structure are not carried here");
  assert.equal(s.nextStep.kind, 'next_task');
  const refused = await events(a, "SELECT input FROM events WHERE kind = 'shared.refused' ORDER BY id");
  const kinds = refused.map((r) => (JSON.parse(String(r.input)) as { kind: string }).kind);
  assert.ok(kinds.includes('plan.import') && kinds.includes('task.done'), `not taken in, each with why: ${kinds.join(', ')}`);
  assert.equal((await events(a, "SELECT count(*) AS n FROM task_status WHERE task_id = '2' AND state = 'complete'"))[0]!.n, 0);
});
