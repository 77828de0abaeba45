// Many sessions through real OpenClaw gateways: one without continuity (bare), one with the client's own floor in its
// place (a plugin of the same hooks doing nothing in them: test/real-client/openclaw-load-floor/), one with continuity
// (the same scripted model, the same turns, test/real-client/openclaw-load.ts).
//
// The gateways take their turns in rounds: each round runs T turns through each gateway, one gateway after the other
// (the order rotated from round to round), and measures each gateway's CPU time over its turns and their settling (the
// subagents' announces). One run's gateway CPU moves with whatever else the machine does by more than the 5% asked
// about; a ratio taken within one round shares that round's conditions, so the bench prints the median of the per-round
// ratios and their spread, not one run's. continuity's own CPU in its gateway (its stages, summed in process by
// src/adapters/openclaw/stage-times.ts; the process's and, on Node 23.9 and later, the main thread's) is printed as a
// share of the bare gateway's CPU a turn, round by round, with the largest stages. Each gateway's garbage collections
// over its turns (the major ones' count, the pauses a turn, the heap's used size after), summed in the gateway by the
// counter plugin (test/real-client/openclaw-load-counter/), are printed round by round beside its CPU: whether the one
// with continuity collects more than the others in the same round.
//
// Each gateway is started for its turns of a round and stopped after them (one gateway up at a time, as OpenClaw runs
// on a machine), after a warm-up that is not counted (2 turns a session, the second spawning a subagent): the measured
// turns are each an exec, a read and a stop. With BENCH_OPENCLAW_LOAD_TOGETHER=1 the three are up at once for the whole
// run, warmed up once (no start-ups between rounds; in the one such run here, on a loaded machine, the continuity
// gateway's turns failed with OpenClaw's "another OpenClaw process owns state-lifecycle": not for measuring yet). Each
// continuity gateway's ledgers are held against the hook calls it made.
//   BENCH_OPENCLAW_LOAD_TURNS    turns per gateway per round (default 32; 0 skips the load run)
//   BENCH_OPENCLAW_LOAD_ROUNDS   rounds (default 3; 5 together)
//   BENCH_OPENCLAW_LOAD_SESSIONS, BENCH_OPENCLAW_LOAD_WORKSPACES (16, 4)
// A turn costs a gateway about 1.2 s of CPU on an idle 2-core machine: the default (3 rounds × 3 gateways × (32 warm-up
// + 32 measured turns), and 9 start-ups) takes about 15 minutes there.
import { pathToFileURL } from 'node:url';
import { ledgerAgainstCalls, percentile, startOpenClawLoad, type GcSums, type LoadGateway, type StageSums } from '../test/real-client/openclaw-load.js';

const KINDS = ['bare', 'floor', 'plugin'] as const;
type Kind = (typeof KINDS)[number];

export interface RoundResult {
  order: Kind[];
  /** Per gateway: CPU ms over the round's turns and their settling, the turns' times, failures. */
  cpuMs: Record<Kind, number>;
  turnMs: Record<Kind, number[]>;
  /** Per gateway: the turns that failed (the first few, with what the gateway's log said), and how many. */
  failed: Record<Kind, string[]>;
  failedTurns: Record<Kind, number>;
  /** continuity's stages' CPU over the round, ms: the gateway process's, and its main thread's (null: its Node cannot tell). */
  stagesCpuMs: number;
  stagesThreadCpuMs: number | null;
  /** Per gateway: its collections over the round's turns and their settling (count and pause by kind), and its heap's used size after; null: not written. */
  gc: Record<Kind, RoundGc | null>;
}

export interface RoundGc {
  minor: { n: number; ms: number };
  major: { n: number; ms: number };
  heapUsedMiB: number;
}

/** The collections between two of a gateway's sums: major counts the full ones; their pauses take in the incremental marking's steps (Node reports those apart). */
function gcBetween(before: GcSums | null, after: GcSums | null): RoundGc | null {
  if (!before || !after) return null;
  const d = (k: 'minor' | 'major' | 'incremental') => ({ n: (after[k]?.n ?? 0) - (before[k]?.n ?? 0), ms: (after[k]?.ms ?? 0) - (before[k]?.ms ?? 0) });
  const major = d('major');
  const inc = d('incremental');
  return { minor: d('minor'), major: { n: major.n, ms: major.ms + inc.ms }, heapUsedMiB: after.heapUsedMiB };
}

