// A year of use: the same calls against a ledger of 1,000 events and one of
// 1,000,000 (`npm run bench`, or alone: `node --import tsx bench/ledger-growth.ts`).
// The large ledger is built by SQL in one transaction (not through hooks) from
// the small one, and cached under node_modules/.cache/continuity-bench
// (BENCH_CACHE_DIR elsewhere; BENCH_GROWTH_EVENTS another size).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boundForAudit } from '../src/ledger/audit-input.js';
import { Ledger } from '../src/ledger/ledger.js';
import { SCHEMA_VERSION } from '../src/ledger/migrations.js';
import { loadDriver } from '../src/ledger/select-driver.js';
import { interleaved, type Command, type Timing } from './measure.js';

const PLAN = ['# Year Plan', '', ...Array.from({ length: 40 }, (_, i) => `### Task ${i + 1}: Part ${i + 1}\n\nDo part ${i + 1}.\n`)].join('\n');
/** Bump when the generated events change: the cached ledger is rebuilt. */
const GENERATOR = 1;

export interface GrowthCase {
  label: string;
  small: Timing;
  large: Timing;
}

export interface Growth {
  events: { small: number; large: number };
  bytesPerEvent: { small: number; large: number };
  ledgerBytes: { small: number; large: number };
  copyBytes: { small: number; large: number };
  buildMs: number | null;
  cached: string;
  cases: GrowthCase[];
  entry: string;
  /** The runtime's own floor in the same interleaved run (`bun -e 0` for the compiled hook, `node -e 0` for Node), CPU median. */
  floor: { label: string; timing: Timing } | null;
}

function sh(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): string {
  const r = spawnSync(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, input: opts.input ?? '', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${[cmd, ...args].join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

function fileBytes(path: string): number {
  let n = 0;
  for (const suffix of ['', '-wal']) n += existsSync(path + suffix) ? statSync(path + suffix).size : 0;
  return n;
}

/**
 * Events as a year of sessions records them, each input bounded as a hook
 * would store it: per session a start, prompts, tool calls (Bash, Read, Edit,
 * Write, before and after) and stops, some of them blocks at a boundary.
 */
function* yearOfEvents(count: number, endMs: number): Generator<[string, string, string, string, string, string | null]> {
  const step = (365 * 86_400_000) / count;
  const start = endMs - 365 * 86_400_000;
  const body = 'export function part(n: number): number {\n  return n * 2;\n}\n'.repeat(60);
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * step).toISOString();
    const session = `year-${Math.floor(i / 400).toString(16).padStart(8, '0')}-4e6b-9c1d-2a3b4c5d6e7f`;
    const k = i % 400;
    const id = `toolu_01Year${i.toString(36).padStart(10, '0')}`;
    let kind: string;
    let payload: Record<string, unknown>;
    let decision: unknown = { action: 'none', output: null };
    if (k === 0) {
      kind = 'SessionStart';
      payload = { session_id: session, hook_event_name: kind, transcript_path: `/home/me/.claude/projects/-work-app/${session}.jsonl`, cwd: '/work/app', source: 'startup' };
      decision = { action: 'context', client: 'claude-code' };
    } else if (k % 40 === 1) {
      kind = 'UserPromptSubmit';
      payload = { session_id: session, hook_event_name: kind, transcript_path: `/home/me/.claude/projects/-work-app/${session}.jsonl`, cwd: '/work/app', permission_mode: 'default', prompt: `Carry on with the next task, number ${k}.` };
    } else if (k % 40 === 39) {
      kind = 'Stop';
      payload = { session_id: session, hook_event_name: kind, stop_hook_active: false, last_assistant_message: `Task ${k % 30} is done. ${'I changed the parser and its tests. '.repeat(12)}` };
      decision = k % 80 === 39 ? { action: 'block', obligation: 'auto_next', boundary: `plan#${k % 30}->${(k % 30) + 1}`, reason: 'missing_auto_next_dispatch', blocks: 1, output: { decision: 'block', reason: 'Task done; next not dispatched.' } } : { action: 'allow', output: null };
    } else {
      const tool = ['Bash', 'Read', 'Edit', 'Write'][k % 4]!;
      const phase = k % 2 ? 'PreToolUse' : 'PostToolUse';
      kind = phase;
      const file = `/work/app/src/module-${k % 37}.ts`;
      const tool_input =
        tool === 'Bash' ? { command: `npm test -- --grep part-${k}`, description: 'Run the tests' } : tool === 'Read' ? { file_path: file } : tool === 'Edit' ? { file_path: file, old_string: body.slice(0, 300), new_string: `${body.slice(0, 300)}// ${i}` } : { file_path: file, content: `${body}// ${i}` };
      const tool_response = phase === 'PreToolUse' ? undefined : tool === 'Bash' ? { stdout: `${'ok part\n'.repeat(80)}${i}`, stderr: '', interrupted: false } : tool === 'Read' ? { type: 'text', file: { filePath: file, content: `${body}${i}`, numLines: 180 } } : { filePath: file, structuredPatch: [] };
      payload = { session_id: session, hook_event_name: phase, transcript_path: `/home/me/.claude/projects/-work-app/${session}.jsonl`, cwd: '/work/app', permission_mode: 'default', tool_name: tool, tool_use_id: id, tool_input, ...(tool_response ? { tool_response } : {}) };
      decision = phase === 'PreToolUse' ? { action: 'allow', output: null } : { action: 'none', output: null };
    }
    const input = JSON.stringify(boundForAudit(payload, { sessionId: session, kind }));
    yield [at, 'hook:claude-code', kind, session, input, decision === null ? null : JSON.stringify(decision)];
  }
}

/** A project with a 40-task plan approved by a prompt, Task 10 done: a Stop there is a boundary stop that blocks. */
function makeProject(entry: string[], env: NodeJS.ProcessEnv): string {
  const dir = mkdtempSync(join(tmpdir(), 'continuity-bench-growth-'));
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, 'plan.md'), PLAN);
  const e = { ...env, CLAUDE_PROJECT_DIR: dir };
  sh(entry[0]!, [...entry.slice(1), 'plan', 'import', 'plan.md'], { cwd: dir, env: e });
  sh(entry[0]!, [...entry.slice(1), 'hook', 'claude-code'], { cwd: dir, env: e, input: JSON.stringify({ session_id: 'setup', cwd: dir, hook_event_name: 'UserPromptSubmit', prompt: 'approve' }) });
  sh(entry[0]!, [...entry.slice(1), 'task', 'done', '10'], { cwd: dir, env: e });
  return dir;
}

