// The shared ledger (docs/shared-ledger.md), against a real PostgreSQL started for the run:
//   hooks     the compiled hook's calls in a project that shares its ledger and in
//             the same project without sharing, interleaved in one run: a harmless
//             PreToolUse (woken sync process, no wait) and a Stop at a task
//             boundary (the bounded wait for a pull), and their ratios;
//   fleet     50 simulated machines pushing 1,000 events each into one database
//             while one more machine pulls: the sync lag (from a batch's commit to
//             the puller having it) at p50 and p99, and the database's size.
// Standalone: `node --import tsx bench/shared-sync.ts` (after a build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchPostgres } from '../test/helpers/postgres.js';
import { SharedStore, type OutRecord } from '../src/shared/pg-store.js';
import { interleaved, quantile, type Timing } from './measure.js';

const PLAN = '# Plan\n\n### Task 1: One\n\n- [ ] **Step 1: a**\n\n### Task 2: Two\n\n- [ ] **Step 1: b**\n\n### Task 3: Three\n\n- [ ] **Step 1: c**\n';

export interface SharedSyncBench {
  hooks: Timing[];
  entry: string;
  fleet: { machines: number; eventsEach: number; seconds: number; lagP50Ms: number; lagP99Ms: number; recordsBytes: number; databaseBytes: number; records: number };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, input = ''): string {
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

export async function benchSharedSync(root: string, runs = 25, fleet = { machines: 50, eventsEach: 1000 }): Promise<SharedSyncBench> {
  const pg = launchPostgres();
  const base = mkdtempSync(join(tmpdir(), 'continuity-bench-shared-'));
  try {
    pg.createDatabase('bench');
    const compiled = join(root, 'dist', 'bin', 'continuity');
    const entry = existsSync(compiled) ? { cmd: compiled, pre: [] as string[], name: 'compiled hook' } : { cmd: process.execPath, pre: [join(root, 'dist', 'cli.cjs')], name: 'node hook' };
    const project = (name: string, shared: boolean) => {
      const dir = join(base, name);
      mkdirSync(join(dir, 'docs'), { recursive: true });
      writeFileSync(join(dir, 'docs', 'plan.md'), PLAN);
      const env = { HOME: join(base, `${name}-home`), CONTINUITY_STATE_HOME: join(base, `${name}-state`), CONTINUITY_SHARED_URL: pg.url('bench'), CLAUDE_PROJECT_DIR: dir, CONTINUITY_BUILD_EXECUTABLE: 'off' };
      mkdirSync(env.HOME, { recursive: true });
      run('git', ['-c', 'init.defaultBranch=main', 'init', '-q'], dir);
      run('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', 'add', '.'], dir);
      run('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', 'commit', '-qm', 'plan'], dir);
      run(entry.cmd, [...entry.pre, 'plan', 'import', 'docs/plan.md'], dir, env);
      const hook = (fields: Record<string, unknown>, session = 'bench') => JSON.stringify({ session_id: session, transcript_path: join(dir, 't.jsonl'), cwd: dir, permission_mode: 'default', ...fields });
      run(entry.cmd, [...entry.pre, 'hook', 'claude-code'], dir, env, hook({ hook_event_name: 'UserPromptSubmit', prompt: 'approve' }));
      run(entry.cmd, [...entry.pre, 'task', 'done', '1'], dir, env);
      if (shared) run(entry.cmd, [...entry.pre, 'init', '--shared', pg.url('bench')], dir, env);
      return { dir, env, hook };
    };
    const off = project('off', false);
    const on = project('on', true);
    const cases = [
      { key: 'PreToolUse, harmless Read', fields: { hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: 'toolu_b', tool_input: { file_path: 'README.md' } } },
      { key: 'Stop at the Task 1 → 2 boundary', fields: { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 1 is done.' } },
    ];
    const commands = cases.flatMap((c) =>
      [
        { p: off, what: 'sharing off' },
        { p: on, what: 'sharing on' },
      ].map(({ p, what }) => ({ label: `${c.key} · ${what}`, cmd: entry.cmd, args: [...entry.pre, 'hook', 'claude-code'], input: p.hook(c.fields), env: p.env, cwd: p.dir })),
    );
    const hooks = interleaved(commands, runs);
    stopSyncProcess(on.env.CONTINUITY_STATE_HOME);
    return { hooks, entry: entry.name, fleet: await benchFleet(pg.url.bind(pg), pg.createDatabase.bind(pg), pg.psql.bind(pg), fleet) };
  } finally {
    rmSync(base, { recursive: true, force: true });
    pg.remove();
  }
}

function stopSyncProcess(stateHome: string): void {
  const dir = join(stateHome, 'shared');
  for (const f of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.pid')) : []) {
    try {
      process.kill(Number(readFileSync(join(dir, f), 'utf8')), 'SIGTERM');
    } catch {
      // gone
    }
  }
}

/** A hook event as a machine pushes it: a PreToolUse with its decision, about the size of a real one. */
function recordOf(machine: string, i: number): OutRecord {
  return {
    id: `${machine}:${i}`, localId: i, kind: i % 10 === 0 ? 'Stop' : 'PreToolUse', at: new Date().toISOString(), source: 'hook:claude-code', client: 'claude-code', sessionId: `${machine}-s${Math.floor(i / 200)}`,
    planPath: 'docs/plans/payments-export.md', structureHash: 'a'.repeat(64),
    input: { tool_name: 'Bash', tool_use_id: `toolu_${i}`, tool_input: { command: `npm test -- --grep case-${i}` } },
    decision: { action: 'allow', rules: ['guard', 'wall'], output: null },
    approval: null,
  };
}

async function benchFleet(url: (db: string) => string, createDatabase: (db: string) => void, psql: (db: string, sql: string) => string, o: { machines: number; eventsEach: number }): Promise<SharedSyncBench['fleet']> {
  createDatabase('fleet');
  const login = { connectionString: url('fleet'), from: 'environment' as const };
  const project = { id: 'f'.repeat(40), label: 'bench' };
  const setup = await SharedStore.connect(login, { timeoutMs: 5000 });
  await setup.migrate();
  await setup.joinProject(project, 'reader');
  await setup.close();
  // Each machine pushes its events in batches of 20, as a sync process drains a busy session's outbox, a few milliseconds apart.
  const batch = 20;
  const pushedAt = new Map<string, number>();
  let pushing = true;
  const started = Date.now();
  const machines = Array.from({ length: o.machines }, async (_, m) => {
    const name = `machine-${m}`;
    const store = await SharedStore.connect(login, { timeoutMs: 10_000 });
    await store.joinProject(project, name);
    for (let i = 0; i < o.eventsEach; i += batch) {
      const records = Array.from({ length: Math.min(batch, o.eventsEach - i) }, (_, k) => recordOf(name, i + k + 1));
      await store.push(project.id, name, records);
      const now = Date.now();
      for (const r of records) pushedAt.set(r.id, now);
      await new Promise((r) => setTimeout(r, 5));
    }
    await store.close();
  });
  const lags: number[] = [];
  const reader = (async () => {
    const store = await SharedStore.connect(login, { timeoutMs: 10_000 });
    let cursor = { tx: '0', seq: 0 };
    for (;;) {
      const got = await store.pull(project.id, cursor, 500);
      const now = Date.now();
      for (const r of got) {
        const at = pushedAt.get(r.id);
        // A record read before its pusher's client saw the commit counts as no lag.
        lags.push(at === undefined ? 0 : Math.max(0, now - at));
      }
      if (got.length) cursor = { tx: got[got.length - 1]!.tx, seq: got[got.length - 1]!.seq };
      else if (!pushing) break;
      else await new Promise((r) => setTimeout(r, 50));
    }
    await store.close();
  })();
  await Promise.all(machines);
  pushing = false;
  await reader;
  const seconds = (Date.now() - started) / 1000;
  const sizes = psql('fleet', "SELECT pg_total_relation_size('continuity_records'), pg_database_size('fleet'), (SELECT count(*) FROM continuity_records)").trim().split('|').map(Number);
  return { machines: o.machines, eventsEach: o.eventsEach, seconds, lagP50Ms: quantile(lags, 0.5), lagP99Ms: quantile(lags, 0.99), recordsBytes: sizes[0]!, databaseBytes: sizes[1]!, records: sizes[2]! };
}

export function reportSharedSync(b: SharedSyncBench): void {
  console.log(`Shared ledger (PostgreSQL on a unix socket): the ${b.entry}'s calls with sharing on and off, interleaved; CPU time is the process tree's (the woken sync process is not in it)`);
  const by = new Map(b.hooks.map((t) => [t.label, t]));
  for (const key of new Set(b.hooks.map((t) => t.label.replace(/ · sharing (on|off)$/, '')))) {
    const off = by.get(`${key} · sharing off`)!;
    const on = by.get(`${key} · sharing on`)!;
    console.log(`  ${key.padEnd(34)} off ${off.medianMs.toFixed(1)} ms (cpu ${off.medianCpuMs.toFixed(1)})   on ${on.medianMs.toFixed(1)} ms (cpu ${on.medianCpuMs.toFixed(1)})   ${(on.medianMs / off.medianMs).toFixed(2)}× wall, ${(on.medianCpuMs / off.medianCpuMs).toFixed(2)}× cpu   (target ≤ 1.10×)`);
  }
  const f = b.fleet;
  console.log(`  ${f.machines} machines × ${f.eventsEach.toLocaleString('en')} events into one database in ${f.seconds.toFixed(1)} s: sync lag p50 ${f.lagP50Ms.toFixed(0)} ms, p99 ${f.lagP99Ms.toFixed(0)} ms; ${f.records.toLocaleString('en')} records, ${(f.recordsBytes / 2 ** 20).toFixed(1)} MiB with indexes (${(f.recordsBytes / f.records).toFixed(0)} B a record), database ${(f.databaseBytes / 2 ** 20).toFixed(1)} MiB`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  reportSharedSync(await benchSharedSync(root, Number(process.env.BENCH_RUNS ?? 25)));
}