export interface OpenClawLoadReport {
  turns: number;
  rounds: RoundResult[];
  sessions: number;
  workspaces: number;
  /** The gateways were up at once (BENCH_OPENCLAW_LOAD_TOGETHER=1), or each started for its turns of a round. */
  together: boolean;
  /** RSS after the warm-up and at the end (apart: the last round's gateway). */
  rssMiB: Record<Kind, { afterWarmUp: number; atEnd: number }>;
  /** continuity's stage sums over the measured rounds (the warm-ups' taken out). */
  stages: StageSums | null;
  /** Each continuity gateway's ledgers held against the hook calls it made (warm-ups included). */
  ledgerRows: ReturnType<typeof ledgerAgainstCalls>;
}

const median = (xs: readonly number[]) => percentile(xs, 50);

export async function benchOpenClawLoad(log: (line: string) => void = () => {}): Promise<OpenClawLoadReport | null> {
  const turns = Number(process.env.BENCH_OPENCLAW_LOAD_TURNS ?? 32);
  if (!(turns > 0)) return null;
  const together = process.env.BENCH_OPENCLAW_LOAD_TOGETHER === '1';
  const roundsWanted = Math.max(1, Number(process.env.BENCH_OPENCLAW_LOAD_ROUNDS ?? (together ? 5 : 3)));
  const sessions = Number(process.env.BENCH_OPENCLAW_LOAD_SESSIONS ?? 16);
  const workspaces = Number(process.env.BENCH_OPENCLAW_LOAD_WORKSPACES ?? 4);
  const up: Partial<Record<Kind, LoadGateway>> = {};
  const rss = {} as OpenClawLoadReport['rssMiB'];
  const ledgerRows: OpenClawLoadReport['ledgerRows'] = [];
  let stages: StageSums | null = null;
  const stageCpu = (x: StageSums | null) => {
    const all = Object.values(x?.stages ?? {});
    const thread = all.length && all.every((s) => s.threadCpuMs !== undefined) ? all.reduce((n, s) => n + s.threadCpuMs!, 0) : null;
    return { process: all.reduce((n, s) => n + s.cpuMs, 0), thread };
  };
  /** A gateway started and warmed up (2 turns a session, the second spawning a subagent): the warm-up is not counted. */
  const start = async (kind: Kind) => {
    const g = (up[kind] = await startOpenClawLoad({ sessions, workspaces, plugin: kind === 'plugin', floor: kind === 'floor', gc: true, log }));
    const w = await g.turns(2 * sessions);
    await g.settle();
    rss[kind] = { afterWarmUp: w.rss[w.rss.length - 1]!.kib / 1024, atEnd: 0 };
    log(`${kind}: warm-up done (${w.turnMs.length} turns${w.failedTurns ? `, ${w.failedTurns} failed: ${w.failed[0]}` : ''})`);
    return g;
  };
  /** A gateway stopped; continuity's: its ledgers held against the hook calls it made. */
  const stop = async (kind: Kind) => {
    const g = up[kind]!;
    rss[kind].atEnd = (await g.turns(0)).rss[0]!.kib / 1024;
    delete up[kind];
    const end = await g.finish(kind === 'plugin');
    if (end) ledgerRows.push(...ledgerAgainstCalls(end));
  };
  try {
    if (together) for (const kind of KINDS) await start(kind);
    const rounds: RoundResult[] = [];
    for (let r = 0; r < roundsWanted; r++) {
      const order = KINDS.map((_, i) => KINDS[(i + r) % KINDS.length]!);
      const round: RoundResult = { order, cpuMs: {} as never, turnMs: {} as never, failed: {} as never, failedTurns: {} as never, stagesCpuMs: 0, stagesThreadCpuMs: null, gc: {} as never };
      for (const kind of order) {
        const g = up[kind] ?? (await start(kind));
        const stages0 = kind === 'plugin' ? g.stages() : null;
        const gc0 = g.gc();
        const cpu0 = g.cpuMs();
        const t = await g.turns(turns);
        // The subagents' announces and the stage sums' writing (every 2 s) settle inside the gateway's own window.
        await g.settle();
        round.cpuMs[kind] = g.cpuMs() - cpu0;
        round.gc[kind] = gcBetween(gc0, g.gc());
        round.turnMs[kind] = t.turnMs;
        round.failed[kind] = t.failed;
        round.failedTurns[kind] = t.failedTurns;
        if (kind === 'plugin') {
          const stages1 = g.stages();
          const d = stages1 ? minus(stages1, stages0) : null;
          stages = d ? (stages ? plus(stages, d) : d) : stages;
          const c = stageCpu(d);
          round.stagesCpuMs = c.process;
          round.stagesThreadCpuMs = c.thread;
        }
        if (!together) await stop(kind);
      }
      rounds.push(round);
      const per = (k: Kind) => round.cpuMs[k] / round.turnMs[k].length;
      const failed = KINDS.map((k) => round.failedTurns[k]).reduce((a, b) => a + b, 0);
      log(`round ${r + 1}/${roundsWanted}: CPU a turn bare ${per('bare').toFixed(0)} ms, floor ${per('floor').toFixed(0)} ms, continuity ${per('plugin').toFixed(0)} ms (its stages ${(round.stagesCpuMs / round.turnMs.plugin.length).toFixed(1)} ms${round.stagesThreadCpuMs === null ? '' : `, on the main thread ${(round.stagesThreadCpuMs / round.turnMs.plugin.length).toFixed(1)} ms`})${failed ? `; ${failed} turns failed` : ''}`);
    }
    for (const kind of KINDS) if (up[kind]) await stop(kind);
    return { turns, rounds, sessions, workspaces, together, rssMiB: rss, stages, ledgerRows };
  } finally {
    for (const g of Object.values(up)) await g.finish(false);
  }
}