/** Adds `count` events to the ledger at `path` by SQL, in one transaction. */
async function addEvents(path: string, count: number): Promise<void> {
  const driver = await loadDriver();
  const db = driver.open(path, { mustExist: true });
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const row of yearOfEvents(count, Date.now() - 3600_000)) db.run('INSERT INTO events (at, source, kind, session_id, input, decision) VALUES (?, ?, ?, ?, ?, ?)', ...row);
    db.exec('COMMIT');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** Opens and closes the project's ledger: the recovery copy is taken whole, its head chained over every event. */
async function takeCopy(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const l = await Ledger.open(dir, { env });
  l.write(() => undefined);
  l.close();
}

export async function benchLedgerGrowth(root: string, runs = 15, largeCount = Number(process.env.BENCH_GROWTH_EVENTS ?? 1_000_000)): Promise<Growth> {
  const compiledExe = join(root, 'dist', 'bin', 'continuity');
  const entry = existsSync(compiledExe) ? [compiledExe] : [process.execPath, join(root, 'dist', 'cli.cjs')];
  const state = mkdtempSync(join(tmpdir(), 'continuity-bench-growth-state-'));
  const env = { CONTINUITY_STATE_HOME: state };
  const cacheDir = process.env.BENCH_CACHE_DIR ?? join(root, 'node_modules', '.cache', 'continuity-bench');
  const small = makeProject(entry, env);
  const large = makeProject(entry, env);
  try {
    // The small ledger: its few setup events and the rest of 1,000 from the same generator.
    const smallPath = join(small, '.continuity', 'ledger.db');
    const base = await (async () => {
      const l = await Ledger.open(small, { env });
      const n = Number(l.db.get<{ n: number }>('SELECT count(*) AS n FROM events')?.n ?? 0);
      l.close();
      return n;
    })();
    await addEvents(smallPath, 1000 - base);
    // The large one: the same setup, then the year, built once and cached (per schema and generator).
    const largePath = join(large, '.continuity', 'ledger.db');
    const cached = join(cacheDir, `ledger-${largeCount}-s${SCHEMA_VERSION}-g${GENERATOR}.db`);
    let buildMs: number | null = null;
    if (!existsSync(cached)) {
      mkdirSync(cacheDir, { recursive: true });
      const building = mkdtempSync(join(tmpdir(), 'continuity-bench-build-'));
      try {
        const setup = makeProject(entry, { CONTINUITY_STATE_HOME: building });
        const t0 = performance.now();
        await addEvents(join(setup, '.continuity', 'ledger.db'), largeCount - base);
        buildMs = performance.now() - t0;
        copyFileSync(join(setup, '.continuity', 'ledger.db'), `${cached}.tmp`);
        rmSync(setup, { recursive: true, force: true });
      } finally {
        rmSync(building, { recursive: true, force: true });
      }
      spawnSync('mv', [`${cached}.tmp`, cached]);
    }
    // In place of the large project's own ledger (its plan is the same one, imported the same way).
    rmSync(join(large, '.continuity'), { recursive: true, force: true });
    rmSync(join(state, 'projects'), { recursive: true, force: true });
    mkdirSync(join(large, '.continuity'));
    copyFileSync(cached, largePath);
    await takeCopy(small, env);
    await takeCopy(large, env);

    const counts = { small: 0, large: 0 };
    for (const [k, dir] of [['small', small], ['large', large]] as const) {
      const l = await Ledger.open(dir, { env });
      counts[k] = Number(l.db.get<{ n: number }>('SELECT count(*) AS n FROM events')?.n ?? 0);
      l.close();
    }
    const { recoveryDirOf } = await import('../src/ledger/recovery-copy.js');
    const ledgerBytes = { small: fileBytes(smallPath), large: fileBytes(largePath) };
    const copyBytes = { small: fileBytes(join(recoveryDirOf(small, env), 'ledger.db')), large: fileBytes(join(recoveryDirOf(large, env), 'ledger.db')) };

    let n = 0;
    const payload = (dir: string, event: Record<string, unknown>) => () => JSON.stringify({ session_id: `bench-growth-${n++}`, transcript_path: join(dir, 't.jsonl'), cwd: dir, permission_mode: 'default', ...event });
    const pre = (dir: string) => payload(dir, { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 'toolu_bench', tool_input: { file_path: join(dir, 'src', 'a.ts'), content: 'export const a = 1;\n'.repeat(200) } });
    const stop = (dir: string) => payload(dir, { hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'Task 10 is done. I can continue with Task 11.' });
    const [cmd, ...pre_] = entry;
    const command = (label: string, dir: string, args: string[], input?: () => string): Command => ({ label, cmd: cmd!, args: [...pre_, ...args], cwd: dir, env: { ...env, CLAUDE_PROJECT_DIR: dir }, ...(input ? { get input() { return input(); } } : {}) });
    // Each case must take the path it is named for.
    for (const dir of [small, large]) {
      const s = spawnSync(cmd!, [...pre_, 'hook', 'claude-code'], { cwd: dir, env: { ...process.env, ...env, CLAUDE_PROJECT_DIR: dir }, input: stop(dir)(), encoding: 'utf8' });
      if (!/"decision":"block"/.test(s.stdout)) throw new Error(`the Stop did not block at the boundary: ${s.stdout}${s.stderr}`);
    }
    const hookCases = (size: 'small' | 'large', dir: string): Command[] => [
      command(`PreToolUse (Write) · ${size}`, dir, ['hook', 'claude-code'], pre(dir)),
      command(`Stop at a boundary (blocks) · ${size}`, dir, ['hook', 'claude-code'], stop(dir)),
    ];
    const commandCases = (size: 'small' | 'large', dir: string): Command[] => [
      command(`status · ${size}`, dir, ['status']),
      command(`log --limit 20 · ${size}`, dir, ['log', '--limit', '20']),
    ];
    // The runtime's floor in the same run: the hook calls' ratios to it, at both sizes.
    const bun = join(root, 'node_modules', 'bun', 'bin', 'bun.exe');
    const floorCommand: Command | null = entry.length === 1 ? (existsSync(bun) ? { label: 'bun -e 0', cmd: bun, args: ['-e', '0'] } : null) : { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] };
    // The hook calls in a run of their own, as an agent makes them: a command that opens the ledger between two Stops (status, log) would
    // send each Stop to the ledger, and the Stop an agent's session meets is the one held from the hot state (docs/stop-gate.md).
    const timings = [
      ...interleaved([...(floorCommand ? [floorCommand] : []), ...hookCases('small', small), ...hookCases('large', large)], runs),
      ...interleaved([...commandCases('small', small), ...commandCases('large', large)], runs),
    ];
    const floorTiming = floorCommand ? timings.find((t) => t.label === floorCommand.label) ?? null : null;
    // doctor and a restore cost more: fewer runs. A restore: .continuity/ removed, the next command puts it back from the copy.
    const slow = (size: 'small' | 'large', dir: string): Command[] => [
      // doctor exits 1 here (no agent's hooks are wired in the bench's projects): its checks, the ledger's included, all run.
      { label: `doctor · ${size}`, cmd: 'sh', args: ['-c', '"$@" doctor >/dev/null; exit 0', 'doctor', cmd!, ...pre_], cwd: dir, env: { ...env, CLAUDE_PROJECT_DIR: dir } },
      {
        label: `restore (rm -rf .continuity; a prompt's hook) · ${size}`,
        cmd: 'sh',
        args: ['-c', 'rm -rf .continuity && "$@" hook claude-code >/dev/null && test -s .continuity/ledger.db', 'restore', cmd!, ...pre_],
        cwd: dir,
        env: { ...env, CLAUDE_PROJECT_DIR: dir },
        get input() {
          return JSON.stringify({ session_id: `bench-restore-${n++}`, cwd: dir, hook_event_name: 'UserPromptSubmit', prompt: 'how is it going?' });
        },
      },
    ];
    const slowTimings = interleaved([...slow('small', small), ...slow('large', large)], Math.max(3, Math.floor(runs / 5)), 1);
    const all = [...timings.filter((t) => t.label !== floorCommand?.label), ...slowTimings];
    const by = new Map(all.map((t) => [t.label, t]));
    const labels = [...new Set(all.map((t) => t.label.replace(/ · (small|large)$/, '')))];
    return {
      events: counts,
      bytesPerEvent: { small: ledgerBytes.small / counts.small, large: ledgerBytes.large / counts.large },
      ledgerBytes,
      copyBytes,
      buildMs,
      cached,
      cases: labels.map((label) => ({ label, small: by.get(`${label} · small`)!, large: by.get(`${label} · large`)! })),
      entry: entry.length === 1 ? 'compiled hook (dist/bin/continuity)' : 'node dist/cli.cjs',
      floor: floorCommand && floorTiming ? { label: floorCommand.label, timing: floorTiming } : null,
    };
  } finally {
    for (const d of [small, large, state]) rmSync(d, { recursive: true, force: true });
  }
}

