// How much of the OpenClaw plugin's CPU time is outside the stages it marks
// (src/adapters/openclaw/stage-times.ts), in process: turns of the load
// run's shape (a prompt, an exec and a read, a stop, the run's end) one after
// another, each hook call's whole CPU time (process.cpuUsage around it: with
// nothing else running, all of it is the plugin's) against the sum of its
// stages. In the gateway the stages can be summed, not the whole calls: 16
// sessions' calls interleave across their awaits there.
//   node --expose-gc --import tsx bench/openclaw-plugin-outside-stages.ts [TURNS]   (default 300)
//
// Then the bytes each hook call allocates on the JS heap (and in buffers),
// by hook: Node 20's v8.getHeapStatistics() has no total_allocated_bytes, so
// the heap's used size is read before and after each call, after a young
// collection (--expose-gc) that leaves the nursery room for the whole call.
// Without a collection inside the call, nothing was freed between the two
// reads and the difference is what the call allocated; a call with a
// collection inside (seen in the `gc` performance entries) is left out and
// counted.
//
// With BENCH_OPENCLAW_BALLAST_MB=N: whether continuity's garbage costs more
// in a big live heap like the gateway's (~1.5 GB). Rounds of four processes
// in turn: continuity's handlers and the do-nothing plugin's
// (test/real-client/openclaw-load-floor), each with no ballast and with N MB
// of live small objects; each process's CPU over its measured turns is the
// whole process's (getrusage: the GC's helper threads included), with its
// collections' count and time, how much its old generation grew (what brings
// the next major collection closer) and what one full collection of its
// heap costs, taken after the turns.
// With BENCH_OPENCLAW_CHURN_MB=M as well, M MB of the ballast is replaced after each turn (the gateway's own work):
// major collections then come during the turns, in both handlers' processes alike.
//   BENCH_OPENCLAW_BALLAST_MB=1200 [BENCH_OPENCLAW_CHURN_MB=8] node --import tsx bench/openclaw-plugin-outside-stages.ts [TURNS] [ROUNDS]   (default 300, 3)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { registerContinuity, type OpenClawApi } from '../src/adapters/openclaw/plugin.js';

const PLAN = '# Load plan\n\n### Task 1: Read\n\nRead the log.\n\n### Task 2: Write\n\nWrite the log.\n';
const turns = Number(process.argv[2] ?? 300);
const root = resolve(import.meta.dirname, '..');
const ballastMb = Number(process.env.BENCH_OPENCLAW_BALLAST_MB ?? 0);
const churnMb = Number(process.env.BENCH_OPENCLAW_CHURN_MB ?? 0);
const child = process.env.BENCH_OPENCLAW_CHILD; // 'continuity' | 'floor': one process of the ballast comparison

type Hooks = Record<string, (event: unknown, ctx: unknown) => Promise<unknown>>;
type Call = (hook: string, event: unknown, ctx: unknown) => Promise<void>;

/** Builds the project with an imported plan; returns its paths. */
function setUp(base: string) {
  const project = join(base, 'project');
  mkdirSync(join(project, 'docs'), { recursive: true });
  writeFileSync(join(project, 'docs', 'plan.md'), PLAN);
  spawnSync('git', ['init', '-q'], { cwd: project });
  const r = spawnSync(process.execPath, [join(root, 'dist', 'cli.cjs'), 'plan', 'import', 'docs/plan.md'], { cwd: project, encoding: 'utf8', env: { ...process.env, CONTINUITY_STATE_HOME: join(base, 'state') } });
  if (r.status !== 0) throw new Error(`plan import failed: ${r.stderr}`);
  return { project, stagesFile: join(base, 'stages.json') };
}

/** A stand-in of the gateway's plugin API that keeps each handler in `hooks`. */
function apiOf(hooks: Hooks): OpenClawApi {
  return { on: (name, handler) => void (hooks[name] = handler as never), logger: { warn: () => {} } };
}