/** The sums of `a` and `b`. */
function plus(a: StageSums, b: StageSums): StageSums {
  const calls = { ...a.calls };
  for (const [k, n] of Object.entries(b.calls)) calls[k] = (calls[k] ?? 0) + n;
  const stages = { ...a.stages };
  for (const [k, s] of Object.entries(b.stages)) {
    const o = stages[k];
    stages[k] = { n: (o?.n ?? 0) + s.n, wallMs: (o?.wallMs ?? 0) + s.wallMs, cpuMs: (o?.cpuMs ?? 0) + s.cpuMs, ...(s.threadCpuMs === undefined ? {} : { threadCpuMs: (o?.threadCpuMs ?? 0) + s.threadCpuMs }) };
  }
  return { calls, stages };
}

/** The sums of `after` less those of `before`. */
function minus(after: StageSums, before: StageSums | null): StageSums {
  const calls = Object.fromEntries(Object.entries(after.calls).map(([k, n]) => [k, n - (before?.calls[k] ?? 0)]));
  const stages = Object.fromEntries(
    Object.entries(after.stages).map(([k, s]) => {
      const b = before?.stages[k];
      return [k, { n: s.n - (b?.n ?? 0), wallMs: s.wallMs - (b?.wallMs ?? 0), cpuMs: s.cpuMs - (b?.cpuMs ?? 0), ...(s.threadCpuMs === undefined ? {} : { threadCpuMs: s.threadCpuMs - (b?.threadCpuMs ?? 0) }) }];
    }),
  );
  return { calls, stages };
}