export function reportLedgerGrowth(g: Growth): void {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const ms = (t: Timing) => `${t.medianCpuMs.toFixed(1).padStart(7)} ms cpu (${t.medianMs.toFixed(1).padStart(7)} wall)`;
  console.log(`Ledger growth: ${g.events.small.toLocaleString('en')} events against ${g.events.large.toLocaleString('en')} (${g.entry}; medians, CPU time, wall in brackets)`);
  console.log(`  reproduce: node --import tsx bench/ledger-growth.ts   (the ${g.events.large.toLocaleString('en')}-event ledger ${g.buildMs === null ? 'reused from' : `built by SQL in ${(g.buildMs / 1000).toFixed(1)} s, cached as`} ${g.cached})`);
  console.log(`  ledger: ${mb(g.ledgerBytes.small)} · ${mb(g.ledgerBytes.large)};  bytes per event ${g.bytesPerEvent.small.toFixed(0)} · ${g.bytesPerEvent.large.toFixed(0)};  recovery copy ${mb(g.copyBytes.small)} · ${mb(g.copyBytes.large)}`);
  const targets: Record<string, string> = { 'PreToolUse (Write)': '≤ 1.2×', 'Stop at a boundary (blocks)': '≤ 1.2×', status: '< 1 s', 'log --limit 20': '< 1 s', doctor: '< 5 s' };
  for (const c of g.cases) {
    const target = targets[c.label] ?? (c.label.startsWith('restore') ? '< 10 s' : '');
    console.log(`  ${c.label.padEnd(42)} ${ms(c.small)}   ${ms(c.large)}   ${(c.large.medianCpuMs / c.small.medianCpuMs).toFixed(2)}× cpu, ${(c.large.medianMs / c.small.medianMs).toFixed(2)}× wall   (target ${target})`);
  }
  if (g.floor) {
    // The hook calls against the runtime's own floor of the same run, as the hook bench reports them (bench/run.ts), at both sizes.
    const floor = g.floor.timing.medianCpuMs;
    const targets: Record<string, number> = { 'PreToolUse (Write)': g.floor.label === 'bun -e 0' ? 1.5 : 1.3, 'Stop at a boundary (blocks)': g.floor.label === 'bun -e 0' ? 2.0 : 1.5 };
    console.log(`  × ${g.floor.label} (${floor.toFixed(1)} ms cpu, ${g.floor.timing.medianMs.toFixed(1)} wall), CPU time:`);
    for (const c of g.cases.filter((c) => targets[c.label] !== undefined)) console.log(`    ${c.label.padEnd(40)} ${(c.small.medianCpuMs / floor).toFixed(2)}× at ${g.events.small.toLocaleString('en')} events, ${(c.large.medianCpuMs / floor).toFixed(2)}× at ${g.events.large.toLocaleString('en')}   (target ≤ ${targets[c.label]!.toFixed(1)}×)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  reportLedgerGrowth(await benchLedgerGrowth(resolve(dirname(fileURLToPath(import.meta.url)), '..'), Number(process.env.BENCH_RUNS ?? 15)));
}