/** continuity's plugin registered on `api`, its state and stage sums under `base`. */
function registerAt(api: OpenClawApi, base: string, stagesFile: string) {
  return registerContinuity(api, { env: { PATH: process.env.PATH, HOME: base, CONTINUITY_STATE_HOME: join(base, 'state'), CONTINUITY_STAGE_TIMES: stagesFile }, storePath: join(base, 'store.json') });
}

/** One turn of the load run's shape: 8 hook calls. */
async function turn(call: Call, project: string, n: number) {
  const runId = `run-${n}`;
  const agent = { runId, agentId: 'main', sessionKey: `agent:main:s${n % 16}`, sessionId: `sid-${n % 16}`, workspaceDir: project, trigger: 'user' };
  const tool = (name: string, id: string) => ({ toolName: name, agentId: 'main', sessionKey: agent.sessionKey, sessionId: agent.sessionId, runId, toolCallId: id });
  await call('before_prompt_build', { prompt: `LOAD work ${n}`, messages: [] }, agent);
  await call('before_agent_run', { prompt: `LOAD work ${n}`, messages: [], senderIsOwner: true }, agent);
  const exec = { toolName: 'exec', params: { command: `echo ${n} >> load.log` }, runId, toolCallId: `e${n}` };
  await call('before_tool_call', exec, tool('exec', `e${n}`));
  await call('after_tool_call', { ...exec, result: { content: [{ type: 'text', text: '' }], details: { status: 'completed', exitCode: 0 } } }, tool('exec', `e${n}`));
  const read = { toolName: 'read', params: { path: 'load.log' }, runId, toolCallId: `r${n}` };
  await call('before_tool_call', read, tool('read', `r${n}`));
  await call('after_tool_call', { ...read, result: { content: [{ type: 'text', text: `${n}\n` }] } }, tool('read', `r${n}`));
  await call('before_agent_finalize', { runId, sessionId: agent.sessionId, sessionKey: agent.sessionKey, stopHookActive: false, lastAssistantMessage: `Turn ${n} done.` }, agent);
  await call('agent_end', { runId, success: true }, agent);
}

/** Collections seen by the process from now on: count and time by kind (major, minor, incremental). */
function gcWatch() {
  const entries: { start: number; end: number; kind: number }[] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) entries.push({ start: e.startTime, end: e.startTime + e.duration, kind: (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0 });
  });
  obs.observe({ entryTypes: ['gc'] });
  return { entries, stop: () => obs.disconnect() };
}
const GC_KIND: Record<number, string> = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weakcb' };
const settle = () => new Promise((r) => setTimeout(r, 50));

/** Bytes on the JS heap and in array buffers now. */
const heapBytes = () => getHeapStatistics().used_heap_size;
const bufferBytes = () => process.memoryUsage().arrayBuffers;
/** Bytes in the old generation (every space but the nursery's): what grows toward the next major collection. */
const oldBytes = () => getHeapSpaceStatistics().reduce((t, s) => (s.space_name.startsWith('new_') ? t : t + s.space_used_size), 0);