export function reportOpenClawLoad(r: OpenClawLoadReport | null): void {
  if (!r) {
    console.log('OpenClaw gateway under load: skipped (BENCH_OPENCLAW_LOAD_TURNS=0)');
    return;
  }
  const n = r.rounds.length;
  const cpu = (x: RoundResult, k: Kind) => x.cpuMs[k] / Math.max(1, x.turnMs[k].length);
  const ratios = (a: Kind, b: Kind) => r.rounds.map((x) => cpu(x, a) / cpu(x, b));
  const spread = (xs: number[]) => `median ${median(xs).toFixed(3)}×, ${Math.min(...xs).toFixed(3)} to ${Math.max(...xs).toFixed(3)}`;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`OpenClaw gateway under load: three gateways (bare, a plugin of continuity's hooks doing nothing = the floor, continuity), ${r.sessions} sessions at once over ${r.workspaces} workspaces, ${n} rounds of ${r.turns} turns per gateway, run in turn (each turn an exec, a read and a stop; ${r.together ? 'the three gateways up at once' : 'each gateway started and warmed up for its turns of a round'})`);
  const all = (k: Kind) => r.rounds.flatMap((x) => x.turnMs[k]);
  console.log(`  turn time p50 / p99   bare ${ms(percentile(all('bare'), 50))} / ${ms(percentile(all('bare'), 99))}   floor ${ms(percentile(all('floor'), 50))} / ${ms(percentile(all('floor'), 99))}   continuity ${ms(percentile(all('plugin'), 50))} / ${ms(percentile(all('plugin'), 99))}`);
  console.log('  gateway CPU a turn, round by round (bare, floor, continuity):');
  r.rounds.forEach((x, i) => console.log(`    round ${i + 1}: ${KINDS.map((k) => ms(cpu(x, k)).padStart(8)).join(' ')}   continuity / bare ${(cpu(x, 'plugin') / cpu(x, 'bare')).toFixed(3)}×, / floor ${(cpu(x, 'plugin') / cpu(x, 'floor')).toFixed(3)}×, floor / bare ${(cpu(x, 'floor') / cpu(x, 'bare')).toFixed(3)}×`));
  const withBare = ratios('plugin', 'bare');
  const withFloor = ratios('plugin', 'floor');
  const floorBare = ratios('floor', 'bare');
  // Whether the gateway with continuity collects more, or longer, than the others over the same turns: the collections'
  // pauses (main thread, wall) a turn, and the major ones' count, round by round.
  if (r.rounds.every((x) => KINDS.every((k) => x.gc?.[k]))) {
    console.log('  garbage collections over the turns, round by round (bare, floor, continuity: major count / pause ms a turn, minor pause ms a turn, heap used after):');
    r.rounds.forEach((x, i) => console.log(`    round ${i + 1}: ${KINDS.map((k) => { const g = x.gc[k]!; const t = Math.max(1, x.turnMs[k].length); return `${g.major.n} / ${(g.major.ms / t).toFixed(1)}, ${(g.minor.ms / t).toFixed(1)}, ${g.heapUsedMiB.toFixed(0)} MiB`; }).join('   ')}`));
  }
  console.log(`  continuity / bare  ${spread(withBare)}`);
  console.log(`  continuity / floor ${spread(withFloor)}`);
  console.log(`  floor / bare       ${spread(floorBare)}   (a plugin that does nothing: OpenClaw's dispatch, and the rounds' noise)`);
  // continuity's own CPU (its stages) as a share of the bare gateway's, round by round: the process's CPU over the stages
  // (with the gateway's other threads' work meanwhile), and the main thread's (continuity's code runs there).
  const plugTurns = (x: RoundResult) => x.turnMs.plugin.length;
  const share = (f: (x: RoundResult) => number) => {
    const perTurn = r.rounds.map((x) => f(x) / plugTurns(x));
    const of = r.rounds.map((x) => f(x) / plugTurns(x) / cpu(x, 'bare'));
    return { ms: median(perTurn), median: median(of), min: Math.min(...of), max: Math.max(...of) };
  };
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const proc = share((x) => x.stagesCpuMs);
  console.log(`  continuity's stages, process CPU: ${proc.ms.toFixed(1)} ms a turn (median of the rounds), ${pct(proc.median)} of the bare gateway's CPU a turn (${pct(proc.min)} to ${pct(proc.max)})`);
  const hasThread = r.rounds.every((x) => x.stagesThreadCpuMs !== null);
  const thread = hasThread ? share((x) => x.stagesThreadCpuMs!) : null;
  if (thread) console.log(`  continuity's stages, main thread:  ${thread.ms.toFixed(1)} ms a turn (median of the rounds), ${pct(thread.median)} of the bare gateway's CPU a turn (${pct(thread.min)} to ${pct(thread.max)})`);
  if (r.stages) {
    const total = r.rounds.reduce((s, x) => s + plugTurns(x), 0);
    const per = (v: number | undefined) => (v === undefined ? '' : `${(v / total).toFixed(1)} ms`);
    const entries = Object.entries(r.stages.stages).sort((a, b) => b[1].cpuMs - a[1].cpuMs);
    const calls = Object.entries(r.stages.calls).filter(([, c]) => c > 0).map(([k, c]) => `${(c / total).toFixed(1)} ${k}`).join(', ');
    console.log(`    the largest stages, a turn (process CPU, main thread, wall; ${calls} calls a turn):`);
    for (const [name, s] of entries.filter(([, s]) => s.cpuMs / total >= 0.3).slice(0, 12)) console.log(`      ${name.padEnd(34)} ${per(s.cpuMs).padStart(9)} ${per(s.threadCpuMs).padStart(9)} ${per(s.wallMs).padStart(9)}`);
  }
  const failed = KINDS.map((k) => r.rounds.reduce((s, x) => s + x.failedTurns[k], 0));
  const firstFailure = r.rounds.flatMap((x) => KINDS.flatMap((k) => x.failed[k]))[0];
  if (failed.some((f) => f)) console.log(`  failed turns: ${failed[0]} bare, ${failed[1]} floor, ${failed[2]} continuity (first: ${firstFailure})`);
  console.log(`  gateway RSS after the warm-up / at the end: ${KINDS.map((k) => `${k} ${r.rssMiB[k].afterWarmUp.toFixed(0)} / ${r.rssMiB[k].atEnd.toFixed(0)} MiB`).join(', ')}`);
  const rows = r.ledgerRows;
  const sum = (f: (x: (typeof rows)[number]) => number) => rows.reduce((s, x) => s + f(x), 0);
  console.log(`  ledger against hook calls: ${sum((x) => x.toolCalls)} tool calls; PreToolUse missing ${sum((x) => x.preMissing.length)}, doubled ${sum((x) => x.preDoubled.length)}; PostToolUse missing ${sum((x) => x.postMissing.length)}, doubled ${sum((x) => x.postDoubled.length)}; ${sum((x) => x.finalizes)} finalize calls, ${sum((x) => x.stops)} Stop/SubagentStop events`);
  // What is shown: continuity's own CPU within 5% of the bare gateway's, and whether the gateways' figures show it too.
  // A failed turn is work a gateway did not do: a run with any says nothing of the cost.
  const failedTurns = failed.reduce((a, b) => a + b, 0);
  const noRun = failedTurns ? `not shown: ${failedTurns} turns failed, the run measures nothing` : null;
  const ownOf = (x: { median: number; max: number }) => noRun ?? (x.max <= 0.05 ? 'shown' : x.median <= 0.05 ? 'not shown (the median is within, not every round)' : 'not shown');
  const gatewayShown = noRun ?? (Math.max(...withBare) <= 1.05 ? 'shown' : median(withBare) <= 1.05 ? 'not shown (the median is within, not every round)' : 'not shown');
  console.log(`  1.05× by continuity's own CPU (its stages ≤ 5% of the bare gateway's CPU in every round): process CPU ${ownOf(proc)}${thread ? `; main thread ${ownOf(thread)}` : ''}`);
  console.log(`  1.05× by the gateways' CPU (continuity / bare ≤ 1.05 in every round): ${gatewayShown}; a plugin doing nothing spread ${Math.min(...floorBare).toFixed(2)} to ${Math.max(...floorBare).toFixed(2)}× over the same rounds, the noise such a ratio carries`);
}

// Alone: `node --import tsx bench/openclaw-load.ts` (after `node scripts/build.mjs`), progress on stderr.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) reportOpenClawLoad(await benchOpenClawLoad((l) => process.stderr.write(`${l}\n`)));