/** The ballast: `mb` MB of live small objects (strings, arrays, objects pointing at each other), as a long-lived server's heap holds. */
function buildBallast(mb: number): unknown[] {
  const ballast: unknown[] = [];
  let prev: unknown = null;
  for (let i = 0; ; i++) {
    const o = { id: i, name: `item-${i}`, tags: [i & 7, `t${i & 255}`], prev };
    ballast.push(o);
    prev = i % 64 === 0 ? null : o;
    if (i % 100_000 === 0 && heapBytes() >= mb * 1024 * 1024) return ballast;
  }
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'continuity-bench-outside-stages-'));
  try {
    const { project, stagesFile } = setUp(base);
    const hooks: Hooks = {};
    const api = apiOf(hooks);
    const plugin = registerAt(api, base, stagesFile);
    const whole: Record<string, number> = {};
    // What the calls hand back to OpenClaw (JSON characters): the gateway carries it on (a prompt's added context, a block's reason).
    const answered: Record<string, number> = {};
    const call: Call = async (hook, event, ctx) => {
      const u = process.cpuUsage();
      const result = await hooks[hook]!(event, ctx);
      const d = process.cpuUsage(u);
      whole[hook] = (whole[hook] ?? 0) + (d.user + d.system) / 1000;
      answered[hook] = (answered[hook] ?? 0) + (result === undefined ? 0 : JSON.stringify(result).length);
    };
    for (let n = 0; n < 30; n++) await turn(call, project, n);
    // The warm-up's sums are left out: the stage file is read before and after. Written through the process's sums
    // (stage-times.ts), not by gateway_stop: that closes the kept ledger connections, and every later call would open its own.
    const flush = () => (globalThis as unknown as Record<symbol, { flush(): void }>)[Symbol.for('continuity.openclaw-stage-times')]!.flush();
    flush();
    const read = () => JSON.parse(readFileSync(stagesFile, 'utf8')) as { stages: Record<string, { cpuMs: number; n: number }> };
    const stageSum = () => Object.values(read().stages).reduce((s, x) => s + x.cpuMs, 0);
    const beforeStages = read().stages;
    const before = stageSum();
    for (const k of Object.keys(whole)) delete whole[k];
    for (const k of Object.keys(answered)) delete answered[k];
    for (let n = 30; n < 30 + turns; n++) await turn(call, project, n);
    flush();
    const staged = stageSum() - before;
    const all = Object.values(whole).reduce((s, x) => s + x, 0);
    const per = (ms: number) => `${(ms / turns).toFixed(2)} ms`;
    console.log(`OpenClaw plugin in process, ${turns} turns (a prompt, an exec, a read, a stop, the run's end; 8 hook calls a turn):`);
    console.log(`  whole hook calls ${per(all)} of CPU a turn; the stages ${per(staged)}; outside them ${per(all - staged)} (${((100 * (all - staged)) / all).toFixed(0)}%)`);
    for (const [hook, ms] of Object.entries(whole).sort((a, b) => b[1] - a[1])) console.log(`    ${hook.padEnd(24)} ${per(ms).padStart(10)}   answered ${((answered[hook] ?? 0) / turns).toFixed(0)} characters a turn`);
    // The stages themselves, the largest first (the warm-up's sums taken out).
    const stages = Object.entries(read().stages)
      .map(([name, s]) => [name, s.cpuMs - (beforeStages[name]?.cpuMs ?? 0), s.n - (beforeStages[name]?.n ?? 0)] as const)
      .sort((a, b) => b[1] - a[1]);
    console.log('  by stage (CPU a turn):');
    for (const [name, ms, n] of stages.filter(([, ms]) => ms / turns >= 0.05)) console.log(`    ${name.padEnd(40)} ${per(ms).padStart(10)}  (${(n / turns).toFixed(1)} a turn)`);
    await allocation(hooks, project, 30 + turns);
    await hooks.gateway_stop!({}, {});
    plugin.close();
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** Bytes allocated by each hook call, by hook, over `turns` more turns (see the head of the file). */
async function allocation(hooks: Hooks, project: string, first: number) {
  const gc = (globalThis as { gc?: (o?: { type: string }) => void }).gc;
  if (!gc) {
    console.log('  bytes allocated: run with --expose-gc to measure them');
    return;
  }
  // What the two reads themselves allocate, taken out of every call's difference.
  const reads = () => {
    const h = heapBytes();
    const b = bufferBytes();
    return { h, b };
  };
  gc({ type: 'minor' });
  const o0 = reads();
  const o1 = reads();
  const overhead = o1.h - o0.h;
  const watch = gcWatch();
  const calls: { hook: string; start: number; end: number; heap: number; buffers: number }[] = [];
  const call: Call = async (hook, event, ctx) => {
    gc({ type: 'minor' });
    const start = performance.now();
    const a = reads();
    await hooks[hook]!(event, ctx);
    const b = reads();
    calls.push({ hook, start, end: performance.now(), heap: b.h - a.h - overhead, buffers: b.b - a.b });
  };
  const n = Math.min(turns, 100);
  for (let i = first; i < first + n; i++) await turn(call, project, i);
  await settle();
  watch.stop();
  const by: Record<string, { heap: number; buffers: number; calls: number; left: number }> = {};
  for (const c of calls) {
    const s = (by[c.hook] ??= { heap: 0, buffers: 0, calls: 0, left: 0 });
    if (watch.entries.some((e) => e.end >= c.start && e.start <= c.end)) s.left++;
    else {
      s.heap += c.heap;
      s.buffers += c.buffers;
      s.calls++;
    }
  }
  // A hook's mean a call, times its calls a turn: the calls left out are counted, not guessed.
  const perTurn = (s: { heap: number; calls: number; left: number }, v: number) => (s.calls ? (v / s.calls) * ((s.calls + s.left) / n) : 0);
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  const rows = Object.entries(by).map(([hook, s]) => [hook, perTurn(s, s.heap), perTurn(s, s.buffers), s] as const).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((t, r) => t + r[1], 0);
  const totalBuf = rows.reduce((t, r) => t + r[2], 0);
  const left = rows.reduce((t, r) => t + r[3].left, 0);
  console.log(`  bytes allocated a turn, ${n} turns (JS heap; array buffers): ${kb(total)}; ${kb(totalBuf)}  (${left} of ${calls.length} calls with a collection inside, left out)`);
  for (const [hook, heap, buf, s] of rows) console.log(`    ${hook.padEnd(24)} ${kb(heap).padStart(10)} ${kb(buf).padStart(10)}  (${((s.calls + s.left) / n).toFixed(0)} a turn)`);
}

/**
 * The gateway's own work between turns, in the ballast: `mb` MB of its objects replaced by new ones each turn (kept, so
 * promoted; the old ones left as garbage in the old generation), so that major collections come at a rate of the
 * process's own and continuity's calls run while they mark, as in a gateway that is doing its own work.
 */
function churner(ballast: unknown[], mb: number, ballastMb: number): () => void {
  if (!(mb > 0) || ballast.length === 0) return () => {};
  const each = Math.round((ballast.length / ballastMb) * mb);
  let at = 0;
  return () => {
    for (let j = 0; j < each; j++, at = (at + 1) % ballast.length) ballast[at] = { id: at, name: `item-${at}-${j}`, tags: [at & 7, `t${j & 255}`], prev: null };
  };
}

/** One process of the ballast comparison: its handlers' CPU over `turns` turns, the whole process's, with its collections. */
async function childRun(which: string) {
  const ballast = ballastMb > 0 ? buildBallast(ballastMb) : [];
  const base = mkdtempSync(join(tmpdir(), 'continuity-bench-ballast-'));
  try {
    const { project, stagesFile } = setUp(base);
    const hooks: Hooks = {};
    const api = apiOf(hooks);
    let close = () => {};
    if (which === 'floor') {
      const floor = (await import(join(root, 'test', 'real-client', 'openclaw-load-floor', 'index.js'))) as { default: { register(api: OpenClawApi): void } };
      floor.default.register(api);
    } else {
      const plugin = registerAt(api, base, stagesFile);
      close = () => plugin.close();
    }
    let inCalls = 0;
    const call: Call = async (hook, event, ctx) => {
      const u = process.cpuUsage();
      await hooks[hook]!(event, ctx);
      const d = process.cpuUsage(u);
      inCalls += (d.user + d.system) / 1000;
    };
    const churn = churner(ballast, churnMb, ballastMb);
    for (let n = 0; n < 30; n++) {
      await turn(call, project, n);
      churn();
    }
    await settle();
    inCalls = 0;
    const watch = gcWatch();
    const u = process.cpuUsage();
    const oldBefore = oldBytes();
    for (let n = 30; n < 30 + turns; n++) {
      await turn(call, project, n);
      churn();
    }
    const d = process.cpuUsage(u);
    const oldAfter = oldBytes();
    await settle();
    watch.stop();
    // What one major collection of this heap costs, the whole process's CPU (its helper threads included).
    const gc = (globalThis as { gc?: (o?: { type: string }) => void }).gc;
    const g = process.cpuUsage();
    // No argument: a full mark-compact (Node 20's V8 reads `{ type: 'major' }` as a young collection).
    gc?.();
    const gd = process.cpuUsage(g);
    const gcs: Record<string, { n: number; ms: number }> = {};
    for (const e of watch.entries) {
      const s = (gcs[GC_KIND[e.kind] ?? String(e.kind)] ??= { n: 0, ms: 0 });
      s.n++;
      s.ms += e.end - e.start;
    }
    await hooks.gateway_stop?.({}, {});
    close();
    console.log(JSON.stringify({ which, ballastMb, processMs: (d.user + d.system) / 1000, inCallsMs: inCalls, gcs, promoted: oldAfter - oldBefore, majorMs: gc ? (gd.user + gd.system) / 1000 : null, live: ballast.length }));
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** The ballast comparison: rounds of the four processes, each round in another order. */
function ballastRuns() {
  const rounds = Number(process.argv[3] ?? 3);
  const configs = [
    ['continuity', 0],
    ['floor', 0],
    ['continuity', ballastMb],
    ['floor', ballastMb],
  ] as const;
  type Result = { which: string; ballastMb: number; processMs: number; inCallsMs: number; gcs: Record<string, { n: number; ms: number }>; promoted: number; majorMs: number | null };
  const results: Result[] = [];
  const f = (ms: number) => (ms / turns).toFixed(2).padStart(7);
  console.log(`OpenClaw plugin in process with ${ballastMb} MB of live ballast${churnMb ? ` (${churnMb} MB of it replaced a turn)` : ''} or none, ${turns} turns a process, ${rounds} rounds (CPU a turn, ms):`);
  console.log('  round handlers    ballast  process  in calls  old gen grew (KB a turn)  a major collection (ms)  collections (count, ms a turn)');
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < configs.length; i++) {
      const [which, mb] = configs[(i + r) % configs.length]!;
      const p = spawnSync(process.execPath, [`--max-old-space-size=${mb + 2048}`, '--expose-gc', '--import', 'tsx', import.meta.filename, String(turns)], {
        encoding: 'utf8',
        env: { ...process.env, BENCH_OPENCLAW_CHILD: which, BENCH_OPENCLAW_BALLAST_MB: String(mb), BENCH_OPENCLAW_CHURN_MB: String(mb ? churnMb : 0) },
        maxBuffer: 1 << 24,
      });
      const line = p.stdout.trim().split('\n').pop() ?? '';
      if (p.status !== 0 || !line.startsWith('{')) throw new Error(`${which} ${mb}: ${p.stderr}`);
      const res = JSON.parse(line) as Result;
      results.push(res);
      const gcs = Object.entries(res.gcs).map(([k, s]) => `${k} ${s.n}, ${(s.ms / turns).toFixed(2)}`).join('; ');
      console.log(`  ${String(r + 1).padStart(5)} ${which.padEnd(11)} ${String(mb).padStart(7)} ${f(res.processMs)}  ${f(res.inCallsMs)}  ${(res.promoted / 1024 / turns).toFixed(1).padStart(24)}  ${(res.majorMs ?? NaN).toFixed(0).padStart(23)}  ${gcs}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const m = (which: string, mb: number, k: 'processMs' | 'inCallsMs') => median(results.filter((x) => x.which === which && x.ballastMb === mb).map((x) => x[k]));
  console.log('  medians (CPU a turn, ms)      process  in calls');
  for (const [which, mb] of configs) console.log(`    ${which.padEnd(11)} ${String(mb).padStart(5)} MB      ${f(m(which, mb, 'processMs'))}  ${f(m(which, mb, 'inCallsMs'))}`);
  const cost = (mb: number) => m('continuity', mb, 'processMs') - m('floor', mb, 'processMs');
  console.log(`  continuity over the floor, whole process: ${f(cost(0))} ms a turn with no ballast, ${f(cost(ballastMb))} ms with ${ballastMb} MB`);
}

if (child) await childRun(child);
else if (ballastMb > 0) ballastRuns();
else await main();
